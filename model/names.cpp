// SPDX-License-Identifier: BSD-3-Clause
// Names of model values, and parsing them back from user input.
#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <tuple>
#include <vector>

#include "model/check.h"
#include "model/datatype.h"
#include "model/op.h"
#include "model/policy.h"
#include "model/user_op.h"

namespace redsem {
namespace {

// Upper case, with the "MPI_" prefix removed if present.
std::string canonical(std::string_view name) {
  std::string s;
  for (char c : name) s += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s.rfind("MPI_", 0) == 0 ? s.substr(4) : s;
}

}  // namespace

void internal_error(std::string_view what, std::source_location where) {
  std::fprintf(stderr, "redsem internal error at %s:%u: %.*s\n", where.file_name(), where.line(),
               static_cast<int>(what.size()), what.data());
  std::abort();
}

std::string_view to_string(scalar_kind k) {
  constexpr std::array<std::string_view, 13> names{"i8",  "u8",  "i16", "u16", "i32",   "u32",  "i64",
                                                   "u64", "f32", "f64", "f80", "char8", "wchar"};
  return names[static_cast<std::size_t>(k)];
}

std::string_view to_string(type_group g) {
  constexpr std::array<std::string_view, type_group_count> names{
      "C integer", "Fortran integer", "floating point", "logical", "complex", "byte", "multi-language",
      "value-index pair", "character"};
  return names[static_cast<std::size_t>(g)];
}

std::optional<basic_type> parse_basic_type(std::string_view name) {
  const std::string want = canonical(name);
  if (want == "LONG_LONG") return basic_type::long_long_int;
  if (want == "C_FLOAT_COMPLEX") return basic_type::c_complex;
  for (std::size_t i = 0; i < basic_type_count; ++i)
    if (canonical(type_table[i].name) == want) return static_cast<basic_type>(i);
  return std::nullopt;
}

std::optional<op_id> parse_op(std::string_view name) {
  const std::string want = canonical(name);
  for (std::size_t i = 0; i < op_count; ++i)
    if (canonical(to_string(static_cast<op_id>(i))) == want) return static_cast<op_id>(i);
  return std::nullopt;
}

std::string to_string(const op_ref& op) {
  if (const auto* id = std::get_if<op_id>(&op)) return std::string(to_string(*id));
  const user_op* u = std::get<const user_op*>(op);
  return u ? u->name : "(null user op)";
}

namespace {

// One policy key: its name, its choices' names, and where it lives in the struct.
template <class Enum, std::size_t N>
struct enum_key {
  std::string_view key;
  Enum policy::*member;
  std::array<std::string_view, N> choices;
};

constexpr auto enum_keys = std::make_tuple(
    enum_key<nan_rule, 3>{"minmax_nan", &policy::minmax_nan, {"propagate", "ignore", "c_ternary"}},
    enum_key<zero_rule, 2>{"minmax_zero", &policy::minmax_zero, {"ordered", "c_ternary"}},
    enum_key<loc_nan_rule, 2>{"loc_nan", &policy::loc_nan, {"extreme", "c_chain"}},
    enum_key<overflow_rule, 2>{"overflow", &policy::overflow, {"wrap", "erroneous"}},
    enum_key<truth_rule, 2>{"truth", &policy::truth, {"nonzero", "low_bit"}},
    enum_key<true_rule, 2>{"true_value", &policy::true_value, {"one", "all_ones"}},
    enum_key<derived_rule, 2>{"derived", &policy::derived, {"strict", "lenient"}},
    enum_key<compare_rule, 3>{"compare", &policy::compare, {"bitwise", "nan_equal", "ulps"}},
    enum_key<loc_tie_rule, 3>{"loc_tie", &policy::loc_tie, {"by_value", "first", "second"}},
    enum_key<complex_prod_rule, 2>{"complex_prod", &policy::complex_prod, {"textbook", "annex_g"}},
    enum_key<ordered_accumulates_rule, 2>{"ordered_accumulates", &policy::ordered_accumulates,
                                          {"sequential", "concurrent"}},
    enum_key<ordering_types_rule, 2>{"ordering_types", &policy::ordering_types, {"any", "same"}});

// Keys from here on are printed only away from their default (see to_string(policy)).
constexpr std::size_t keys_always_printed = 8;

}  // namespace

std::optional<policy> parse_policy(std::string_view text, std::string* error) {
  policy p;
  std::vector<std::string_view> seen;  // a key given twice is a contradiction, not a choice of the last
  while (!text.empty()) {
    const std::size_t comma = text.find(',');
    const std::string_view item = text.substr(0, comma);
    text = comma == std::string_view::npos ? std::string_view{} : text.substr(comma + 1);
    const std::size_t eq = item.find('=');
    if (eq == std::string_view::npos) {
      if (error) *error = "expected key=value, got '" + std::string(item) + "'";
      return std::nullopt;
    }
    const std::string_view key = item.substr(0, eq), value = item.substr(eq + 1);
    if (std::find(seen.begin(), seen.end(), key) != seen.end()) {
      if (error) *error = "policy key '" + std::string(key) + "' is given more than once";
      return std::nullopt;
    }
    seen.push_back(key);
    bool key_known = false, value_known = false;
    std::apply([&](const auto&... k) {
      ([&] {
        if (k.key != key) return;
        key_known = true;
        for (std::size_t i = 0; i < k.choices.size(); ++i)
          if (k.choices[i] == value) {
            p.*(k.member) = static_cast<std::remove_reference_t<decltype(p.*(k.member))>>(i);
            value_known = true;
          }
        if (!value_known && error) {
          *error = "policy key '" + std::string(key) + "' takes one of:";
          for (auto c : k.choices) *error += " " + std::string(c);
        }
      }(), ...);
    }, enum_keys);
    if (key == "ulps") {
      key_known = true;
      char* end = nullptr;
      const std::string v(value);
      const unsigned long n = std::strtoul(v.c_str(), &end, 10);
      // Digits only: strtoul alone would take a sign, spaces and a wrapped negative.
      value_known = !v.empty() && v.size() <= 10 && v.find_first_not_of("0123456789") == std::string::npos &&
                    *end == '\0' && n <= 1u << 30;
      if (value_known) p.ulps = static_cast<std::uint32_t>(n);
      else if (error) *error = "policy key 'ulps' takes a whole number from 0 to 1073741824";
    }
    if (!key_known) {
      if (error) {
        *error = "unknown policy key '" + std::string(key) + "'; keys:";
        std::apply([&](const auto&... k) { ((*error += " " + std::string(k.key)), ...); }, enum_keys);
        *error += " ulps";
      }
      return std::nullopt;
    }
    if (!value_known) return std::nullopt;
  }
  return p;
}

std::vector<std::string> policy_keys() {
  std::vector<std::string> keys;
  std::apply([&](const auto&... k) { (keys.emplace_back(k.key), ...); }, enum_keys);
  keys.insert(keys.begin() + keys_always_printed, "ulps");
  return keys;
}

std::vector<std::string> policy_choices(std::string_view key) {
  std::vector<std::string> choices;
  std::apply([&](const auto&... k) {
    ([&] {
      if (k.key == key) choices.assign(k.choices.begin(), k.choices.end());
    }(), ...);
  }, enum_keys);
  return choices;
}

std::string to_string(const policy& p) {
  std::string s, later;
  std::size_t i = 0;
  std::apply([&](const auto&... k) {
    ([&] {
      const auto choice = static_cast<std::size_t>(p.*(k.member));
      const std::string item = std::string(k.key) + "=" + std::string(k.choices[choice]);
      if (i++ < keys_always_printed) s += (s.empty() ? "" : ",") + item;
      else if (p.*(k.member) != policy{}.*(k.member)) later += "," + item;
    }(), ...);
  }, enum_keys);
  return s + ",ulps=" + std::to_string(p.ulps) + later;
}

std::string changed_keys(const policy& from, const policy& to) {
  std::string out;
  std::size_t i = 0;
  auto add = [&](std::string_view key, std::string_view value) {
    out += (out.empty() ? "" : ",") + std::string(key) + "=" + std::string(value);
  };
  std::apply([&](const auto&... k) {
    ([&] {
      if (from.*(k.member) != to.*(k.member)) add(k.key, k.choices[static_cast<std::size_t>(to.*(k.member))]);
      if (++i == keys_always_printed && from.ulps != to.ulps) add("ulps", std::to_string(to.ulps));
    }(), ...);
  }, enum_keys);
  return out;
}

}  // namespace redsem
