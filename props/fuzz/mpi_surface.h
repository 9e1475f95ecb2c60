/* SPDX-License-Identifier: BSD-3-Clause */
// The argument surface of a real MPI library's MPI_Reduce_local under MPI_ERRORS_RETURN (issue 20
// item 2, the single-call part): aliased and overlapping buffers, MPI_IN_PLACE, counts (one past
// INT_MAX through MPI_Reduce_local_c), null and freed handles, an uncommitted datatype, the
// accumulate-only ops. Each case runs in a fresh
// helper process (tools/mpi/mpi_surface_helper.c), so a crash or an abort ends that case only.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace redsem::fuzz {

struct surface_case {
  std::string_view name;      // the helper's case name
  std::string_view call;      // the call, in C
  bool erroneous;             // what MPI says of it (the model decides the buffer and op cases)
  std::string rule;           // the rule and its MPI-4.1 section, when erroneous
  std::string_view mpi_class; // the class whose description in MPI-4.1's error-class table fits
                              // (MPI requires none), or "" when none does
};

// Every case, with the model's verdict on the ones it models (model/reduce_local.h).
std::vector<surface_case> surface_cases();

enum class surface_verdict : std::uint8_t {
  accepted,            // legal call, MPI_SUCCESS
  refused,             // erroneous call, refused with an error class
  accepted_erroneous,  // erroneous call, MPI_SUCCESS
  refused_legal,       // legal call, refused
  crashed,             // the helper died of a signal
  hung,                // it used its CPU time limit without answering
  aborted,             // the helper exited without answering, despite MPI_ERRORS_RETURN
  wrote_outside,       // bytes outside inbuf and inoutbuf changed
  modified_inbuf,      // inbuf's bytes (outside inoutbuf) changed
  wrong_result,        // MPI_SUCCESS, but an element of inoutbuf is not in ∘ inout
  unsupported,         // the library lacks the call (MPI_Reduce_local_c before MPI-4)
};
std::string_view to_string(surface_verdict v);
bool is_finding(surface_verdict v);

struct surface_result {
  surface_case which;
  surface_verdict verdict;
  std::string error_class;  // refused: the class the library named
  std::string detail;       // the library's text, the signal, the exit status
};

// Runs every case through `helper` (a path), one process each (in a process group of its own),
// `seconds` of CPU time at most per case (then it is killed: `hung`); a case that uses less but
// outlasts the wall backstop throws slow_call (props/fuzz/child_wait.h).
std::vector<surface_result> run_surface(const std::string& helper, unsigned seconds = 30);

// Classifies one helper run: its stdout, and how it ended (exit status, or the signal; SIGXCPU:
// killed for its CPU time).
surface_result classify_surface(const surface_case& c, const std::string& out, int exit_status, int signal);

}  // namespace redsem::fuzz
