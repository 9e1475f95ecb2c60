#include "sim/rma/scenario_values.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <vector>

#include "model/element_io.h"
#include "model/scalar_text.h"
#include "sim/rma/scenario_limits.h"

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
    if (name == "resized") return resized(s, args);
    if (name == "struct" && args.size() == 3) return structure(s, args);
    const auto old = parse(args.back());
    if (!old) return std::nullopt;
    std::vector<std::int64_t> n;
    for (std::size_t i = 0; i + 1 < args.size() && name != "indexed" && name != "struct"; ++i) {
      const auto v = parse_int(args[i]);
      if (!v) return fail("'" + std::string(args[i]) + "' is not an integer in " + std::string(s));
      n.push_back(*v);
    }
    const auto entries = static_cast<std::int64_t>(old->entries().size());
    if (name == "contiguous" && n.size() == 1) {
      if (!count_ok(s, "count", n[0]) || !entries_ok(s, n[0] * entries)) return std::nullopt;
      return bounded(s, datatype::contiguous(n[0], *old));
    }
    if ((name == "vector" || name == "hvector") && n.size() == 3) {
      const bool bytes = name == "hvector";
      if (!count_ok(s, "count", n[0]) || !count_ok(s, "blocklength", n[1]) ||
          !offset_ok(s, "stride", n[2], bytes ? max_offset : max_count) || !entries_ok(s, n[0] * n[1] * entries) ||
          !span_ok(s, n[0], bytes ? n[2] : n[2] * old->extent(), n[1], *old))
        return std::nullopt;
      return bounded(s, bytes ? datatype::hvector(n[0], n[1], n[2], *old) : datatype::vector(n[0], n[1], n[2], *old));
    }
    if (name == "indexed" && args.size() == 3) return indexed(s, args, *old);
    return fail("bad datatype constructor '" + std::string(s) +
                "' (contiguous(n,T), vector(c,b,s,T), hvector(c,b,bytes,T), indexed(b:b,d:d,T), "
                "struct(b:b,bytes:bytes,T:T), resized(T,lb,extent))");
  }

  std::optional<datatype> indexed(std::string_view s, const std::vector<std::string_view>& args, const datatype& old) {
    const auto b = parse_ints(args[0]), d = parse_ints(args[1]);
    if (!b || !d || b->size() != d->size()) return fail("indexed needs equal-length lists b:b:…,d:d:…");
    std::int64_t entries = 0;
    for (std::size_t i = 0; i < b->size(); ++i) {
      if (!count_ok(s, "blocklength", (*b)[i]) || !offset_ok(s, "displacement", (*d)[i], max_count)) return std::nullopt;
      entries += (*b)[i] * static_cast<std::int64_t>(old.entries().size());
      if (!entries_ok(s, entries)) return std::nullopt;
    }
    return bounded(s, datatype::indexed(*b, *d, old));
  }

  std::optional<datatype> structure(std::string_view s, const std::vector<std::string_view>& args) {
    const auto b = parse_ints(args[0]), d = parse_ints(args[1]);
    std::vector<datatype> types;
    for (auto t : split(args[2], ':')) {
      const auto one = parse(t);
      if (!one) return std::nullopt;
      types.push_back(*one);
    }
    if (!b || !d || b->size() != d->size() || b->size() != types.size())
      return fail("struct needs equal-length lists b:b,bytes:bytes,T:T");
    std::int64_t entries = 0;
    for (std::size_t i = 0; i < b->size(); ++i) {
      if (!count_ok(s, "blocklength", (*b)[i]) || !offset_ok(s, "displacement", (*d)[i], max_offset)) return std::nullopt;
      entries += (*b)[i] * static_cast<std::int64_t>(types[i].entries().size());
      if (!entries_ok(s, entries)) return std::nullopt;
    }
    return bounded(s, datatype::structure(*b, *d, types));
  }

  std::optional<datatype> resized(std::string_view s, const std::vector<std::string_view>& args) {
    if (args.size() != 3) return fail("resized(T,lb,extent)");
    const auto old = parse(args[0]);
    const auto lb = parse_int(args[1]), extent = parse_int(args[2]);
    if (!old) return std::nullopt;
    if (!lb || !extent) return fail("resized needs integer lb and extent");
    if (!offset_ok(s, "lb", *lb, max_offset) || !offset_ok(s, "extent", *extent, max_offset)) return std::nullopt;
    return bounded(s, datatype::resized(*old, *lb, *extent));
  }

  // Counts and blocklengths are non-negative (MPI-4.1 §5.1.2) and at most max_count.
  bool count_ok(std::string_view s, std::string_view what, std::int64_t v) {
    if (v >= 0 && v <= max_count) return true;
    fail(std::string(s) + ": " + std::string(what) + " " + std::to_string(v) +
         (v < 0 ? " is negative (MPI-4.1 §5.1.2: counts are non-negative)"
                : " is more than " + std::to_string(max_count)));
    return false;
  }

  bool offset_ok(std::string_view s, std::string_view what, std::int64_t v, std::int64_t bound) {
    if (v >= -bound && v <= bound) return true;
    fail(std::string(s) + ": " + std::string(what) + " " + std::to_string(v) + " is outside ±" + std::to_string(bound));
    return false;
  }

  // Checked before the typemap is built, so a huge type is refused rather than allocated.
  bool entries_ok(std::string_view s, std::int64_t entries) {
    if (entries <= max_count) return true;
    fail("datatype " + std::string(s) + " has " + std::to_string(entries) + " typemap entries, more than " +
         std::to_string(max_count));
    return false;
  }

  // count blocks of blocklength copies of old, stride_bytes apart, reach no farther than
  // max_offset: checked before building, as the constructor's own offsets would overflow.
  bool span_ok(std::string_view s, std::int64_t count, std::int64_t stride_bytes, std::int64_t blocklength,
               const datatype& old) {
    const auto magnitude = [](std::int64_t v) { return v < 0 ? -static_cast<__int128>(v) : static_cast<__int128>(v); };
    const __int128 span = count * magnitude(stride_bytes) + blocklength * magnitude(old.extent());
    if (span <= max_offset) return true;
    fail("datatype " + std::string(s) + " spans more than " + std::to_string(max_offset) + " bytes");
    return false;
  }

  // A type's bounds stay within ±max_offset, so a constructor over it cannot overflow.
  std::optional<datatype> bounded(std::string_view s, datatype d) {
    for (const std::int64_t b : {d.lb(), d.ub(), d.true_lb(), d.true_ub()})
      if (b < -max_offset || b > max_offset)
        return fail("datatype " + std::string(s) + " spans byte " + std::to_string(b) + ", beyond ±" +
                    std::to_string(max_offset));
    return d;
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
