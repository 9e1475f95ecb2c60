// SPDX-License-Identifier: BSD-3-Clause
#include "sim/order_results.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string_view>

#include "sim/detail/order_dp.h"
#include "sim/order_merge.h"

namespace redsem::sim {

double legal_tree_count(int procs, bool commutative) {
  if (procs <= 1) return 1;
  double count = 1;
  if (commutative) {
    for (int k = 3; k <= 2 * procs - 3; k += 2) count *= k;
    return count;
  }
  // Catalan(n) = C(2n, n) / (n + 1) with n = P − 1, built up as C(n+1) = C(n)·2(2n+1)/(n+2).
  for (int n = 0; n < procs - 1; ++n) count = count * 2 * (2 * n + 1) / (n + 2);
  return count;
}

std::string format_count(double count) {
  char buf[32];
  std::snprintf(buf, sizeof buf, count >= 1e12 ? "%.3g" : "%.0f", count);
  return buf;
}

count_unit count_unit_of(const std::vector<distinct_result>& results, int procs, bool commutative) {
  const double trees = legal_tree_count(procs, commutative);
  const bool whole = std::all_of(results.begin(), results.end(), [](const auto& r) { return r.trees.whole_trees(); });
  if (whole) return {false, trees};
  return {true, std::ldexp(trees, procs - 1)};
}

namespace {
struct byte_ops {
  const element_op* op;
  std::vector<bool> mask;
  element combine(const element& a, const element& b) const {
    element out(a.size(), std::byte{0});
    op->combine(a.data(), b.data(), out.data());
    clear_padding(out, mask);
    return out;
  }
  std::uint64_t hash(const element& v) const {
    return std::hash<std::string_view>{}(std::string_view(reinterpret_cast<const char*>(v.data()), v.size()));
  }
  bool same(const element& a, const element& b) const { return a == b; }
};
}  // namespace

namespace {
order_results local_order_results(const element_op& op, const std::vector<element>& inputs,
                                  const std::optional<predefined_pair>& typed, const order_limits& limits) {
  if (typed) {
    if (auto fast = detail::typed_order_results(*typed, inputs, op.commutative, limits)) return *fast;
  }
  const std::vector<bool> mask = value_byte_mask(op.type);
  std::vector<element> canonical = inputs;
  for (auto& e : canonical) clear_padding(e, mask);
  detail::order_dp<element, byte_ops> dp(byte_ops{&op, mask}, detail::limits_of(limits));
  if (op.commutative) dp.run_subsets(canonical);
  else dp.run_intervals(canonical);
  order_results out = detail::results_without_values(dp);
  for (std::size_t i = 0; i < dp.results().size(); ++i) out.results.push_back({dp.results()[i].value, dp.witness(i), dp.trees(i)});
  return out;
}
}  // namespace

order_results all_order_results(const element_op& op, const std::vector<element>& inputs,
                                const std::optional<predefined_pair>& typed, const order_limits& limits) {
  ensure(!inputs.empty(), "a reduction needs at least one rank");
  const int procs = static_cast<int>(inputs.size());
  if (op.commutative && procs > limits.max_commutative_procs) {
    order_results out;
    out.complete = false;
    out.incomplete_reason = "a commutative op over " + std::to_string(procs) + " ranks has 2^" +
                            std::to_string(procs) + " blocks: beyond the limit of " +
                            std::to_string(limits.max_commutative_procs) + " ranks";
    return out;
  }
  const search_share& share = limits.share;
  ensure(share.count >= 1 && share.index >= 0 && share.index < share.count && (share.count == 1 || share.allgather),
         "a search share needs 0 <= index < count and an allgather");
  order_results out = local_order_results(op, inputs, typed, limits);
  if (share.count == 1) return out;
  if (procs == 1 && share.index != 0) out.results.clear();  // no splits: the lone leaf is share 0's
  std::vector<order_results> parts;
  for (const auto& bytes : share.allgather(serialize(out))) parts.push_back(deserialize_order_results(bytes));
  return merge_order_parts(parts);
}

}  // namespace redsem::sim
