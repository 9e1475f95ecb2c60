#include "sim/rma/scenario_values.h"

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
  if (errno != 0 || *end != '\0') return std::nullopt;
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

struct type_parser {
  std::string* error;

  std::optional<datatype> fail(std::string message) {
    *error = std::move(message);
    return std::nullopt;
  }

  std::optional<datatype> parse(std::string_view s) {
    const auto open = s.find('(');
    if (open == std::string_view::npos) {
      if (const auto b = parse_basic_type(s)) return datatype::predefined(*b);
      return fail("unknown datatype '" + std::string(s) + "'");
    }
    if (s.back() != ')') return fail("datatype '" + std::string(s) + "' lacks its closing ')'");
    const std::string_view name = s.substr(0, open);
    const auto args = split(s.substr(open + 1, s.size() - open - 2), ',');
    if (name == "resized") return resized(args);
    if (name == "struct" && args.size() == 3) return structure(args);
    const auto old = parse(args.back());
    if (!old) return std::nullopt;
    std::vector<std::int64_t> n;
    for (std::size_t i = 0; i + 1 < args.size() && name != "indexed" && name != "struct"; ++i) {
      const auto v = parse_int(args[i]);
      if (!v) return fail("'" + std::string(args[i]) + "' is not an integer in " + std::string(s));
      n.push_back(*v);
    }
    if (name == "contiguous" && n.size() == 1) return datatype::contiguous(n[0], *old);
    if (name == "vector" && n.size() == 3) return datatype::vector(n[0], n[1], n[2], *old);
    if (name == "hvector" && n.size() == 3) return datatype::hvector(n[0], n[1], n[2], *old);
    if (name == "indexed" && args.size() == 3) return indexed(args, *old);
    return fail("bad datatype constructor '" + std::string(s) +
                "' (contiguous(n,T), vector(c,b,s,T), hvector(c,b,bytes,T), indexed(b:b,d:d,T), "
                "struct(b:b,bytes:bytes,T:T), resized(T,lb,extent))");
  }

  std::optional<datatype> indexed(const std::vector<std::string_view>& args, const datatype& old) {
    const auto b = parse_ints(args[0]), d = parse_ints(args[1]);
    if (!b || !d || b->size() != d->size()) return fail("indexed needs equal-length lists b:b:…,d:d:…");
    return datatype::indexed(*b, *d, old);
  }

  std::optional<datatype> structure(const std::vector<std::string_view>& args) {
    const auto b = parse_ints(args[0]), d = parse_ints(args[1]);
    std::vector<datatype> types;
    for (auto t : split(args[2], ':')) {
      const auto one = parse(t);
      if (!one) return std::nullopt;
      types.push_back(*one);
    }
    if (!b || !d || b->size() != d->size() || b->size() != types.size())
      return fail("struct needs equal-length lists b:b,bytes:bytes,T:T");
    return datatype::structure(*b, *d, types);
  }

  std::optional<datatype> resized(const std::vector<std::string_view>& args) {
    if (args.size() != 3) return fail("resized(T,lb,extent)");
    const auto old = parse(args[0]);
    const auto lb = parse_int(args[1]), extent = parse_int(args[2]);
    if (!old) return std::nullopt;
    if (!lb || !extent) return fail("resized needs integer lb and extent");
    return datatype::resized(*old, *lb, *extent);
  }
};

}  // namespace

std::optional<datatype> parse_datatype(std::string_view text, std::string* error) {
  return type_parser{error}.parse(text);
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
