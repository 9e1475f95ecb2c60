// What the tracer printed: the cases it ran and, per rank, its result trees run-length encoded
// over consecutive elements (format in probe/tracer/tracer.c).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace redsem::probe {

enum class collective { reduce, allreduce, reduce_scatter, reduce_scatter_block, scan, exscan };
std::string_view to_string(collective c);
std::optional<collective> parse_collective(std::string_view name);

struct result_run {
  int rank = 0;
  int first = 0, count = 0;  // elements [first, first + count) of the rank's result
  bool indices_ok = true;    // each element came from the global element it should
  std::string tree;          // bracket form, or what the buffer held instead
};

struct case_trace {
  int id = 0;
  collective which = collective::reduce;
  bool commute = false, in_place = false;
  int count = 0, root = 0;
  bool padded = false;  // the datatype's extent exceeds its size
  std::vector<result_run> runs;
  bool completed = false;  // false: the job died inside this case
  std::string crash;       // the launcher's first error line, when it died
};

struct probe_trace {
  int size = 0;
  int element_bytes = 0;
  std::string library;
  std::vector<case_trace> cases;
};

// Adds the cases of one tracer run to `into`. Throws std::runtime_error on a malformed line.
void parse_trace(std::string_view text, probe_trace& into);

// The case the job died in: the last case started and not completed.
const case_trace* unfinished_case(const probe_trace& trace);

}  // namespace redsem::probe
