/* SPDX-License-Identifier: BSD-3-Clause */
// A user function (MPI_User_function ABI) run inside an MPI helper process (tools/
// mpi_user_op_helper.h), after MPI_Init, with real MPI handles: a user op that compares its
// datatype argument with MPI_INT, or with a handle its library made at start-up, is then
// called as an MPI library calls it. A crash or hang of the helper is the kernel's.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "model/typemap.h"
#include "props/fuzz/kernel.h"
#include "props/fuzz/mpi_library.h"

namespace redsem::fuzz {

// How the kernel is reached and which datatype handle it gets.
struct mpi_user_op_spec {
  std::string kernel;                 // LIB.so:SYMBOL, an MPI_User_function
  bool through_reduce_local = false;  // MPI_Op_create + the library's MPI_Reduce_local, not a direct call
  bool commute = true;                // MPI_Op_create's commute argument
  // The datatype handle, one of: a predefined type; a committed derived type with this typemap
  // and bounds; the handle `int FUNCTION(MPI_Datatype *type)` stores, from "LIB.so:FUNCTION".
  std::variant<basic_type, datatype, std::string> handle;
};

// The handle's size and extent as the MPI library reports them, and its constructor as the
// library gives it back (MPI_Type_get_envelope/get_contents) in the scenario syntax of
// sim/rma/scenario.h: "MPI_INT", "struct(1:1,0:8,MPI_INT:MPI_DOUBLE)"; empty when it has no
// form there.
struct mpi_handle_layout {
  std::int64_t size = 0, extent = 0;
  std::string type;
};

// Loads the function and makes the handle in the helper; what went wrong otherwise (the
// library or symbol is missing, the setup function failed, the helper did not start).
std::variant<mpi_handle_layout, std::string> prepare_user_op(mpi_helper& helper, const mpi_user_op_spec& spec);

// Makes the handle of `setup` ("LIB.so:FUNCTION" or "LIB.so:INIT=GLOBAL", as spec.handle holds
// it) and nothing else: its layout, or why not.
std::variant<mpi_handle_layout, std::string> describe_setup_handle(mpi_helper& helper, const std::string& setup);

// The bytes this close to a buffer travel to the helper and back with it. A stray write farther
// away but within a page comes back as that byte alone, so guarded_buffer's canaries see both:
// the kernel's buffers must be readable and writable a page on each side (guarded_buffer's are).
constexpr std::int64_t helper_margin = 64;

// The prepared function as a kernel on elements of `extent` bytes. A helper that dies is
// restarted and prepared again on the next call. Status: 0, changed_len_status, an MPI error
// class (through MPI_Reduce_local), crash_status(signal) or hang_status.
kernel_under_test mpi_user_op_kernel(mpi_helper& helper, mpi_user_op_spec spec, std::int64_t extent,
                                     const std::string& library);

}  // namespace redsem::fuzz
