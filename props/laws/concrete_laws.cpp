// SPDX-License-Identifier: BSD-3-Clause
#include "props/laws/concrete_laws.h"

#include <cstring>
#include <string>

#include "model/check.h"
#include "model/element_compare.h"
#include "model/element_io.h"
#include "model/element_op.h"
#include "model/special_values.h"

namespace redsem::laws {
namespace {

// Random bits, or (for floats, half the time) a small value with few significant bits, so
// that sums and products both round and stay exact.
void random_scalar(scalar_kind k, std::byte* p, std::mt19937_64& rng) {
  if (is_float_kind(k) && rng() % 2 == 0) {
    const long double v = static_cast<long double>(static_cast<std::int64_t>(rng() % 2001) - 1000) /
                          static_cast<long double>(1u << (rng() % 12));
    if (k == scalar_kind::f32) {
      const float f = static_cast<float>(v);
      std::memcpy(p, &f, 4);
    } else if (k == scalar_kind::f64) {
      const double d = static_cast<double>(v);
      std::memcpy(p, &d, 8);
    } else
      std::memcpy(p, &v, 10);
    return;
  }
  for (std::size_t i = 0; i < value_bytes(k); ++i) p[i] = static_cast<std::byte>(rng());
  if (k == scalar_kind::f80) {  // the x87 integer bit as a canonical number has it: set unless the exponent is 0
    const bool exponent_zero = p[8] == std::byte{0} && (p[9] & std::byte{0x7f}) == std::byte{0};
    p[7] = exponent_zero ? (p[7] & std::byte{0x7f}) : (p[7] | std::byte{0x80});
  }
}

std::string apply_text(std::string_view a, std::string_view b) { return std::string(a) + "∘" + std::string(b); }

}  // namespace

model_op predefined_model_op(op_id op, basic_type type, const policy& p) {
  return {std::string(to_string(op)), datatype::predefined(type), predefined_checked_combine(op, type, p), {}};
}

shown_value show(const datatype& type, const element_bytes& bytes) {
  return {bytes, format_element(type, bytes.data()), type};
}

std::size_t variable_count(law l) {
  switch (l) {
    case law::associativity:
      return 3;
    case law::commutativity:
    case law::closed:
      return 2;
    default:
      return 1;
  }
}

std::optional<counterexample> violation(law l, const model_op& op, const policy& p,
                                        const std::vector<element_bytes>& vars, const element_bytes* element) {
  const std::size_t n = static_cast<std::size_t>(op.type.extent());
  ensure(vars.size() >= variable_count(l), "violation: too few variables for the law");
  auto apply = [&](const element_bytes& a, const element_bytes& b, bool& defined) {
    element_bytes out(n);
    defined = op.combine(a.data(), b.data(), out.data()) && defined;
    return out;
  };
  auto evidence = [&](const element_bytes& lhs, const element_bytes& rhs, std::string lhs_text, std::string rhs_text) {
    counterexample c;
    const char* names[] = {"x", "y", "z"};
    for (std::size_t i = 0; i < variable_count(l); ++i) c.inputs.emplace_back(names[i], show(op.type, vars[i]));
    if (element) c.inputs.emplace_back(l == law::identity ? "e" : "a", show(op.type, *element));
    c.lhs_expression = std::move(lhs_text);
    c.rhs_expression = std::move(rhs_text);
    c.lhs = show(op.type, lhs);
    c.rhs = show(op.type, rhs);
    return c;
  };
  auto check = [&](const element_bytes& lhs, const element_bytes& rhs, bool defined, bool erroneous_breaks,
                   std::string lhs_text, std::string rhs_text) -> std::optional<counterexample> {
    const bool differ = defined ? !same_element(op.type, lhs.data(), rhs.data(), p) : erroneous_breaks;
    if (!differ) return std::nullopt;
    counterexample c = evidence(lhs, rhs, std::move(lhs_text), std::move(rhs_text));
    if (!defined) c.lhs.text += " (erroneous: signed overflow)";
    return c;
  };
  const element_bytes& x = vars[0];
  bool defined = true;
  switch (l) {
    case law::associativity: {
      const element_bytes &y = vars[1], &z = vars[2];
      const auto lhs = apply(apply(x, y, defined), z, defined);
      const auto rhs = apply(x, apply(y, z, defined), defined);
      return check(lhs, rhs, defined, false, "(x∘y)∘z", "x∘(y∘z)");
    }
    case law::commutativity: {
      const auto lhs = apply(x, vars[1], defined);
      const auto rhs = apply(vars[1], x, defined);
      return check(lhs, rhs, defined, false, "x∘y", "y∘x");
    }
    case law::idempotence:
      return check(apply(x, x, defined), x, defined, false, "x∘x", "x");
    case law::identity:
    case law::absorbing: {
      ensure(element != nullptr, "identity/absorbing need the element");
      const std::string e = l == law::identity ? "e" : "a";
      const element_bytes& want_left = l == law::identity ? x : *element;
      if (auto c = check(apply(*element, x, defined), want_left, defined, true, apply_text(e, "x"),
                         l == law::identity ? "x" : e))
        return c;
      defined = true;
      return check(apply(x, *element, defined), want_left, defined, true, apply_text("x", e),
                   l == law::identity ? "x" : e);
    }
    case law::closed: {
      if (!op.legal) return std::nullopt;  // every value of a predefined type is in its domain
      const auto xy = apply(x, vars[1], defined);
      if (!defined || op.legal(xy.data())) return std::nullopt;
      counterexample c = evidence(xy, xy, "x∘y", "a legal element");
      c.rhs = {{}, "none: x∘y breaks a 'require'", std::nullopt};
      return c;
    }
  }
  internal_error("unknown law");
}

std::optional<counterexample> replay(law l, const model_op& op, const policy& p, const counterexample& claimed,
                                     const element_bytes* element) {
  const bool needs_element = l == law::identity || l == law::absorbing;
  if (needs_element != (element != nullptr) || claimed.inputs.size() < variable_count(l)) return std::nullopt;
  const char* names[] = {"x", "y", "z"};
  std::vector<element_bytes> vars;
  for (std::size_t i = 0; i < variable_count(l); ++i) {
    const auto& [name, value] = claimed.inputs[i];
    if (name != names[i] || value.bytes.size() != static_cast<std::size_t>(op.type.extent())) return std::nullopt;
    if (op.legal && !op.legal(value.bytes.data())) return std::nullopt;  // outside the domain no law is claimed
    vars.push_back(value.bytes);
  }
  return violation(l, op, p, vars, element);
}

std::vector<element_bytes> candidate_elements(const datatype& type, std::size_t random_count, std::mt19937_64& rng) {
  const type_info& t = info(*type.predefined_type());
  const auto n = static_cast<std::size_t>(type.extent());
  std::vector<element_bytes> out;
  auto field_values = [&](std::size_t f) { return special_values(t.fields[f].kind); };
  const auto first = field_values(0);
  if (t.field_count == 1) {
    for (const auto& v : first) {
      element_bytes e(n);
      std::memcpy(e.data(), v.data(), value_bytes(t.fields[0].kind));
      out.push_back(std::move(e));
    }
  } else {
    // Every pairing of the two fields' special values: pair identities such as (+inf, INT_MAX)
    // need both fields extreme at once.
    const auto second = field_values(1);
    for (const auto& v : first)
      for (const auto& w : second) {
        element_bytes e(n);
        std::memcpy(e.data() + t.fields[0].offset, v.data(), value_bytes(t.fields[0].kind));
        std::memcpy(e.data() + t.fields[1].offset, w.data(), value_bytes(t.fields[1].kind));
        out.push_back(std::move(e));
      }
  }
  for (std::size_t i = 0; i < random_count; ++i) {
    element_bytes e(n);
    for (std::size_t f = 0; f < t.field_count; ++f) random_scalar(t.fields[f].kind, e.data() + t.fields[f].offset, rng);
    out.push_back(std::move(e));
  }
  return out;
}

std::optional<counterexample> search_counterexample(law l, const model_op& op, const policy& p,
                                                    const std::vector<element_bytes>& c, std::mt19937_64& rng,
                                                    const element_bytes* element) {
  if (c.empty()) return std::nullopt;
  const std::size_t arity = variable_count(l);
  // Exhaustive over the first `span` candidates (all of them for one or two variables when
  // that stays small), then random combinations of all of them.
  const std::size_t budget = 20000;
  std::size_t span = c.size();
  while (span > 1 && (arity == 3 ? span * span * span : arity == 2 ? span * span : span) > budget) --span;
  std::vector<element_bytes> vars(arity);
  std::vector<std::size_t> idx(arity, 0);
  for (;;) {
    for (std::size_t i = 0; i < arity; ++i) vars[i] = c[idx[i]];
    if (auto hit = violation(l, op, p, vars, element)) return hit;
    std::size_t i = 0;
    while (i < arity && ++idx[i] == span) idx[i++] = 0;
    if (i == arity) break;
  }
  for (std::size_t round = 0; round < budget / 4; ++round) {
    for (std::size_t i = 0; i < arity; ++i) vars[i] = c[rng() % c.size()];
    if (auto hit = violation(l, op, p, vars, element)) return hit;
  }
  return std::nullopt;
}

}  // namespace redsem::laws
