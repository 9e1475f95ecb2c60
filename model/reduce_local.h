/* SPDX-License-Identifier: BSD-3-Clause */
// The reference semantics of MPI_Reduce_local (MPI-4.1 §7.9.7) and of the proposed
// MPI_Reduce_locals (mpi-issues #530). Every erroneous call is reported with its rule and
// writes nothing.
#pragma once

#include <string_view>
#include <vector>

#include "model/buffer.h"
#include "model/outcome.h"
#include "model/policy.h"
#include "model/user_op.h"

namespace redsem {

// inoutbuf[k] := inbuf[k] ∘ inoutbuf[k]; inbuf is the left operand.
outcome reduce_local(address_space& space, const buffer_arg& inbuf, const buffer_arg& inoutbuf, const op_ref& op,
                     const policy& p);

// inoutbuf[k] := L[k] ∘ R[k], with L = inbuf (or inoutbuf if IN_PLACE) and R = argbuf (or
// inoutbuf if IN_PLACE); both operands are the values on entry.
outcome reduce_locals(address_space& space, const buffer_arg& inbuf, const buffer_arg& argbuf,
                      const buffer_arg& inoutbuf, const op_ref& op, const policy& p);

// The checks both calls share, on the operands as resolved: the op on `inout`'s datatype;
// counts; signatures; bounds; aliasing. `inputs` are the named operand buffers that are not
// MPI_IN_PLACE ("inbuf", "argbuf").
struct named_buffer {
  std::string_view name;
  const buffer* buf;
};
outcome check_reduction_call(const address_space& space, const std::vector<named_buffer>& inputs,
                             const buffer& inout, const op_ref& op, const policy& p);

}  // namespace redsem
