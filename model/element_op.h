/* SPDX-License-Identifier: BSD-3-Clause */
// A binary op on one element, however it is defined (a predefined op through the model, a
// user function through its MPI_User_function ABI, an op file), so that the simulator and the
// fuzzer combine values without knowing where the op comes from.
#pragma once

#include <cstddef>
#include <functional>
#include <string>

#include "model/policy.h"
#include "model/typemap.h"
#include "model/user_op.h"

namespace redsem {

struct element_op {
  std::string name;
  datatype type;     // one element of this datatype; its extent is the element's size
  bool commutative;  // as declared (MPI may reorder operands only when true)
  // out := a ∘ b (a is the left operand). out may be a or b.
  std::function<void(const std::byte* a, const std::byte* b, std::byte* out)> combine;
};

// A predefined op on a predefined type through the model; the pair must be legal (op_allows).
element_op predefined_element_op(op_id op, basic_type type, const policy& p);

// The same combine, out := a ∘ b, telling also whether it stayed defined: false when it
// overflowed under overflow_rule::erroneous (the laws' checks want to know).
using checked_combine = std::function<bool(const std::byte* a, const std::byte* b, std::byte* out)>;
checked_combine predefined_checked_combine(op_id op, basic_type type, const policy& p);

// A user function on one element of `type`, called as MPI would: f(&a, &copy_of_b, 1, type).
element_op user_element_op(const user_op& op, const datatype& type);

}  // namespace redsem
