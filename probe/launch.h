/* SPDX-License-Identifier: BSD-3-Clause */
// Runs the tracer under a real MPI's launcher and collects its trace. A case that kills the job
// is recorded as crashed and the tracer is started again after it.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "probe/trace.h"

namespace redsem::probe {

struct launch_options {
  std::string flavor;  // "openmpi" or "mpich": a built-in, or the family of `launcher`'s MPI
  int procs = 4;
  std::vector<int> counts;       // elements per call; empty: the tracer's defaults
  std::vector<call_form> forms;  // the call forms to run; empty: every one the library has
  std::string tracer;            // path; empty: the one this build made for `flavor`
  int stall_seconds = 15;        // a job printing nothing for this long is killed as hung
  std::string launcher;          // mpiexec of an MPI given by path (--mpi PATH); empty: the built-in's
  // Told, as the tracer's output arrives, what it has reported so far (library, size, call forms)
  // and how many cases it has finished, over every job (a long run shows progress).
  std::function<void(const probe_trace& so_far, std::size_t cases_done)> on_progress = {};
};

// The MPIs this build made a tracer for.
std::vector<std::string> available_flavors();

// Throws std::invalid_argument for an unknown or unbuilt flavor, std::runtime_error when the
// launcher cannot run at all.
probe_trace run_tracer(const launch_options& options);

}  // namespace redsem::probe
