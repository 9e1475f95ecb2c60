// SPDX-License-Identifier: BSD-3-Clause
// `redsem fuzz`: differential fuzzing against the model, of a kernel with the
// MPI_User_function ABI (--kernel, fuzz_kernel.cpp) or of a real MPI library's
// MPI_Reduce_local (--mpi, fuzz_mpi.cpp). Here: its options and which of the two they ask for.
// Exit 0 when every case passes, 1 with a shrunk counterexample, 2 on bad input.
#include <memory>

#include "tools/cli/command.h"
#include "tools/cli/common_options.h"
#include "tools/cli/number_options.h"
#include "tools/cli/policy_option.h"
#include "tools/commands/fuzz.h"
#include "tools/mpi/fuzz_kernel_mpi.h"

namespace redsem::tools {
namespace {

int run(fuzz_request& o, std::ostream& out, std::ostream& err) {
  std::string why;
  const auto parsed = policy_from_option(o.policy_text, &why);
  if (!parsed) {
    err << "redsem fuzz: " << why << "\n";
    return bad_input;
  }
  const policy semantics = *parsed;
  if (o.surface && (o.mpi.empty() || !o.kernel.empty())) {
    err << "redsem fuzz: --surface needs --mpi openmpi|mpich (it runs a library's MPI_Reduce_local)\n";
    return bad_input;
  }
  if (!o.layouts.empty() && (o.mpi.empty() || !o.kernel.empty() || o.surface)) {
    err << "redsem fuzz: --layouts is for --mpi alone (a library's MPI_Reduce_local on derived datatypes); with "
           "--kernel give the datatype with --datatype, --surface has its own cases\n";
    return bad_input;
  }
  if (o.kernel.empty() && !(o.datatype.empty() && o.setup.empty() && o.through.empty())) {
    err << "redsem fuzz: --datatype, --setup and --through need --kernel LIB.so:SYMBOL (the function that gets the "
           "handle)\n";
    return bad_input;
  }
  if (o.kernel.empty() && o.mpi.empty()) {
    err << "redsem fuzz: give --kernel LIB.so:SYMBOL (with --mpi openmpi|mpich: called with that MPI's handles), "
           "or --mpi openmpi|mpich alone (the library's own MPI_Reduce_local)\n";
    return bad_input;
  }
  return o.kernel.empty() ? run_fuzz_mpi(o, semantics, out, err) : run_fuzz_kernel(o, semantics, out, err);
}

}  // namespace

command add_fuzz_command(CLI::App& app) {
  auto opts = std::make_shared<fuzz_request>();
  CLI::App* cmd = app.add_subcommand("fuzz", "Differential fuzzing of a reduction kernel against the model");
  cmd->add_option("--kernel", opts->kernel, "A function with the MPI_User_function ABI: LIB.so:SYMBOL")
      ->type_name("LIB:SYMBOL");
  cmd->add_option(
         "--mpi", opts->mpi,
         "Fuzz a real MPI library's MPI_Reduce_local over every (op, type); with --kernel: call the "
         "function in a process of that MPI, after MPI_Init, with its real datatype handle; openmpi, mpich, or "
         "the path of an MPI's C compiler wrapper or prefix (its helpers built on first use)")
      ->type_name("NAME|PATH");
  cmd->add_option("--datatype", opts->datatype,
                  "With --kernel and --mpi: the datatype handle the function gets, a predefined name or a committed "
                  "type built as described: contiguous(n,T), vector(c,b,s,T), hvector(c,b,bytes,T), "
                  "indexed(b:b,d:d,T), struct(b:b,bytes:bytes,T:T), resized(T,lb,extent) (default: --type's)")
      ->type_name("DESCRIPTION");
  cmd->add_option("--setup", opts->setup, setup_option_help)->type_name("LIB:FUNCTION[=GLOBAL]");
  cmd->add_option("--through", opts->through,
                  "With --kernel and --mpi: call the function directly as fn(in, inout, &len, &type) (default), or "
                  "through MPI_Op_create and the library's own MPI_Reduce_local")
      ->type_name("direct|reduce_local");
  cmd->add_flag("--surface", opts->surface,
                "With --mpi: MPI_Reduce_local's argument surface (aliasing, MPI_IN_PLACE, counts, handles), one "
                "process per call");
  cmd->add_option("--layouts", opts->layouts,
                  "With --mpi alone: also run every legal pair on these derived datatypes of its type: all (default), "
                  "none, or names from vector,hvector,indexed,padded,negative_lb,nested (default 50 cases each, "
                  "lengths up to 200)")
      ->type_name("all|none|LIST");
  cmd->add_option("--mpi-helper", opts->mpi_helper,
                  "The helper program for --mpi (default: the one of redsem's add-on for that MPI)")
      ->type_name("PATH");
  cmd->add_option("--op-file", opts->op_file, "The op file the kernel implements (--type picks its instance)")
      ->type_name("FILE");
  add_op_option(cmd, opts->op, "The predefined op the kernel implements (with --mpi alone: only this op)");
  add_type_option(cmd, opts->type,
                  "The predefined datatype it works on, or the op file's type choice (with --mpi alone: only this "
                  "type)");
  // At least one case of at least one element: a run that compares nothing must not pass.
  add_whole_option(cmd, "--cases", opts->cases, {1, 1'000'000'000},
                   "Generated cases (default 1000; with --mpi alone: 200 per pair)");
  add_whole_option(cmd, "--seed", opts->seed, {}, "Seed of the first case; case i uses seed + i (default 1)");
  add_whole_option(cmd, "--max-len", opts->max_length, {1, 1 << 20},
                   "Longest buffer, in elements (default 3000; with --mpi alone: 1100)");
  add_policy_option(cmd, opts->policy_text);
  add_seconds_option(cmd, "--call-timeout", opts->call_timeout, fuzz::max_call_timeout,
                     "Seconds of CPU time a kernel call (or the library's load, or an MPI helper's answer) may use "
                     "before it is a hang (default 10; a blocked call gets 10 times as much wall time, then is no "
                     "verdict, exit 3)");
  cmd->add_flag("--aligned", opts->aligned, "Keep both buffers 64-byte aligned (for kernels that require it)");
  cmd->add_flag("--in-process", opts->in_process,
                "Call the kernel in this process (faster; a crash, a hang or an exit then ends the run with a "
                "FAIL but no shrunk case)");
  cmd->add_flag("--noncanonical-bools", opts->noncanonical_bools,
                "Also generate MPI_C_BOOL/MPI_CXX_BOOL bytes other than 0 and 1 (not valid _Bool values)");
  add_json_flag(cmd, opts->json);
  cmd->get_option("--json-file")->each([opts](const std::string& file) { opts->json_file = file; });
  return {cmd, [opts](std::ostream& out, std::ostream& err) { return run(*opts, out, err); }};
}

}  // namespace redsem::tools
