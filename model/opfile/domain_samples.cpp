// SPDX-License-Identifier: BSD-3-Clause
#include "model/opfile/domain_samples.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <limits>

#include "model/special_values.h"

namespace redsem::opfile {
namespace {

template <field_type F>
concrete_value make(field_cpp_t<F> v) {
  return concrete_value(std::in_place_index<static_cast<std::size_t>(F)>, v);
}

// The core special values of S (model/special_values.h) as field values.
template <field_type F>
std::vector<concrete_value> special_field_values() {
  using S = field_cpp_t<F>;
  std::vector<concrete_value> out;
  for (const scalar_bytes& b : core_special_values(scalar_kind_of<S>())) {
    S v{};
    std::memcpy(&v, b.data(), value_bytes(scalar_kind_of<S>()));
    out.push_back(make<F>(v));
  }
  return out;
}

// Per type, a few small values for the exhaustive grid and the core special values for the wide set.
template <field_type F>
field_samples samples_of_type() {
  using S = field_cpp_t<F>;
  using lim = std::numeric_limits<S>;
  field_samples s;
  const auto add = [](std::vector<concrete_value>& to, std::initializer_list<S> values) {
    for (S v : values) to.push_back(make<F>(v));
  };
  if constexpr (F == field_type::boolean) {
    add(s.small, {false, true});
    s.wide = s.small;
    return s;
  } else {
    if constexpr (std::is_floating_point_v<S>) add(s.small, {S(0), S(1), S(2), S(-0.0), lim::quiet_NaN(), lim::infinity()});
    else if constexpr (std::is_signed_v<S>) add(s.small, {S(0), S(1), S(2), S(-1)});
    else add(s.small, {S(0), S(1), S(2), S(3)});
    s.wide = special_field_values<F>();
    return s;
  }
}

// The op's own constants of type t (and, for integers, their neighbours) join the wide set:
// a `require value == 17` or a boundary at max_of(T) is then reachable.
void add_constants(const typed_op& op, field_type t, std::vector<concrete_value>& wide) {
  for (const auto& n : op.nodes) {
    if (n.op != code::constant || n.type != t) continue;
    visit(t, [&](auto tag) {
      constexpr field_type F = decltype(tag)::value;
      using S = field_cpp_t<F>;
      const S c = std::get<static_cast<std::size_t>(F)>(n.value);
      wide.push_back(make<F>(c));
      if constexpr (std::is_integral_v<S> && !std::is_same_v<S, bool>) {
        if (c != std::numeric_limits<S>::max()) wide.push_back(make<F>(static_cast<S>(c + 1)));
        if (c != std::numeric_limits<S>::lowest()) wide.push_back(make<F>(static_cast<S>(c - 1)));
      }
    });
  }
}

// Fewer small values per field (never below 2) until the grid is near max_kept elements.
std::vector<std::size_t> grid_sizes(const std::vector<field_samples>& fields, std::size_t max_kept) {
  std::vector<std::size_t> sizes;
  for (const auto& f : fields) sizes.push_back(f.small.size());
  while (true) {
    std::uint64_t product = 1;
    for (auto s : sizes) product = product > max_kept ? product : product * s;
    if (product <= max_kept) break;
    auto largest = std::max_element(sizes.begin(), sizes.end());
    if (*largest <= 2) break;
    --*largest;
  }
  return sizes;
}

std::uint64_t saturating_product(const std::vector<std::size_t>& sizes) {
  std::uint64_t p = 1;
  for (auto s : sizes) p = p > std::numeric_limits<std::uint64_t>::max() / s ? std::numeric_limits<std::uint64_t>::max() : p * s;
  return p;
}

std::string count_text(std::uint64_t n) {
  if (n == std::numeric_limits<std::uint64_t>::max()) return "more than 2^64";
  if (n >= (1u << 20) && std::has_single_bit(n)) return "2^" + std::to_string(std::countr_zero(n));
  return std::to_string(n);
}

}  // namespace

field_samples samples_for(field_type t) {
  return visit(t, [](auto tag) { return samples_of_type<decltype(tag)::value>(); });
}

namespace {

// A field type's lowest or highest value: integer limits, ±infinity, false/true.
concrete_value extreme_value(field_type t, bool highest) {
  return visit(t, [&](auto tag) -> concrete_value {
    constexpr field_type F = decltype(tag)::value;
    using S = field_cpp_t<F>;
    using lim = std::numeric_limits<S>;
    if constexpr (F == field_type::boolean) return make<F>(highest);
    else if constexpr (std::is_floating_point_v<S>) return make<F>(highest ? lim::infinity() : -lim::infinity());
    else return make<F>(highest ? lim::max() : lim::lowest());
  });
}

}  // namespace

std::vector<concrete_element> extreme_corners(const binary_op& op, std::size_t max_fields) {
  const auto& types = op.field_types();
  std::vector<concrete_element> out;
  if (types.size() > max_fields) return out;
  for (std::uint64_t corner = 0; corner < (std::uint64_t{1} << types.size()); ++corner) {
    concrete_element x;
    for (std::size_t f = 0; f < types.size(); ++f) x.push_back(extreme_value(types[f], (corner >> f) & 1));
    if (op.legal(x)) out.push_back(std::move(x));
  }
  return out;
}

std::vector<field_samples> samples_of(const typed_op& op) {
  std::vector<field_samples> out;
  for (const auto& f : op.fields) {
    field_samples s = samples_for(f.type);
    add_constants(op, f.type, s.wide);
    out.push_back(std::move(s));
  }
  return out;
}

concrete_value random_value(field_type t, std::mt19937_64& rng) {
  return visit(t, [&](auto tag) -> concrete_value {
    constexpr field_type F = decltype(tag)::value;
    using S = field_cpp_t<F>;
    const std::uint64_t bits = rng();
    if constexpr (F == field_type::boolean) {
      return make<F>((bits & 1) != 0);
    } else if constexpr (F == field_type::f80) {
      return make<F>(static_cast<long double>(std::bit_cast<double>(bits)));
    } else {
      if constexpr (std::is_integral_v<S>) {
        if (bits & 1) return make<F>(static_cast<S>(static_cast<std::int64_t>((bits >> 1) % 17) - 8));
      }
      S v;
      std::memcpy(&v, &bits, sizeof v);
      return make<F>(v);
    }
  });
}

std::string grid_coverage::describe() const {
  if (complete())
    return "exhaustive over all " + std::to_string(legal) + " small-value elements in the domain (of " +
           count_text(grid) + ")";
  return "sampled: " + std::to_string(kept) + " of " + std::to_string(legal) + " legal elements among " +
         count_text(enumerated) + " of " + count_text(grid) + " small-value elements";
}

small_elements legal_small_elements(const binary_op& op, const std::vector<field_samples>& fields,
                                    const grid_budget& budget, std::mt19937_64& rng) {
  const std::vector<std::size_t> sizes = grid_sizes(fields, budget.max_kept);
  small_elements out;
  out.coverage.grid = saturating_product(sizes);
  const bool all = out.coverage.grid <= budget.max_enumerated;
  out.coverage.enumerated = all ? out.coverage.grid : budget.max_enumerated;
  std::vector<concrete_element> legal;
  for (std::uint64_t n = 0; n < out.coverage.enumerated; ++n) {
    // Grid element n in mixed radix (last field fastest), or a random one.
    std::uint64_t rest = n;
    concrete_element x(sizes.size());
    for (std::size_t f = sizes.size(); f-- > 0;) {
      const std::uint64_t pick = all ? rest % sizes[f] : rng() % sizes[f];
      rest /= sizes[f];
      x[f] = fields[f].small[pick];
    }
    if (op.legal(x)) legal.push_back(std::move(x));
  }
  out.coverage.legal = legal.size();
  if (legal.size() <= budget.max_kept) {
    out.elements = std::move(legal);
  } else {
    for (std::size_t k = 0; k < budget.max_kept; ++k) out.elements.push_back(legal[k * legal.size() / budget.max_kept]);
  }
  out.coverage.kept = out.elements.size();
  return out;
}

std::optional<concrete_element> random_legal_element(const binary_op& op, const std::vector<field_samples>& fields,
                                                     std::mt19937_64& rng, int attempts, std::uint64_t* rejected) {
  for (int attempt = 0; attempt < attempts; ++attempt) {
    concrete_element x;
    for (std::size_t f = 0; f < fields.size(); ++f) {
      const auto& wide = fields[f].wide;
      x.push_back(rng() % 2 ? wide[rng() % wide.size()] : random_value(op.field_types()[f], rng));
    }
    if (op.legal(x)) return x;
    if (rejected) ++*rejected;
  }
  return std::nullopt;
}

}  // namespace redsem::opfile
