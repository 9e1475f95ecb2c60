/* SPDX-License-Identifier: BSD-3-Clause */
// Helpers shared by the sim tests: typed inputs as element bytes, and reading results back.
#pragma once

#include <cstring>
#include <vector>

#include "sim/tree.h"

namespace redsem::sim::testing {

template <class T>
std::vector<element> elements_of(const std::vector<T>& xs) {
  std::vector<element> out;
  for (const T& x : xs) {
    element e(sizeof(T));
    std::memcpy(e.data(), &x, sizeof(T));
    out.push_back(e);
  }
  return out;
}

template <class T>
T value_of(const element& e) {
  T x;
  std::memcpy(&x, e.data(), sizeof(T));
  return x;
}

}  // namespace redsem::sim::testing
