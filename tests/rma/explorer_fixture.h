/* SPDX-License-Identifier: BSD-3-Clause */
// Building explorer programs in tests: a window of typed values and accesses with origin values.
#pragma once

#include <cstring>
#include <string>
#include <vector>

#include "sim/rma/explorer.h"

namespace redsem::sim::rma::testing {

template <class T>
std::vector<std::byte> window_of(const std::vector<T>& values) {
  std::vector<std::byte> w(values.size() * sizeof(T));
  if (!values.empty()) std::memcpy(w.data(), values.data(), w.size());
  return w;
}

template <class T>
redsem::rma::element_bytes bytes_of(T v) {
  redsem::rma::element_bytes b{};
  std::memcpy(b.data(), &v, sizeof(T));
  return b;
}

// An access by `origin` of `kind` with `op`, labelled by its origin and sequence, no elements yet.
inline access access_of(int origin, int sequence, access_kind kind, op_id op) {
  access a;
  a.origin = origin;
  a.sequence = sequence;
  a.kind = kind;
  a.op = op;
  a.label = "rank " + std::to_string(origin) + " #" + std::to_string(sequence);
  return a;
}

// An access by `origin` of `kind` with `op` on elements `index` (in units of T) with origin values.
template <class T>
access make_access(int origin, int sequence, access_kind kind, op_id op, basic_type type,
                   const std::vector<std::pair<std::int64_t, T>>& at) {
  access a = access_of(origin, sequence, kind, op);
  for (const auto& [index, value] : at)
    a.elements.push_back(
        redsem::rma::access_element{type, index * static_cast<std::int64_t>(sizeof(T)), bytes_of(value), {}});
  return a;
}

}  // namespace redsem::sim::rma::testing
