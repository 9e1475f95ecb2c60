/* SPDX-License-Identifier: BSD-3-Clause */
// Reading and writing one typed element at a byte address. Only value bytes move: the
// padding of pair types and of x87 long double is neither read nor written.
#pragma once

#include <cstddef>
#include <cstring>

#include "model/datatype.h"

namespace redsem {

template <class S>
S load_scalar(const std::byte* p) {
  S v{};
  std::memcpy(&v, p, value_bytes(scalar_kind_of<S>()));
  return v;
}

template <class S>
void store_scalar(std::byte* p, const S& v) {
  std::memcpy(p, &v, value_bytes(scalar_kind_of<S>()));
}

template <class E>
E load_element(const std::byte* p) {
  if constexpr (is_complex<E>::value) {
    using S = decltype(E::re);
    return {load_scalar<S>(p), load_scalar<S>(p + sizeof(S))};
  } else if constexpr (is_pair<E>::value) {
    return {load_scalar<decltype(E::value)>(p + offsetof(E, value)),
            load_scalar<decltype(E::index)>(p + offsetof(E, index))};
  } else {
    return load_scalar<E>(p);
  }
}

template <class E>
void store_element(std::byte* p, const E& v) {
  if constexpr (is_complex<E>::value) {
    using S = decltype(E::re);
    store_scalar(p, v.re);
    store_scalar(p + sizeof(S), v.im);
  } else if constexpr (is_pair<E>::value) {
    store_scalar(p + offsetof(E, value), v.value);
    store_scalar(p + offsetof(E, index), v.index);
  } else {
    store_scalar(p, v);
  }
}

}  // namespace redsem
