// SPDX-License-Identifier: BSD-3-Clause
#include "props/fuzz/chunking.h"

#include "model/element_compare.h"

namespace redsem::fuzz {

std::optional<chunking_difference> chunking_difference_of(const differential& d, const fuzz_case& c) {
  fuzz_case whole = c;
  whole.chunks = {c.count};
  const auto a = d.run_kernel(whole).inout;
  const auto b = d.run_kernel(c).inout;
  const std::int64_t extent = d.extent();
  for (std::int64_t k = 0; k < c.count; ++k) {
    const std::byte* x = element_at(a, k, extent);
    const std::byte* y = element_at(b, k, extent);
    if (!same_element(d.oracle_used().type, x, y, d.semantics()))
      return chunking_difference{k, {x, x + extent}, {y, y + extent}};
  }
  return std::nullopt;
}

}  // namespace redsem::fuzz
