// SPDX-License-Identifier: BSD-3-Clause
// What a minimal failing case needs, found by probing variations of it.
#include <algorithm>
#include <cstring>
#include <map>
#include <set>

#include "model/element_compare.h"
#include "model/special_values.h"
#include "props/fuzz/shrink.h"

namespace redsem::fuzz {
namespace {

bool fails(const differential& d, const fuzz_case& c) { return d.check(c).verdict != verdict_kind::pass; }

std::string join(const std::set<int>& s) {
  std::string out;
  for (int v : s) out += (out.empty() ? "" : ", ") + std::to_string(v);
  return out;
}

// "1–7", "1, 3, 5–7": lengths as runs of consecutive ones.
std::string runs_text(const std::vector<std::int64_t>& xs) {
  std::string out;
  for (std::size_t i = 0; i < xs.size();) {
    std::size_t j = i;
    while (j + 1 < xs.size() && xs[j + 1] == xs[j] + 1) ++j;
    out += (out.empty() ? "" : ", ") + std::to_string(xs[i]) + (j > i ? "–" + std::to_string(xs[j]) : "");
    i = j + 1;
  }
  return out;
}

// What a failure needs of its length, from every shorter length tried (shorter_lengths, each
// as the minimal case's first elements and as the ones ending with its first differing one):
// which of them fail, how, and the shortest that does. Says only what the probes saw.
std::optional<condition> length_condition(const differential& d, const fuzz_case& minimal, const case_result& result) {
  if (minimal.count <= 1) return std::nullopt;
  const std::int64_t keep = result.differing.empty() ? -1 : result.differing.front();
  const auto lengths = shorter_lengths(minimal.count);
  std::map<verdict_kind, std::vector<std::int64_t>> failing;  // lengths by the verdict they get
  for (std::int64_t length : lengths)
    for (const auto& c : cut_to_length(minimal, length, keep, d.extent())) {
      if (!d.in_domain(c)) continue;
      if (const verdict_kind v = d.check(c).verdict; v != verdict_kind::pass) {
        failing[v].push_back(length);
        break;
      }
    }
  const bool all = lengths.size() + 1 == static_cast<std::size_t>(minimal.count);
  const std::string tried = all ? "every shorter length, 1–" + std::to_string(minimal.count - 1)
                                : "the " + std::to_string(lengths.size()) + " shorter lengths 1–64, powers of 2 and " +
                                      std::to_string(minimal.count - 1);
  if (failing.empty())
    return condition{
        "length", "only at length >= " + std::to_string(minimal.count) + ": " + tried + (all ? ", passes" : ", pass")};
  std::int64_t shortest = minimal.count;
  std::string how;
  for (const auto& [v, at] : failing) {
    shortest = std::min(shortest, at.front());
    how += (how.empty() ? "" : "; ") + std::string(to_string(v)) + " at length " + runs_text(at);
  }
  return condition{"length", "shorter cases fail too, the shortest at length " + std::to_string(shortest) + " (of " +
                                 tried + "): " + how + "; this case: " + std::string(to_string(result.verdict)) +
                                 " at length " + std::to_string(minimal.count)};
}

std::optional<condition> alignment_condition(const differential& d, const fuzz_case& minimal) {
  std::set<std::pair<int, int>> failing;
  for (int i = 0; i < 8; ++i)
    for (int o = 0; o < 8; ++o) {
      fuzz_case c = minimal;
      c.in_offset = i;
      c.inout_offset = o;
      if (fails(d, c)) failing.insert({i, o});
    }
  if (failing.size() == 64 || failing.empty()) return std::nullopt;
  std::set<int> ins, inouts;
  for (auto [i, o] : failing) {
    ins.insert(i);
    inouts.insert(o);
  }
  if (failing.size() == 8 * inouts.size())
    return condition{"alignment", "only at inoutbuf offset " + join(inouts) + " (bytes past a 64-byte boundary)"};
  if (failing.size() == 8 * ins.size())
    return condition{"alignment", "only at inbuf offset " + join(ins) + " (bytes past a 64-byte boundary)"};
  std::string pairs;
  int shown = 0;
  for (auto [i, o] : failing)
    if (shown++ < 8)
      pairs += (pairs.empty() ? "" : ", ") + std::string("(") + std::to_string(i) + "," + std::to_string(o) + ")";
  return condition{"alignment",
                   "only at (inbuf, inoutbuf) offsets " + pairs + (failing.size() > 8 ? ", …" : "") + " of 64 pairs"};
}

// ".re"/".im" of a complex element, ".value"/".index" of a pair, nothing for a scalar.
std::string field_name(basic_type t, std::size_t f) {
  if (info(t).field_count < 2) return "";
  if (group_of(t) == type_group::complex) return f == 0 ? ".re" : ".im";
  return f == 0 ? ".value" : ".index";
}

std::vector<condition> value_conditions(const differential& d, const fuzz_case& minimal, std::int64_t k) {
  std::vector<condition> out;
  const std::int64_t extent = d.extent();
  for (auto [side, name] : {std::pair{&fuzz_case::in, "inbuf"}, std::pair{&fuzz_case::inout, "inoutbuf"}})
    for (const auto& e : d.oracle_used().type.entries()) {
      const type_info& t = info(e.type);
      for (std::size_t f = 0; f < t.field_count; ++f) {
        const scalar_kind kind = t.fields[f].kind;
        const std::int64_t at = k * extent + e.disp + t.fields[f].offset;
        const value_class cls = classify(kind, (minimal.*side).data() + at);
        if (cls == value_class::ordinary || cls == value_class::zero) continue;
        bool reproduced = false, probed = false;
        for (int v : {3, -5, 7}) {
          fuzz_case c = minimal;
          const scalar_bytes b = small_value(kind, v);
          std::memcpy((c.*side).data() + at, b.data(), value_bytes(kind));
          if (!d.in_domain(c)) continue;  // says nothing about the op's inputs
          probed = true;
          reproduced = reproduced || fails(d, c);
        }
        if (probed && !reproduced)
          out.push_back({"value", "only with " + std::string(to_string(cls)) + " in " + name + "[" + std::to_string(k) +
                                      "]" + field_name(e.type, f) + ": ordinary values there pass"});
      }
    }
  return out;
}

struct positioned_result {
  std::int64_t length, index;
  std::vector<std::byte> result;
};

// The kernel on buffers filled with copies of (a, b), for lengths around vector widths: the
// distinct results and where each first appeared. A correct kernel gives one.
std::vector<positioned_result> results_by_position(const differential& d, const fuzz_case& layout, const std::byte* a,
                                                   const std::byte* b) {
  const std::int64_t extent = d.extent();
  const auto& type = d.oracle_used().type;
  std::vector<positioned_result> distinct;
  for (std::int64_t length : {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, 257}) {
    fuzz_case c = layout;
    c.count = length;
    c.chunks = {length};
    c.in.resize(static_cast<std::size_t>(length * extent));
    c.inout.resize(c.in.size());
    for (std::int64_t i = 0; i < length; ++i) {
      std::memcpy(c.in.data() + i * extent, a, static_cast<std::size_t>(extent));
      std::memcpy(c.inout.data() + i * extent, b, static_cast<std::size_t>(extent));
    }
    const kernel_run run = d.run_kernel(c);
    if (run.status != 0) continue;
    const auto& actual = run.inout;
    for (std::int64_t i = 0; i < length; ++i) {
      const std::byte* r = actual.data() + i * extent;
      const bool known = std::any_of(distinct.begin(), distinct.end(), [&](const positioned_result& s) {
        return same_element(type, s.result.data(), r, d.semantics());
      });
      if (!known) distinct.push_back({length, i, {r, r + extent}});
    }
  }
  return distinct;
}

std::string describe_positions(const differential& d, const std::vector<positioned_result>& distinct) {
  std::string text;
  for (std::size_t j = 0; j < distinct.size() && j < 3; ++j)
    text += (j ? "; " : "") + std::string("at index ") + std::to_string(distinct[j].index) + " of length " +
            std::to_string(distinct[j].length) + " → " +
            format_element(d.oracle_used().type, distinct[j].result.data());
  return text;
}

std::optional<condition> position_condition(const differential& d, const fuzz_case& minimal, std::int64_t k) {
  const std::int64_t extent = d.extent();
  const auto distinct =
      results_by_position(d, minimal, minimal.in.data() + k * extent, minimal.inout.data() + k * extent);
  if (distinct.size() < 2) return std::nullopt;
  return condition{"position",
                   "the same operands give different results by position: " + describe_positions(d, distinct)};
}

// Operand pairs whose result vector bodies and scalar tails often disagree on: NaN on either
// side and ±0 ties for floats, overflow for integers. Set in the first field; the others are 1.
struct special_pair {
  std::string label;
  scalar_bytes a, b;
};
std::vector<special_pair> special_pairs(scalar_kind k) {
  if (is_float_kind(k)) {
    const scalar_bytes one = small_value(k, 1), nan = first_special(k, value_class::nan),
                       zero = small_value(k, 0), negative_zero = first_special(k, value_class::negative_zero);
    return {{"NaN in inbuf", nan, one},
            {"NaN in inoutbuf", one, nan},
            {"-0 ∘ +0", negative_zero, zero},
            {"+0 ∘ -0", zero, negative_zero}};
  }
  // An unsigned kind's minimum is 0, which classify calls zero.
  const scalar_bytes min = is_signed_kind(k) ? first_special(k, value_class::type_min) : small_value(k, 0);
  const scalar_bytes max = first_special(k, value_class::type_max);
  return {{"max ∘ 1", max, small_value(k, 1)}, {"min ∘ -1", min, small_value(k, -1)}};
}

std::vector<condition> special_position_conditions(const differential& d, const fuzz_case& layout) {
  std::vector<condition> out;
  const auto& type = d.oracle_used().type;
  if (type.entries().empty()) return out;
  const type_info& first = info(type.entries().front().type);
  const std::int64_t at = type.entries().front().disp + first.fields[0].offset;
  const scalar_kind kind = first.fields[0].kind;
  if (kind == scalar_kind::char8 || kind == scalar_kind::wchar) return out;
  const auto extent = static_cast<std::size_t>(d.extent());
  for (const auto& p : special_pairs(kind)) {
    std::vector<std::byte> a(extent), b(extent);
    for (const auto& e : type.entries()) {
      const type_info& t = info(e.type);
      for (std::size_t f = 0; f < t.field_count; ++f) {
        const scalar_bytes one = small_value(t.fields[f].kind, 1);
        std::memcpy(a.data() + e.disp + t.fields[f].offset, one.data(), value_bytes(t.fields[f].kind));
        std::memcpy(b.data() + e.disp + t.fields[f].offset, one.data(), value_bytes(t.fields[f].kind));
      }
    }
    std::memcpy(a.data() + at, p.a.data(), value_bytes(kind));
    std::memcpy(b.data() + at, p.b.data(), value_bytes(kind));
    const auto& domain = d.oracle_used().domain;
    if (domain && (!domain->contains(a.data()) || !domain->contains(b.data()))) continue;
    const auto distinct = results_by_position(d, layout, a.data(), b.data());
    if (distinct.size() > 1)
      out.push_back({"position", "body/tail disagreement with " + p.label + ": " + describe_positions(d, distinct)});
  }
  return out;
}

}  // namespace

std::vector<condition> characterize(const differential& d, const fuzz_case& minimal, const case_result& result) {
  std::vector<condition> out;
  if (auto l = length_condition(d, minimal, result)) out.push_back(*l);
  if (auto a = alignment_condition(d, minimal)) out.push_back(*a);
  if (result.differing.empty()) return out;  // a crash or an error code: no element to look at
  const std::int64_t k = result.differing.front();
  for (auto& v : value_conditions(d, minimal, k)) out.push_back(std::move(v));
  if (auto p = position_condition(d, minimal, k)) out.push_back(*p);
  for (auto& p : special_position_conditions(d, minimal)) out.push_back(std::move(p));
  return out;
}

}  // namespace redsem::fuzz
