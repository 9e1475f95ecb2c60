/* SPDX-License-Identifier: BSD-3-Clause */
// User-defined ops with the MPI_User_function ABI (MPI-4.1 §7.9.5), and the op argument of a
// modelled call: a predefined op or a user-defined one.
#pragma once

#include <string>
#include <variant>

#include "model/op.h"

namespace redsem {

// void f(void *invec, void *inoutvec, int *len, MPI_Datatype *datatype): inoutvec[k] =
// invec[k] ∘ inoutvec[k]. The model passes a pointer to its `datatype` as the handle.
using user_function = void(void* invec, void* inoutvec, int* len, void* datatype);

struct user_op {
  std::string name;
  user_function* function = nullptr;
  bool commute = false;
};

// The op of a call. A user_op is referred to, not owned: it outlives the call.
using op_ref = std::variant<op_id, const user_op*>;

inline bool is_commutative(const op_ref& op) {
  if (const auto* id = std::get_if<op_id>(&op)) return is_commutative(*id);
  return std::get<const user_op*>(op)->commute;
}

std::string to_string(const op_ref& op);

}  // namespace redsem
