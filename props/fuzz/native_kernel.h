/* SPDX-License-Identifier: BSD-3-Clause */
// Our own native kernels (kernels/kernel.h) as a kernel under test, so the fuzzer checks them
// against the model exactly as it checks anyone else's.
#pragma once

#include <optional>

#include "model/op.h"
#include "model/policy.h"
#include "props/fuzz/kernel.h"

namespace redsem::fuzz {

// The 2-operand form (io = in ∘ io) or the 3-operand form into a separate output that is then
// copied back (out = in ∘ io), on the kernel kernels::find_kernel picks now (after any
// kernels::force_target). nullopt when the op does not allow the type.
enum class native_form { two_operand, three_operand };
std::optional<kernel_under_test> native_kernel(op_id op, basic_type type, const policy& p, native_form form);

}  // namespace redsem::fuzz
