/* SPDX-License-Identifier: BSD-3-Clause */
// Structured element values, generic over the value domain's scalar type S: the same
// shapes hold C++ numbers (the model) and solver terms (props/smt).
#pragma once

#include <type_traits>

namespace redsem {

// A complex number laid out as C's `double _Complex`: real part first.
template <class S>
struct complex_val {
  S re;
  S im;
};

// A value–index pair laid out as the C struct MPI uses for MPI_DOUBLE_INT and friends:
// `struct { V value; I index; }`, so its padding is the C compiler's (MPI-4.1 §7.9.4).
template <class V, class I>
struct pair_val {
  V value;
  I index;
};

template <class T> struct is_complex : std::false_type {};
template <class S> struct is_complex<complex_val<S>> : std::true_type {};
template <class T> struct is_pair : std::false_type {};
template <class V, class I> struct is_pair<pair_val<V, I>> : std::true_type {};

}  // namespace redsem
