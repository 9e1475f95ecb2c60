/* SPDX-License-Identifier: BSD-3-Clause */
// Normalising terms modulo the commutativity of commutative functions, so that x∘y and y∘x
// become the same term before any solver runs.
//
// Why this is sound: each rewrite swaps the arguments of a function that is commutative by
// its SMT-LIB definition, so the rewritten term denotes the same value for every assignment.
// That covers bvadd, bvmul, bvand, bvor, bvxor, and, or, xor, = (and fp.eq), and — the case
// that matters — fp.add and fp.mul: SMT-LIB's FloatingPoint theory (following IEEE 754 §5.4.1)
// defines them as the rounding of the exact sum or product, and their special cases (NaN, the
// infinities, the sign of an exact zero under a rounding mode) are symmetric in the operands.
// Z3's own rewriter keeps fp.add(x, y) and fp.add(y, x) apart, and bit-blasting their
// equivalence takes minutes for doubles, hence this pass.
#pragma once

#include <z3++.h>

namespace redsem::smt {

// The term with every commutative application's arguments in a canonical order.
z3::expr normalise_commutative(const z3::expr& e);

}  // namespace redsem::smt
