/* SPDX-License-Identifier: BSD-3-Clause */
// The records of one checked run (docs/check_records.md), read back from $REDSEM_CHECK_DIR:
// rank-<r>.jsonl per rank and wrong-mpi-<pid>.jsonl per process that ran another MPI.
// The directory is input, not truth: every line is validated against its kind
// (record_schema.h), files are read as streams, and what is kept is bounded
// (record_bounds), whatever the files' size.
#pragma once

#include <cstdint>
#include <filesystem>
#include <istream>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace redsem::check {

// What the reader keeps, at most: beyond, lines are counted and said, never believed.
struct record_bounds {
  std::size_t max_line_bytes = std::size_t{4} << 20;   // a line longer is skipped (a reduction line is < 2 MiB)
  std::size_t max_kept_bytes = std::size_t{64} << 20;  // the parsed lines kept over the run, estimated
  std::size_t max_findings_per_rank = 4096;            // finding lines kept per rank
  std::size_t max_damage_notes = 8;                    // damaged lines described per file
};

struct rank_records {
  int rank = -1;
  std::string file;
  std::optional<nlohmann::json> start, finalize;  // finalize missing: the rank ended before MPI_Finalize
  std::vector<nlohmann::json> lines;              // every valid line kept, start and finalize included
  bool truncated_last_line = false;               // a line cut short (the rank died while writing it)
  std::size_t unreadable_lines = 0;               // other lines that are not JSON objects
  std::size_t invalid_lines = 0;                  // JSON objects without their kind's fields (damaged)
  std::size_t oversized_lines = 0;                // lines beyond max_line_bytes, skipped unread
  std::size_t dropped_lines = 0;                  // valid lines not kept: a bound of record_bounds was hit
  std::size_t findings_seen = 0;                  // valid finding lines, kept or not
  std::vector<std::string> damage;                // "line 7: …", the first max_damage_notes
  std::string unreadable;                         // why the file could not be read at all; empty when it was
};

struct run_records {
  std::vector<rank_records> ranks;        // by rank
  std::vector<nlohmann::json> wrong_mpi;  // one per process that ran another MPI
  bool kept_bytes_bound_hit = false;      // record_bounds::max_kept_bytes stopped keeping lines
};

// What a reader has kept so far over a run (record_bounds::max_kept_bytes).
struct record_budget {
  record_bounds bounds;
  std::size_t kept_bytes = 0;
  bool bound_hit = false;
};

// Reads one rank's records from `in` line by line; a last line without its newline that does
// not parse is the line a crash cut short, and is dropped.
rank_records read_rank_records(int rank, std::istream& in, record_budget& budget);

// The same on a text (tests), with the default bounds.
rank_records parse_rank_records(int rank, const std::string& text);

// Every record file in `dir`.
run_records read_run_records(const std::filesystem::path& dir, const record_bounds& bounds = {});

}  // namespace redsem::check
