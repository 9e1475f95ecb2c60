/* SPDX-License-Identifier: BSD-3-Clause */
// An op file as a real MPI_User_function (model/user_op.h): a C function pointer that
// libraries, the simulator and the fuzzer can call like any user's callback. A C function
// pointer carries no state, so a fixed pool of trampolines is bound to ops while a binding
// lives.
#pragma once

#include <memory>

#include "model/opfile/concrete_op.h"
#include "model/user_op.h"

namespace redsem::opfile {

inline constexpr int user_function_slots = 32;

class user_function_binding {
 public:
  // Takes a free trampoline; throws std::runtime_error when all user_function_slots are bound.
  explicit user_function_binding(std::shared_ptr<const concrete_op> op);
  ~user_function_binding();
  user_function_binding(const user_function_binding&) = delete;
  user_function_binding& operator=(const user_function_binding&) = delete;

  // {name, trampoline, declared commute}; valid while this binding lives. The function
  // computes inoutvec[k] = invec[k] ∘ inoutvec[k] for k < *len on elements of the op's
  // C struct layout (concrete_op::type()); the datatype handle is not consulted.
  const user_op& op() const { return user_op_; }

 private:
  int slot_;
  user_op user_op_;
};

}  // namespace redsem::opfile
