// SPDX-License-Identifier: BSD-3-Clause
#include "sim/rma/scenario_values.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <vector>

#include "model/element_io.h"
#include "model/scalar_text.h"

namespace redsem::sim::rma {
namespace {

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  std::size_t depth = 0, start = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '(') ++depth;
    else if (s[i] == ')' && depth > 0) --depth;
    else if (s[i] == sep && depth == 0) {
      out.push_back(s.substr(start, i - start));
      start = i + 1;
    }
  }
  out.push_back(s.substr(start));
  return out;
}

std::optional<std::int64_t> parse_int(std::string_view s) {
  const std::string text(s);
  if (text.empty()) return std::nullopt;
  char* end = nullptr;
  errno = 0;
  const long long v = std::strtoll(text.c_str(), &end, 0);
  if (errno != 0 || end != text.c_str() + text.size()) return std::nullopt;  // a NUL byte ends no number
  return v;
}

std::optional<std::vector<std::int64_t>> parse_ints(std::string_view s) {
  std::vector<std::int64_t> out;
  for (auto part : split(s, ':')) {
    const auto v = parse_int(part);
    if (!v) return std::nullopt;
    out.push_back(*v);
  }
  return out;
}

// Deepest nesting of parentheses in a datatype's text, found before any recursion.
int nesting_depth(std::string_view s) {
  int depth = 0, deepest = 0;
  for (char c : s) {
    if (c == '(') deepest = std::max(deepest, ++depth);
    else if (c == ')' && depth > 0) --depth;
  }
  return deepest;
}

// Reads a datatype, checking every count, displacement and bound against the limits before
// the model's constructor runs: the constructors then iterate and add only small numbers.
struct type_parser {
  const scenario_limits& limits;
  std::string* error;

  std::optional<datatype> fail(std::string message) {
    *error = std::move(message);
    return std::nullopt;
  }

  bool small_count(std::int64_t n) const { return n >= 0 && n <= limits.max_elements; }
  bool within_reach(std::int64_t bytes) const { return bytes >= -limits.max_byte_reach && bytes <= limits.max_byte_reach; }
  // a × b in bytes, if it is within reach.
  std::optional<std::int64_t> reach_product(std::int64_t a, std::int64_t b) const {
    std::int64_t p = 0;
    if (__builtin_mul_overflow(a, b, &p) || !within_reach(p)) return std::nullopt;
    return p;
  }
  std::string reach_text() const { return "±" + std::to_string(limits.max_byte_reach) + " bytes"; }

  std::optional<datatype> parse(std::string_view s) {
    if (nesting_depth(s) > limits.max_type_depth)
      return fail("datatype nests more than " + std::to_string(limits.max_type_depth) + " constructors deep");
    return parse_nested(s);
  }

  std::optional<datatype> parse_nested(std::string_view s) {
    const auto open = s.find('(');
    if (open == std::string_view::npos) {
      if (const auto b = parse_basic_type(s)) return datatype::predefined(*b);
      return fail("unknown datatype '" + std::string(s) + "'");
    }
    if (s.back() != ')') return fail("datatype '" + std::string(s) + "' lacks its closing ')'");
    const std::string_view name = s.substr(0, open);
    const auto args = split(s.substr(open + 1, s.size() - open - 2), ',');
    std::optional<datatype> made;
    if (name == "resized") made = resized(args);
    else if (name == "struct" && args.size() == 3) made = structure(args);
    else made = replicated(name, s, args);
    if (!made) return std::nullopt;
    return checked_result(*made);
  }

  // contiguous, vector, hvector and indexed: copies of one old type.
  std::optional<datatype> replicated(std::string_view name, std::string_view s, const std::vector<std::string_view>& args) {
    const auto old = parse_nested(args.back());
    if (!old) return std::nullopt;
    std::vector<std::int64_t> n;
    for (std::size_t i = 0; i + 1 < args.size() && name != "indexed"; ++i) {
      const auto v = parse_int(args[i]);
      if (!v) return fail("'" + std::string(args[i]) + "' is not an integer in " + std::string(s));
      n.push_back(*v);
    }
    const bool contiguous = name == "contiguous" && n.size() == 1;
    const bool vector = (name == "vector" || name == "hvector") && n.size() == 3;
    if (contiguous || vector) {
      if (!copies_fit(s, n[0], contiguous ? 1 : n[1], *old)) return std::nullopt;
      if (contiguous) return datatype::contiguous(n[0], *old);
      if (!reach_product(n[2], name == "vector" ? old->extent() : 1))
        return fail(std::string(s) + ": the stride reaches beyond " + reach_text());
      return name == "vector" ? datatype::vector(n[0], n[1], n[2], *old) : datatype::hvector(n[0], n[1], n[2], *old);
    }
    if (name == "indexed" && args.size() == 3) return indexed(args, *old);
    return fail("bad datatype constructor '" + std::string(s) +
                "' (contiguous(n,T), vector(c,b,s,T), hvector(c,b,bytes,T), indexed(b:b,d:d,T), "
                "struct(b:b,bytes:bytes,T:T), resized(T,lb,extent))");
  }

