/* SPDX-License-Identifier: BSD-3-Clause */
// What a value domain provides, so that each op is written once (op_definitions.h) and
// interpreted concretely (concrete_domain.h: the model) or symbolically (props/smt: Z3).
//
// A domain D has a type D::boolean and, for every scalar value type V it supports:
//   d.select(c, a, b)      c ? a : b (also on booleans)
//   d.add/sub/mul(a, b)    arithmetic; signed-integer overflow as the policy says
//   d.lt(a, b), d.eq(a, b) numeric order and equality (IEEE for floats: false with a NaN; −0 == +0)
//   d.is_nan(a), d.is_inf(a), d.sign_bit(a)   floats only
//   d.band/bor/bxor(a, b)  integers only
//   d.neg(a)               −a (integers wrap: 0 − a)
//   d.shl/shr/rotl/rotr(a, n)   integers only; n read as unsigned (SMT-LIB bvshl/bvlshr/bvashr/rotate)
//   D::value<S>, d.constant<S>(c)   the domain's value for scalar S (value<bool> is boolean), and constants;
//                                   op files (model/opfile/evaluate.h) and complex_prod.h need these
//   d.truthy(a)            a logical operand read as true or false, as the policy says
//   d.from_truth(p, like)  a logical result written in the type of `like`, as the policy says
//   d.and_(p, q), d.or_(p, q), d.xor_(p, q), d.not_(p)   on booleans
// and scalar_of<V>::type names the C++ scalar that V stands for.
#pragma once

#include <type_traits>

namespace redsem {

// The C++ scalar a domain value stands for. Concrete values stand for themselves; the
// symbolic domain specialises this for its terms.
template <class V>
struct scalar_of {
  using type = V;
};
template <class V> using scalar_of_t = typename scalar_of<V>::type;

template <class V>
inline constexpr bool is_float_value = std::is_floating_point_v<scalar_of_t<V>>;

}  // namespace redsem
