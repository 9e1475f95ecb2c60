/* SPDX-License-Identifier: BSD-3-Clause */
// The model's own calls as kernels under test, so the fuzzer's properties can compare the
// model's forms with each other (MPI_Reduce_local against MPI_Reduce_locals) on the same cases.
#pragma once

#include "model/policy.h"
#include "model/user_op.h"
#include "props/fuzz/kernel.h"

namespace redsem::fuzz {

// MPI_Reduce_local(in, inout): inout := in ∘ inout.
kernel_under_test reduce_local_kernel(const op_ref& op, const datatype& type, const policy& p);

// MPI_Reduce_locals(in, MPI_IN_PLACE, inout): inout := in ∘ inout, the same thing by another route.
kernel_under_test reduce_locals_in_place_kernel(const op_ref& op, const datatype& type, const policy& p);

// MPI_Reduce_locals(in, arg, inout) with arg a copy of inout: the 3-operand form.
kernel_under_test reduce_locals_three_buffer_kernel(const op_ref& op, const datatype& type, const policy& p);

}  // namespace redsem::fuzz