  // count blocks of blocklength copies of old: small counts, and not too many elements.
  bool copies_fit(std::string_view s, std::int64_t count, std::int64_t blocklength, const datatype& old) {
    if (!small_count(count) || !small_count(blocklength)) {
      fail(std::string(s) + ": counts must be between 0 and " + std::to_string(limits.max_elements));
      return false;
    }
    return entries_fit(s, count * blocklength, old);
  }

  // n copies of old hold at most max_elements basic elements (n and old's entries are both small).
  bool entries_fit(std::string_view s, std::int64_t n, const datatype& old) {
    if (n * static_cast<std::int64_t>(old.entries().size()) <= limits.max_elements) return true;
    fail(std::string(s) + " has more than " + std::to_string(limits.max_elements) + " basic elements");
    return false;
  }

  // Block counts that are each small and together small: their sum, or nullopt with *error.
  std::optional<std::int64_t> block_total(std::string_view what, const std::vector<std::int64_t>& blocks) {
    std::int64_t total = 0;
    for (std::int64_t b : blocks) {
      if (!small_count(b) || (total += b) > limits.max_elements) {
        fail(std::string(what) + ": block lengths must be between 0 and " + std::to_string(limits.max_elements) +
             " and hold at most that many elements together");
        return std::nullopt;
      }
    }
    return total;
  }

  std::optional<datatype> indexed(const std::vector<std::string_view>& args, const datatype& old) {
    const auto b = parse_ints(args[0]), d = parse_ints(args[1]);
    if (!b || !d || b->size() != d->size()) return fail("indexed needs equal-length lists b:b:…,d:d:…");
    const auto total = block_total("indexed", *b);
    if (!total) return std::nullopt;
    if (!entries_fit("indexed", *total, old)) return std::nullopt;
    for (std::int64_t disp : *d)
      if (!reach_product(disp, old.extent())) return fail("indexed: displacement " + std::to_string(disp) + " reaches beyond " + reach_text());
    return datatype::indexed(*b, *d, old);
  }

  std::optional<datatype> structure(const std::vector<std::string_view>& args) {
    const auto b = parse_ints(args[0]), d = parse_ints(args[1]);
    std::vector<datatype> types;
    for (auto t : split(args[2], ':')) {
      const auto one = parse_nested(t);
      if (!one) return std::nullopt;
      types.push_back(*one);
    }
    if (!b || !d || b->size() != d->size() || b->size() != types.size())
      return fail("struct needs equal-length lists b:b,bytes:bytes,T:T");
    if (!block_total("struct", *b)) return std::nullopt;
    std::int64_t entries = 0;
    for (std::size_t i = 0; i < types.size(); ++i) {
      if (!within_reach((*d)[i])) return fail("struct: displacement " + std::to_string((*d)[i]) + " reaches beyond " + reach_text());
      if ((entries += (*b)[i] * static_cast<std::int64_t>(types[i].entries().size())) > limits.max_elements)
        return fail("struct has more than " + std::to_string(limits.max_elements) + " basic elements");
    }
    return datatype::structure(*b, *d, types);
  }

  std::optional<datatype> resized(const std::vector<std::string_view>& args) {
    if (args.size() != 3) return fail("resized(T,lb,extent)");
    const auto old = parse_nested(args[0]);
    const auto lb = parse_int(args[1]), extent = parse_int(args[2]);
    if (!old) return std::nullopt;
    if (!lb || !extent) return fail("resized needs integer lb and extent");
    if (!within_reach(*lb) || !within_reach(*extent)) return fail("resized: lb and extent must be within " + reach_text());
    return datatype::resized(*old, *lb, *extent);
  }

  // Every bound of a constructed type within reach, so the next constructor's sums stay small.
  std::optional<datatype> checked_result(const datatype& t) {
    for (std::int64_t bound : {t.lb(), t.ub(), t.true_lb(), t.true_ub()})
      if (!within_reach(bound)) return fail(t.description() + " reaches byte " + std::to_string(bound) + ", beyond " + reach_text());
    return t;
  }
};

}  // namespace

std::optional<datatype> parse_datatype(std::string_view text, std::string* error, const scenario_limits& limits) {
  return type_parser{limits, error}.parse(text);
}

bool parse_element(basic_type type, std::string_view text, std::byte* p, std::string* error) {
  const type_info& t = info(type);
  const auto fields = split(text, ':');
  if (fields.size() != t.field_count) {
    *error = std::string(to_string(type)) + " takes " + std::to_string(t.field_count) + " field(s), got '" +
             std::string(text) + "'";
    return false;
  }
  for (std::size_t f = 0; f < fields.size(); ++f) {
    std::byte* at = p + t.fields[f].offset;
    const scalar_kind kind = t.fields[f].kind;
    if (kind == scalar_kind::char8 && fields[f].size() == 1) {  // a character as itself
      std::memcpy(at, fields[f].data(), 1);
      continue;
    }
    // C's char is signed here: a char written as a number is an int8.
    if (!parse_scalar_text(kind == scalar_kind::char8 ? scalar_kind::i8 : kind, fields[f], at, error)) return false;
  }
  return true;
}

}  // namespace redsem::sim::rma
