/* SPDX-License-Identifier: BSD-3-Clause */
// A trivially copyable value as its bytes, for the parts split searches exchange between
// processes of one build (same layout on both ends, so no encoding is needed).
#pragma once

#include <cstring>
#include <string>
#include <type_traits>

#include "model/check.h"

namespace redsem::sim::detail {

template <class T>
void put_raw(std::string& out, const T& v) {
  static_assert(std::is_trivially_copyable_v<T>);
  out.append(reinterpret_cast<const char*>(&v), sizeof v);
}

// The T at `at`, which then moves past it; a part too short for it is an internal error.
template <class T>
T get_raw(const std::string& in, std::size_t& at) {
  static_assert(std::is_trivially_copyable_v<T>);
  ensure(sizeof(T) <= in.size() - at, "a split search's part is truncated");
  T v;
  std::memcpy(static_cast<void*>(&v), in.data() + at, sizeof(T));
  at += sizeof(T);
  return v;
}

}  // namespace redsem::sim::detail
