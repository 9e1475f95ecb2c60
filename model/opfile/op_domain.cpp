// SPDX-License-Identifier: BSD-3-Clause
#include "model/opfile/op_domain.h"

#include <algorithm>
#include <cstring>

#include "model/check.h"

#include "model/opfile/domain_samples.h"

namespace redsem::opfile {

op_domain::op_domain(std::shared_ptr<const concrete_op> op, std::uint64_t seed) : op_(std::move(op)) {
  const auto fields = samples_of(op_->op());
  std::mt19937_64 rng(seed);
  std::vector<concrete_element> found = legal_small_elements(*op_, fields, grid_budget{}, rng).elements;
  // Members away from the small values too, so a fallback is not always a tiny one.
  for (int k = 0; k < 64; ++k)
    if (auto x = random_legal_element(*op_, fields, rng, 100, nullptr)) found.push_back(std::move(*x));
  for (const auto& x : found) {
    std::vector<std::byte> bytes(op_->size(), std::byte{0});
    op_->store(x, bytes.data());
    members_.push_back(std::move(bytes));
  }
}

bool op_domain::contains(const std::byte* element) const {
  return !constrained() || op_->legal(op_->load(element));
}

void op_domain::draw(const std::function<void(std::byte*)>& generate, std::uint64_t pick, std::byte* out,
                     domain_draws& stats, int max_draws) const {
  // When nearly every draw misses (a narrow domain), redrawing mostly costs time: a couple of
  // tries, then a known member, keeps a run's cost near that of an unconstrained one.
  if (stats.drawn >= 256 && stats.rejected * 16 > stats.drawn * 15) max_draws = std::min(max_draws, 2);
  for (int k = 0; k < max_draws; ++k) {
    generate(out);
    ++stats.drawn;
    if (contains(out)) return;
    ++stats.rejected;
  }
  ensure(!members_.empty(), "op_domain::draw on an empty domain");
  ++stats.fallbacks;
  const auto& m = members_[pick % members_.size()];
  std::memcpy(out, m.data(), m.size());
}

}  // namespace redsem::opfile
