// SPDX-License-Identifier: BSD-3-Clause
#include "sim/float_spread.h"

#include <cmath>
#include <cstring>

#include "sim/exact_sum.h"

namespace redsem::sim {
namespace {

template <class T>
T load(const element& e) {
  T x;
  std::memcpy(&x, e.data(), sizeof x);
  return x;
}

template <class T>
float_spread spread(op_id op, const std::vector<element>& inputs, const order_results& results) {
  float_spread s;
  s.distinct = results.results.size();
  std::optional<T> lo, hi;
  for (const auto& r : results.results) {
    const T x = load<T>(r.value);
    if (std::isnan(x)) {
      s.has_nan = true;
      continue;
    }
    if (!lo || x < *lo) lo = x;
    if (!hi || x > *hi) hi = x;
  }
  if (lo) {
    s.smallest = static_cast<double>(*lo);
    s.largest = static_cast<double>(*hi);
    s.spread_ulps = ulp_distance(*lo, *hi).value_or(0);
  }
  if (op != op_id::sum) return s;
  std::vector<T> xs;
  for (const auto& e : inputs) xs.push_back(load<T>(e));
  const std::optional<T> exact = correctly_rounded_sum(xs);
  if (!exact) return s;
  s.exact_rounded = static_cast<double>(*exact);
  s.exact_element.resize(sizeof(T));
  std::memcpy(s.exact_element.data(), &*exact, sizeof(T));
  std::uint64_t worst = 0;
  for (const auto& r : results.results)
    if (auto d = ulp_distance(load<T>(r.value), *exact)) worst = std::max(worst, *d);
  s.max_ulps_from_exact = worst;
  return s;
}

}  // namespace

std::optional<float_spread> spread_of(basic_type type, op_id op, const std::vector<element>& inputs,
                                      const order_results& results) {
  const type_info& t = info(type);
  if (t.field_count != 1) return std::nullopt;
  if (t.fields[0].kind == scalar_kind::f32) return spread<float>(op, inputs, results);
  if (t.fields[0].kind == scalar_kind::f64) return spread<double>(op, inputs, results);
  return std::nullopt;
}

}  // namespace redsem::sim
