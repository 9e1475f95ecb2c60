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
  std::size_t max_line_bytes = std::size_t{4} << 20;          // a line longer is skipped (a reduction line is < 2 MiB)
  std::size_t max_kept_bytes = std::size_t{64} << 20;         // the parsed lines kept over the run, as allocated, and
                                                              // the RMA analysis's copies of them (rma_analysis_takes):
                                                              // shared among the rank files (read_run_records)
  std::size_t max_findings_per_rank = 4096;                   // finding lines kept per rank
  std::size_t max_cut_findings_bytes = std::size_t{4} << 20;  // the parsed finding lines kept after the ranks'
                                                              // cuts over the run, estimated: shared as above
  std::size_t max_damage_notes = 8;                           // damaged lines described per file
};

// What one rank's record may keep, parsed and estimated: its part of the run's bounds
// (read_run_records).
struct record_share {
  std::size_t lines = 0;         // the lines up to the cut
  std::size_t cut_findings = 0;  // the finding lines after it
};

// Where the reader's memory bound cut a rank's record: it keeps the lines before `line` and, of
// those from `line` to the end of the file, its start and finalize lines and the finding lines
// within its share of max_cut_findings_bytes (a runtime finding is whole on its line: it needs no
// other line to be believed); the others are counted here.
struct record_cut {
  std::size_t line = 0;           // the first line not kept, from 1
  std::size_t lines = 0;          // the lines from there to the end of the file not kept
  std::size_t bytes = 0;          // their bytes, newlines included
  std::size_t findings = 0;       // finding lines among them (beyond the bounds on findings: not reported)
  std::size_t findings_kept = 0;  // finding lines after `line` kept, and reported
  std::size_t share = 0;          // the bytes of parsed lines this rank's record could keep
};

// "cut at line 12063 by the reader's memory bound: 20379 line(s), 6152340 byte(s) after it not
// analysed", then the findings after it kept and those not.
std::string record_cut_text(const record_cut& cut);

struct rank_records {
  int rank = -1;
  std::string file;
  std::optional<nlohmann::json> start, finalize;  // finalize missing: the rank ended before MPI_Finalize
  std::vector<nlohmann::json> lines;              // every valid line kept, start and finalize included
  bool truncated_last_line = false;               // a line cut short (the rank died while writing it)
  std::size_t unreadable_lines = 0;               // other lines that are not JSON objects
  std::size_t invalid_lines = 0;                  // JSON objects without their kind's fields (damaged)
  std::size_t oversized_lines = 0;                // lines beyond max_line_bytes, skipped unread
  std::optional<record_cut> cut;                  // the memory bound stopped keeping lines (record_bounds)
  std::size_t dropped_findings = 0;               // finding lines before the cut beyond max_findings_per_rank
  std::size_t findings_seen = 0;                  // valid finding lines, kept or not
  std::size_t kept_bytes = 0;                     // the lines kept up to the cut, parsed, estimated (record_bounds)
  std::size_t cut_finding_bytes = 0;              // the finding lines kept after the cut, the same way
  std::vector<std::string> damage;                // "line 7: …", the first max_damage_notes
  std::string unreadable;                         // why the file could not be read at all; empty when it was
};

struct run_records {
  std::vector<rank_records> ranks;        // by rank
  std::vector<nlohmann::json> wrong_mpi;  // one per process that ran another MPI
};

// Reads one rank's records from `in` line by line, keeping parsed lines of at most `share.lines` bytes
// (estimated): the first line that does not fit cuts the record there (rank_records::cut), so what
// is kept is the record's beginning, whole, its finalize line and the finding lines after the cut
// within `share.cut_findings`. A last line without its newline that does not parse is the line a
// crash cut short, and is dropped.
rank_records read_rank_records(int rank, std::istream& in, const record_bounds& bounds, const record_share& share);

// The same on a text (tests), with the default bounds.
rank_records parse_rank_records(int rank, const std::string& text);

// Every record file in `dir`, each rank's within its share of record_bounds::max_kept_bytes and
// max_cut_findings_bytes.
run_records read_run_records(const std::filesystem::path& dir, const record_bounds& bounds = {});

}  // namespace redsem::check
