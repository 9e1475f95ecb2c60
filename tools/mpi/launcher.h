/* SPDX-License-Identifier: BSD-3-Clause */
// The launcher of a `redsem check` command (mpirun, mpiexec, srun, …): which one it is, which
// MPI's programs it starts as one job, and how it carries the check's environment variables to
// ranks on other nodes, which do not inherit the launcher's own environment.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "check/analysis/records.h"

namespace redsem::tools {

enum class launcher_kind {
  none,      // the command starts the program itself (a singleton, or a wrapper before it)
  open_mpi,  // orterun, prterun and Open MPI's mpirun/mpiexec
  hydra,     // MPICH's mpiexec.hydra and the mpirun/mpiexec linked to it
  srun,      // Slurm
  unknown,   // some other command before the program (aprun, jsrun, a script)
};

struct launcher {
  launcher_kind kind = launcher_kind::none;
  std::size_t at = 0;    // the launcher's word in the command (after wrappers such as env or time)
  std::size_t end = 0;   // the program's word (the launcher's options are before it), else the command's size
  std::string word;      // as the command spells it
  std::string resolved;  // its file, symbolic links followed; empty for none
};

// Whether `word`'s file name is a launcher's (mpirun…, mpiexec…, orterun, srun, …): the
// program is not that word.
bool names_a_launcher(const std::string& word);

// The launcher of `command`: the first word before the program (past wrappers such as env,
// time or nice) that is not one of those wrappers, known by its file name, else by the name of
// the file a symbolic link leads to (Debian's mpirun is an alternatives link to
// mpirun.openmpi or mpirun.mpich), else, for a name such as mpirun or mpiexec that could be
// either MPI's, by running `WORD --version` once. `program_at` is the program's word (nullopt
// when no word links an MPI).
launcher recognise_launcher(const std::vector<std::string>& command, std::optional<std::size_t> program_at);

// Why `l` cannot start `program` (its word in the command), built with `mpi` ("openmpi",
// "mpich") as `evidence` says ("libmpich.so.12", "--mpi mpich"), as one job: a launcher of the
// other MPI starts every rank as a one-process job of its own. Empty when it can.
std::string launcher_mismatch(const launcher& l, const std::string& program, const std::string& mpi,
                              const std::string& evidence);

// For a launcher redsem does not know: a note naming the variables (`environment`,
// "NAME=value") it must forward to ranks on other nodes. Empty for the others.
std::string forwarding_note(const launcher& l, const std::vector<std::string>& environment);

// How many processes' `start` lines say MPI_COMM_WORLD had one rank, when more than one did:
// a launcher started each as a job of its own (a launcher of another MPI than the program's),
// so that every one was rank 0 of 1 (all in rank-0.jsonl, which the check library appends
// to). 0 otherwise.
std::size_t one_process_jobs(const check::run_records& records);

// `command` with the options that make its launcher forward each variable of `environment`
// ("NAME=value", also set in the launcher's own environment) to every rank, by name only: no
// value (the records token among them) is ever on a command line, which every user of the host
// can read. Open MPI `-x NAME`; hydra nothing unless the command restricts what it passes
// (hydra_forwarding.h); srun `--export=ALL,NAME,…` (merged into an --export the command
// already has, else into $SLURM_EXPORT_ENV). The command as it is for none and unknown.
std::vector<std::string> with_forwarding(const std::vector<std::string>& command, const launcher& l,
                                         const std::vector<std::string>& environment);

}  // namespace redsem::tools
