#include "tools/sim_inputs.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <random>

#include "model/element_compare.h"
#include "model/opfile/typed_op.h"
#include "model/opfile/law_check.h"
#include "props/laws/opfile_prove.h"
#include "sim/example_ops.h"

namespace redsem::tools {
namespace {

// One scalar field of every entry of the typemap, in order, with its byte offset.
std::vector<field> scalar_fields(const datatype& type) {
  std::vector<field> out;
  for (const auto& e : type.entries()) {
    const type_info& t = info(e.type);
    for (std::size_t i = 0; i < t.field_count; ++i)
      out.push_back({t.fields[i].kind, static_cast<std::uint16_t>(e.disp + t.fields[i].offset)});
  }
  return out;
}

template <class T>
void put(std::byte* at, T v) {
  std::memcpy(at, &v, value_bytes(scalar_kind_of<T>()));
}

bool parse_scalar(const std::string& text, scalar_kind kind, std::byte* at) {
  const char* s = text.c_str();
  char* end = nullptr;
  errno = 0;
  if (is_float_kind(kind)) {
    const long double v = std::strtold(s, &end);
    if (end == s || *end != '\0') return false;
    if (kind == scalar_kind::f32) put(at, static_cast<float>(v));
    else if (kind == scalar_kind::f64) put(at, static_cast<double>(v));
    else put(at, v);
    return true;
  }
  if (is_signed_kind(kind)) {
    const long long v = std::strtoll(s, &end, 0);
    if (end == s || *end != '\0' || errno == ERANGE) return false;
    switch (kind) {
      case scalar_kind::i8: return put(at, static_cast<std::int8_t>(v)), v >= INT8_MIN && v <= INT8_MAX;
      case scalar_kind::i16: return put(at, static_cast<std::int16_t>(v)), v >= INT16_MIN && v <= INT16_MAX;
      case scalar_kind::i32: return put(at, static_cast<std::int32_t>(v)), v >= INT32_MIN && v <= INT32_MAX;
      default: return put(at, static_cast<std::int64_t>(v)), true;
    }
  }
  if (text.find('-') != std::string::npos) return false;
  const unsigned long long v = std::strtoull(s, &end, 0);
  if (end == s || *end != '\0' || errno == ERANGE) return false;
  switch (kind) {
    case scalar_kind::u8: case scalar_kind::char8: return put(at, static_cast<std::uint8_t>(v)), v <= UINT8_MAX;
    case scalar_kind::u16: return put(at, static_cast<std::uint16_t>(v)), v <= UINT16_MAX;
    case scalar_kind::u32: case scalar_kind::wchar: return put(at, static_cast<std::uint32_t>(v)), v <= UINT32_MAX;
    default: return put(at, static_cast<std::uint64_t>(v)), true;
  }
}

std::vector<std::string> split(const std::string& text, char sep) {
  std::vector<std::string> out(1);
  for (char c : text) {
    if (c == sep) out.emplace_back();
    else if (c != ' ') out.back() += c;
  }
  return out;
}

sim::law_verdict as_sim(laws::verdict v) {
  switch (v) {
    case laws::verdict::proved: return sim::law_verdict::proved;
    case laws::verdict::refuted: return sim::law_verdict::refuted;
    case laws::verdict::unknown: break;
  }
  return sim::law_verdict::unknown;
}

// An op file's instance (--type picks it: "int32" or "T=int32"; the first when empty) as the
// model's element op, with its associativity and commutativity proved by Z3 on its AST.
std::optional<chosen_op> choose_op_file(const std::string& file, const std::string& type_name, const policy& semantics,
                                        std::string* error) {
  const auto loaded = opfile::load_op_path(file);
  if (!loaded.op) {
    *error = "--op-file: " + loaded.error.to_string();
    return std::nullopt;
  }
  const opfile::typed_op* instance = loaded.op->instance(type_name);
  if (!instance) {
    *error = "--type: " + file + " has no instance for type '" + type_name + "'";
    return std::nullopt;
  }
  auto op = std::make_shared<const opfile::concrete_op>(*instance, semantics);
  // The op file's laws, proved by Z3 on its AST (a concrete refutation is kept as found).
  const auto proofs = laws::prove_opfile(*op, opfile::check_laws(*op), laws::prove_options{});
  auto verdict_of = [&](opfile::law l) {
    for (const auto& p : proofs)
      if (p.which == l) return as_sim(p.outcome);
    return sim::law_verdict::unknown;
  };
  const sim::op_laws known{verdict_of(opfile::law::associative), verdict_of(opfile::law::commutative),
                           "z3 on the op file's AST"};
  std::string description = "op file " + instance->name + (instance->instance.empty() ? "" : " (" + instance->instance + ")") +
                            (instance->commute ? ", declared commutative" : ", declared non-commutative");
  return chosen_op{opfile::make_element_op(std::move(op)), std::nullopt, known, std::move(description)};
}

}  // namespace

std::optional<chosen_op> choose_op(const std::string& op_name, const std::string& op_file, const std::string& type_name,
                                   const policy& semantics, std::string* error) {
  if (!op_file.empty()) return choose_op_file(op_file, type_name, semantics, error);
  if (op_name == "segscan" || op_name == "MPI-4.1-7.11.3") {
    if (!type_name.empty() && type_name != "segscan") {
      *error = "--op segscan works on its own struct {double val; int log} type: leave out --type";
      return std::nullopt;
    }
    const sim::op_laws none{sim::law_verdict::unknown, sim::law_verdict::unknown, "none known"};
    return chosen_op{sim::segmented_scan_element_op(), std::nullopt, none,
                     "segScan (MPI-4.1 §7.11.3, non-commutative) on struct {double val; int log}"};
  }
  const auto op = parse_op(op_name);
  if (!op) {
    *error = "--op: unknown op '" + op_name + "' (an MPI predefined op such as MPI_SUM, or segscan)";
    return std::nullopt;
  }
  if (type_name.empty()) {
    *error = "--type is required with --op " + op_name;
    return std::nullopt;
  }
  const auto type = parse_basic_type(type_name);
  if (!type) {
    *error = "--type: unknown datatype '" + type_name + "'";
    return std::nullopt;
  }
  if (usage_of(*op) != op_usage::reduction) {
    *error = std::string(to_string(*op)) + " is for RMA only and cannot be used in a reduction (MPI-4.1 §13.3.4)";
    return std::nullopt;
  }
  if (!op_allows(*op, *type)) {
    *error = std::string(to_string(*op)) + " is not defined on " + std::string(to_string(*type)) + " (MPI-4.1 §7.9.2)";
    return std::nullopt;
  }
  return chosen_op{predefined_element_op(*op, *type, semantics), sim::predefined_pair{*op, *type, semantics},
                   sim::known_laws(*op, *type, semantics),
                   std::string(to_string(*op)) + " on " + std::string(to_string(*type))};
}

std::optional<std::vector<sim::element>> parse_values(const std::string& text, const datatype& type,
                                                      std::string* error) {
  const std::vector<field> fields = scalar_fields(type);
  std::vector<sim::element> out;
  for (const std::string& item : split(text, ',')) {
    const std::vector<std::string> parts = split(item, ':');
    if (parts.size() != fields.size()) {
      *error = "--values: '" + item + "' needs " + std::to_string(fields.size()) + " field(s) separated by ':'";
      return std::nullopt;
    }
    sim::element e(static_cast<std::size_t>(type.extent()), std::byte{0});
    for (std::size_t i = 0; i < fields.size(); ++i)
      if (!parse_scalar(parts[i], fields[i].kind, e.data() + fields[i].offset)) {
        *error = "--values: '" + parts[i] + "' is not a " + std::string(to_string(fields[i].kind)) + " value";
        return std::nullopt;
      }
    out.push_back(std::move(e));
  }
  return out;
}

std::vector<sim::element> random_values(std::size_t n, const datatype& type, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  const std::vector<field> fields = scalar_fields(type);
  const bool segscan = fields.size() == 2 && fields[0].kind == scalar_kind::f64 && fields[1].kind == scalar_kind::i32 &&
                       !type.is_predefined();
  const bool logical = type.is_predefined() && group_of(*type.predefined_type()) == type_group::logical;
  std::vector<sim::element> out;
  for (std::size_t k = 0; k < n; ++k) {
    sim::element e(static_cast<std::size_t>(type.extent()), std::byte{0});
    for (std::size_t i = 0; i < fields.size(); ++i) {
      std::byte* at = e.data() + fields[i].offset;
      const scalar_kind kind = fields[i].kind;
      if (segscan) {
        if (i == 0) put(at, static_cast<double>(1 + rng() % 100));
        else put(at, static_cast<std::int32_t>(rng() % 2));
      } else if (logical) {
        put(at, static_cast<std::uint8_t>(rng() % 2));
      } else if (is_float_kind(kind)) {
        // A full random significand, so sums round (a few round bits would make every order exact).
        const double mag = std::ldexp(1.0 + static_cast<double>(rng() >> 11) * 0x1p-53, static_cast<int>(rng() % 16) - 8);
        const double v = rng() % 2 ? -mag : mag;
        if (kind == scalar_kind::f32) put(at, static_cast<float>(v));
        else if (kind == scalar_kind::f64) put(at, v);
        else put(at, static_cast<long double>(v));
      } else {
        const std::uint64_t bits = rng();
        std::memcpy(at, &bits, value_bytes(kind));
      }
    }
    out.push_back(std::move(e));
  }
  return out;
}

std::string format_value(const datatype& type, const sim::element& e) { return format_element(type, e.data()); }

}  // namespace redsem::tools
