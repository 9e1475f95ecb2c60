/* SPDX-License-Identifier: BSD-3-Clause */
// One basic element of an accumulate-family operation at its target: the unit MPI makes atomic
// (MPI-4.1 §13.7.1). The combine is the model's ops::apply with f(target, origin) (§13.3.4:
// a is the target's value, b the origin's), so there is no second copy of any op.
#pragma once

#include <cstddef>

#include "model/datatype.h"
#include "model/op.h"
#include "model/policy.h"

namespace redsem::rma {

// target := f(target, origin) on one element of `type`, in place. A plain function pointer
// so that the explorer's inner loop pays one indirect call per step.
using element_update_fn = void (*)(op_id op, const policy& p, std::byte* target, const std::byte* origin);

// The update for elements of `type`; the caller has checked op_allows(op, type).
element_update_fn element_update(basic_type type);

// Whether two elements of `type` hold identical value bytes (padding excluded): the
// "identical" of compare-and-swap (§13.3.4.4), read bitwise (docs/semantics.md §9.19).
bool identical_element(basic_type type, const std::byte* x, const std::byte* y);

// Copies the value bytes of one element (padding untouched).
void copy_element(basic_type type, std::byte* dst, const std::byte* src);

// Whether f(f(t,a),b) == f(f(t,b),a) bitwise for every t, a, b of `type`: then two
// non-fetching accumulates with this op on one element commute and the explorer may keep one
// order. True only for integer-like groups with an op that is a commutative monoid on
// the wrapped representation; never for floats (rounding) or MPI_REPLACE.
bool updates_commute(op_id op, basic_type type);

}  // namespace redsem::rma
