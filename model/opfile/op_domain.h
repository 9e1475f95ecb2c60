/* SPDX-License-Identifier: BSD-3-Clause */
// An op file's domain: the elements its `require` lines admit. This is the one domain check
// that laws, orders, simulate and fuzz share: inputs come from inside it, and a counterexample
// or a result is only reported for inputs inside it.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <random>
#include <vector>

#include "model/opfile/concrete_op.h"

namespace redsem::opfile {

struct domain_draws {
  std::uint64_t drawn = 0;      // elements generated
  std::uint64_t rejected = 0;   // of them outside the domain, redrawn
  std::uint64_t fallbacks = 0;  // elements taken from the known members after every redraw missed
};

class op_domain {
 public:
  // Finds members of the domain (the legal small-value elements and random legal ones): the
  // fallback when random draws keep missing a narrow domain.
  explicit op_domain(std::shared_ptr<const concrete_op> op, std::uint64_t seed = 1);

  bool constrained() const { return !op_->op().requires_.empty(); }
  // No member found: the domain is empty (or too narrow for any search to reach).
  bool empty() const { return members_.empty(); }
  bool contains(const std::byte* element) const;

  // One element inside the domain at `out` (op->size() bytes): `generate` fills candidates,
  // up to `max_draws` of them (2 once stats show nearly every draw missing), then a known
  // member picked by `pick` is used.
  void draw(const std::function<void(std::byte*)>& generate, std::uint64_t pick, std::byte* out, domain_draws& stats,
            int max_draws = 64) const;

  const concrete_op& op() const { return *op_; }

 private:
  std::shared_ptr<const concrete_op> op_;
  std::vector<std::vector<std::byte>> members_;
};

}  // namespace redsem::opfile
