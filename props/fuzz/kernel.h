/* SPDX-License-Identifier: BSD-3-Clause */
// A kernel under test, wherever it comes from: a function with the MPI_User_function ABI
// (loaded from a shared library, or linked in), our native kernels, or a real MPI library's
// MPI_Reduce_local behind a pipe. The fuzzer only calls `run`.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "model/typemap.h"
#include "model/user_op.h"

namespace redsem::fuzz {

struct kernel_under_test {
  std::string name;
  // inout[k] := in[k] ∘ inout[k] for k < count. Returns 0, or the error code the kernel
  // reported (an MPI error class, say); the fuzzer treats a nonzero code as a failure.
  std::function<int(std::byte* in, std::byte* inout, std::int64_t count)> run;
  // After a call that crashed on a memory access: the address it faulted at, when known
  // (isolated_kernel knows it).
  std::function<std::optional<std::uintptr_t>()> fault_address = {};
};

// How long a kernel call (or a library's load) may take before it counts as a hang: calls on
// a few thousand elements take microseconds, and an MPI helper's calls a little more.
constexpr double default_call_timeout = 10;
// The longest a --call-timeout may be: a day; beyond that a limit is no limit, and the
// milliseconds a wait counts stay in range.
constexpr double max_call_timeout = 86400;

// The statuses of a call that did not return as calls do (beside the kernel's own codes).
// A kernel killed by `signal` (see isolated_kernel); crash_status(0): its process ended
// without answering (exit, abort).
constexpr int crash_status(int signal) { return -1000 - signal; }
constexpr bool is_crash_status(int status) { return status <= -1000; }
// The call used its CPU time limit without returning (isolated_kernel).
constexpr int hang_status = -900;
// The kernel wrote *len, which MPI passes as the call's element count (user_function_kernel).
constexpr int changed_len_status = -901;

// Runs each call of `k` in a forked child, the leader of a process group of its own, so that a
// kernel that crashes or hangs becomes a failing case (crash_status(signal), or hang_status
// once the group has used `call_timeout` seconds of CPU time and was killed) instead of the end
// of the fuzzer; a call blocked past the wall backstop throws slow_call (child_wait.h). The buffers must lie in shared
// memory (guarded_buffer), so that the child's writes reach them.
kernel_under_test isolated_kernel(kernel_under_test k, double call_timeout);

// Calls fn(in, inout, &len, &type) as MPI would, in pieces of at most INT_MAX elements. A
// function that changes *len gets changed_len_status: MPI-4.1 §7.9.5 gives len as the element
// count of the call, and no MPI library reads it back.
kernel_under_test user_function_kernel(std::string name, user_function* fn, const datatype& type);

// A 3-operand kernel, out[k] := a[k] ∘ b[k] with a the left operand, in the fuzzer's 2-operand
// frame: a is inbuf, b is inoutbuf, and out a separate buffer at inoutbuf's alignment whose
// result is copied back. (Our native kernels' `out = a ∘ b` form plugs in here.)
using three_operand_function =
    std::function<int(const std::byte* a, const std::byte* b, std::byte* out, std::int64_t count)>;
kernel_under_test three_operand_kernel(std::string name, three_operand_function f, std::int64_t extent);

// A function loaded from "LIB.so:SYMBOL". The library stays loaded while the result lives.
// Its constructors run first in a child process given `load_timeout` seconds, so that a
// library whose constructor blocks or loops is an error, not a hang of the fuzzer.
struct loaded_function {
  std::string spec;
  user_function* function = nullptr;
  std::shared_ptr<void> library;  // the dlopen handle; dlclose when the last copy goes
};
struct load_error {
  std::string message;  // names the library or symbol and dlerror's reason
};
std::variant<loaded_function, load_error> load_user_function(std::string_view spec,
                                                             double load_timeout = default_call_timeout);

// The loaded function as a kernel on elements of `type`; it keeps the library loaded.
kernel_under_test loaded_function_kernel(const loaded_function& f, const datatype& type);

}  // namespace redsem::fuzz
