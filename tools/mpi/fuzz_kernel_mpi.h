/* SPDX-License-Identifier: BSD-3-Clause */
// `--kernel LIB.so:SYMBOL --mpi openmpi|mpich` (redsem fuzz, opcheck, orders, simulate): the
// user's function run in the library's helper process with a real datatype handle
// (props/fuzz/mpi_user_op.h), chosen from the command line and checked against the element the
// command works on before any call.
#pragma once

#include <optional>
#include <ostream>
#include <string>

#include "model/typemap.h"
#include "props/fuzz/mpi_user_op.h"

namespace redsem::tools {

struct kernel_mpi_options {
  std::string kernel;          // LIB.so:SYMBOL
  std::string mpi;             // openmpi, mpich: names the library in messages
  std::string type;            // --type: with --op, the predefined handle by default
  bool predefined_op = false;  // --op (not --op-file)
  std::string datatype;        // --datatype: a type description (sim/rma/scenario.h's syntax)
  std::string setup;           // --setup LIB.so:FUNCTION
  std::string through;         // --through: direct (default) or reduce_local
  bool commute = true;         // the op's commute flag, for MPI_Op_create
  std::string command = "fuzz";  // names the command in messages
};

// The kernel on elements of `element` (named `element_name` in messages, "MPI_SUM on MPI_INT"),
// prepared in `helper`; nullopt after saying on `err` what is wrong (exit 2): among that, a
// --setup handle whose layout is not --type's, when both are given.
// --setup's help, the same for every command that takes it.
inline constexpr const char* setup_option_help =
    "With --kernel and --mpi, for a type the library makes itself: after MPI_Init call int FUNCTION(MPI_Datatype "
    "*type) from LIB.so and hand the function the handle it stores, or, as LIB.so:INIT=GLOBAL, call the "
    "library's own void INIT(void) and hand the function its MPI_Datatype GLOBAL";

std::optional<fuzz::kernel_under_test> kernel_in_mpi_helper(const kernel_mpi_options& o, const datatype& element,
                                                            const std::string& element_name, fuzz::mpi_helper& helper,
                                                            std::ostream& err);

// The datatype the handle --setup makes describes itself as (MPI_Type_get_envelope/get_contents,
// in the syntax of sim/rma/scenario.h), made in a helper of its own for a command whose --type
// may be left out; nullopt after saying on `err` why (exit 2).
std::optional<std::string> setup_handle_type(const kernel_mpi_options& o, const std::string& mpi_helper,
                                             double call_timeout, std::ostream& err);

// For the commands whose --type is the kernel's datatype, predefined or a description (opcheck,
// orders and simulate --kernel): the handle is --type's, committed as described, unless --setup
// makes one; --commute is MPI_Op_create's flag.
kernel_mpi_options typed_kernel_mpi(const std::string& command, const std::string& kernel, const std::string& type,
                                    bool commute, const std::string& mpi, const std::string& setup,
                                    const std::string& through);

// The handle the kernel gets, for reports: "MPI_INT", "struct(…)", "made by LIB.so:FUNCTION".
std::string handle_text(const kernel_mpi_options& o);

// The kernel in a helper of its own (found as mpi_helper_path finds it), which the kernel keeps
// alive; nullopt after saying on `err` what is wrong (exit 2).
std::optional<fuzz::kernel_under_test> kernel_in_own_mpi_helper(const kernel_mpi_options& o,
                                                                const std::string& mpi_helper, double call_timeout,
                                                                const datatype& element, std::ostream& err);

}  // namespace redsem::tools
