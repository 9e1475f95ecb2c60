// SPDX-License-Identifier: BSD-3-Clause
// The typed search: a predefined op on one integer or float scalar, combined through the
// model's own templates (ops::apply) on C++ values, keyed by their bits.
#include <cstring>
#include <type_traits>

#include "model/concrete_domain.h"
#include "model/element_io.h"
#include "model/op_definitions.h"
#include "sim/detail/order_dp.h"
#include "sim/order_results.h"

namespace redsem::sim::detail {
namespace {

template <basic_type B>
struct typed_ops {
  using E = element_t<B>;
  op_id op;
  policy semantics;
  concrete_domain domain;

  E combine(E a, E b) const { return ops::apply<B>(op, domain, semantics, a, b); }
  static std::uint64_t bits(E v) {
    std::uint64_t b = 0;
    std::memcpy(&b, &v, sizeof(E));
    return b;
  }
  std::uint64_t hash(E v) const { return mix_bits(bits(v)); }
  bool same(E a, E b) const { return bits(a) == bits(b); }
};

template <basic_type B>
constexpr bool typed_path_fits() {
  using E = element_t<B>;
  return (std::is_integral_v<E> || std::is_same_v<E, float> || std::is_same_v<E, double>) && sizeof(E) <= 8;
}

template <basic_type B>
order_results run_typed(const predefined_pair& pair, const std::vector<element>& inputs, bool commutative,
                        const order_limits& limits) {
  using E = element_t<B>;
  std::vector<E> values;
  for (const element& e : inputs) values.push_back(load_element<E>(e.data()));
  order_dp<E, typed_ops<B>> dp(typed_ops<B>{pair.op, pair.semantics, concrete_domain(pair.semantics)},
                               limits_of(limits));
  if (commutative) dp.run_subsets(values);
  else dp.run_intervals(values);
  order_results out = results_without_values(dp);
  out.used_typed_path = true;
  const std::size_t extent = info(B).size;
  for (std::size_t i = 0; i < dp.results().size(); ++i) {
    element bytes(extent, std::byte{0});
    store_element(bytes.data(), dp.results()[i].value);
    out.results.push_back({std::move(bytes), dp.witness(i), dp.trees(i)});
  }
  return out;
}

}  // namespace

std::optional<order_results> typed_order_results(const predefined_pair& pair, const std::vector<element>& inputs,
                                                 bool commutative, const order_limits& limits) {
  if (!op_allows(pair.op, pair.type) || usage_of(pair.op) != op_usage::reduction) return std::nullopt;
  return visit(pair.type, [&](auto tag) -> std::optional<order_results> {
    constexpr basic_type B = decltype(tag)::value;
    if constexpr (typed_path_fits<B>()) {
      return run_typed<B>(pair, inputs, commutative, limits);
    } else {
      return std::nullopt;
    }
  });
}

}  // namespace redsem::sim::detail
