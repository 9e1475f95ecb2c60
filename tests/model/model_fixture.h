/* SPDX-License-Identifier: BSD-3-Clause */
// Helpers for tests of modelled calls: typed buffers in an address space, read back as values.
#pragma once

#include <cstring>
#include <vector>

#include "model/buffer.h"
#include "model/user_op.h"

namespace redsem::testing {

// Writes `values` as consecutive T starting at byte `offset` of region r.
template <class T>
void put(address_space& space, region_id r, std::int64_t offset, const std::vector<T>& values) {
  std::memcpy(space.bytes(r).data() + offset, values.data(), values.size() * sizeof(T));
}

template <class T>
std::vector<T> get(const address_space& space, region_id r, std::int64_t offset, std::size_t n) {
  std::vector<T> out(n);
  std::memcpy(out.data(), space.bytes(r).data() + offset, n * sizeof(T));
  return out;
}

inline std::vector<std::byte> bytes_of(const address_space& space, region_id r) {
  const auto b = space.bytes(r);
  return {b.begin(), b.end()};
}

// A non-commutative op on MPI_INT whose result shows its operands in order: a ∘ b = 10a + b.
inline void digits(void* in, void* inout, int* len, void*) {
  auto* a = static_cast<const int*>(in);
  auto* b = static_cast<int*>(inout);
  for (int k = 0; k < *len; ++k) b[k] = 10 * a[k] + b[k];
}

inline const user_op digits_op{"digits", &digits, false};
inline const datatype int_t = datatype::predefined(basic_type::int_);

}  // namespace redsem::testing
