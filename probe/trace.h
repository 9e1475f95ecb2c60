/* SPDX-License-Identifier: BSD-3-Clause */
// What the tracer printed: the cases it ran and, per rank, its result trees run-length encoded
// over consecutive elements (format in probe/tracer/tracer.c).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace redsem::probe {

enum class collective { reduce, allreduce, reduce_scatter, reduce_scatter_block, scan, exscan };
std::string_view to_string(collective c);
std::optional<collective> parse_collective(std::string_view name);

// How the collective is called: MPI_Reduce; MPI_Ireduce then MPI_Wait (MPI-4.1 §7.12);
// MPI_Reduce_init, MPI_Start, MPI_Wait (MPI-4.1 §7.13). Libraries give the latter two other
// schedules than the first.
enum class call_form { blocking, nonblocking, persistent };
std::string_view to_string(call_form f);
std::optional<call_form> parse_call_form(std::string_view name);
// The MPI function a case called: "MPI_Ireduce_scatter_block", "MPI_Scan_init", …
std::string call_name(collective c, call_form f);

// Whether the tracer's library has a call form, and through which binding ("MPIX_*_init" for
// Open MPI's extension before MPI-4).
struct form_support {
  call_form form = call_form::blocking;
  bool supported = true;
  std::string binding;
};

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
  call_form form = call_form::blocking;
  std::vector<result_run> runs;
  bool completed = false;  // false: the job died inside this case
  std::string crash;       // the launcher's first error line, when it died
};

struct probe_trace {
  int size = 0;
  int element_bytes = 0;
  std::string library;
  std::vector<form_support> forms;  // as the tracer reported them; a form not supported has no cases
  std::vector<case_trace> cases;
};

// Adds the cases of one tracer run to `into`. Throws std::runtime_error on a malformed line.
void parse_trace(std::string_view text, probe_trace& into);

// The case the job died in: the last case started and not completed.
const case_trace* unfinished_case(const probe_trace& trace);

// The tree each rank holds for each element: the case's runs expanded, by rank.
std::map<int, std::vector<std::string>> trees_by_rank(const case_trace& c);

}  // namespace redsem::probe
