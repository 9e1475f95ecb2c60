// The records of one checked run (docs/check_records.md), read back from $REDSEM_CHECK_DIR:
// rank-<r>.jsonl per rank and wrong-mpi-<pid>.jsonl per process that ran another MPI.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace redsem::check {

struct rank_records {
  int rank = -1;
  std::string file;
  std::optional<nlohmann::json> start, finalize;  // finalize missing: the rank ended before MPI_Finalize
  std::vector<nlohmann::json> lines;              // every parsed line, start and finalize included
  bool truncated_last_line = false;               // a line cut short (the rank died while writing it)
  std::size_t unreadable_lines = 0;               // other lines that are not JSON objects
  std::string unreadable;                         // why the file could not be read at all; empty when it was
};

struct run_records {
  std::vector<rank_records> ranks;        // by rank
  std::vector<nlohmann::json> wrong_mpi;  // one per process that ran another MPI
};

// A rank's file larger than this is refused with a message (its rank reported unreadable).
constexpr std::size_t max_record_bytes = std::size_t{1} << 30;

// Parses one rank's file text; a last line without its newline that does not parse is the
// line a crash cut short, and is dropped.
rank_records parse_rank_records(int rank, const std::string& text);

// Every record file in `dir`.
run_records read_run_records(const std::filesystem::path& dir);

}  // namespace redsem::check
