// SPDX-License-Identifier: BSD-3-Clause
// The C function as the law engine's subject (props/smt/c_subject.h).
#include "props/smt/c_subject.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <stdexcept>

#include "model/special_values.h"
#include "props/smt/sym_element.h"

namespace redsem::smt {
namespace {

using csource::ir_type;

// Calls f.template operator()<S>() with the C++ scalar that stores the field (bool as a byte).
template <class F>
void with_scalar(opfile::field_type t, F&& f) {
  opfile::visit(t, [&](auto tag) {
    using S = opfile::field_cpp_t<decltype(tag)::value>;
    if constexpr (std::is_same_v<S, bool>)
      f.template operator()<std::uint8_t>();
    else
      f.template operator()<S>();
  });
}

scalar_kind kind_of(opfile::field_type t) {
  scalar_kind k{};
  with_scalar(t, [&]<class S>() { k = scalar_kind_of<S>(); });
  return k;
}

std::size_t field_bytes(opfile::field_type t) { return value_bytes(kind_of(t)); }

ir_type ir_type_of(opfile::field_type t) {
  ir_type r;
  using F = opfile::field_type;
  switch (t) {
    case F::f32:
      r.k = ir_type::kind::f32;
      break;
    case F::f64:
      r.k = ir_type::kind::f64;
      break;
    case F::f80:
      r.k = ir_type::kind::f80;
      break;
    default:
      r.k = ir_type::kind::integer;
      r.bits = static_cast<unsigned>(field_bytes(t) * 8);
  }
  return r;
}

z3::expr merge(const std::vector<cexec::path_end>& ends, const std::vector<z3::expr>& values) {
  z3::expr acc = values.back();
  for (std::size_t i = values.size() - 1; i-- > 0;) acc = z3::ite(ends[i].condition, values[i], acc);
  return acc;
}

cexec::region buffer(z3::context& c, const c_function& fn, const char* name, const std::vector<c_element>& elements,
                     bool inout, const std::function<z3::expr(bool, std::size_t, std::size_t)>& pad) {
  const auto extent = static_cast<std::uint64_t>(fn.op->type.extent());
  cexec::region r{name, extent * elements.size(), true, {}};
  ir_type byte;
  byte.k = ir_type::kind::integer;
  byte.bits = 8;
  for (std::size_t e = 0; e < elements.size(); ++e) {
    std::vector<bool> covered(extent, false);
    for (std::size_t f = 0; f < fn.field_types.size(); ++f) {
      const ir_type& t = fn.field_types[f];
      const auto at = e * extent + fn.op->offsets[f];
      const auto kind = csource::is_float(t) ? cexec::sval::kind::fp : cexec::sval::kind::bits;
      cexec::store(c, r, at, t, cexec::sval::of(kind, elements[e][f]));
      for (std::uint64_t b = 0; b < field_bytes(fn.op->fields[f]); ++b) covered[fn.op->offsets[f] + b] = true;
    }
    for (std::uint64_t b = 0; b < extent; ++b)
      if (!covered[b])
        cexec::store(c, r, e * extent + b, byte, cexec::sval::of(cexec::sval::kind::bits, pad(inout, e, b)));
  }
  return r;
}

// The concrete op: the same executor on constants, in a context of its own; false when the
// call takes a path outside the model or a result is not a constant.
struct concrete_runner {
  z3::context c;
  std::shared_ptr<const c_function> fn;

  bool combine(const std::byte* a, const std::byte* b, std::byte* out) {
    const auto pad = [&](bool inout, std::size_t, std::size_t byte) {
      return c.bv_val(static_cast<unsigned>((inout ? b : a)[byte]), 8);
    };
    const c_call r = call_c_function(c, *fn, {element_at(c, *fn, a)}, {element_at(c, *fn, b)}, pad);
    if (!r.run.stops.empty() || !r.run.too_many_paths.empty() || r.run.ends.empty()) return false;
    std::memcpy(out, b, static_cast<std::size_t>(fn->op->type.extent()));
    bool constant = true;
    for (std::size_t f = 0; f < fn->op->fields.size(); ++f)
      with_scalar(fn->op->fields[f], [&]<class S>() {
        z3::expr v = r.result[0][f].simplify();
        std::byte* at = out + fn->op->offsets[f];
        if constexpr (std::is_floating_point_v<S>) {
          if (Z3_fpa_is_numeral_nan(c, v)) {
            const S nan = std::numeric_limits<S>::quiet_NaN();
            std::memcpy(at, &nan, value_bytes(scalar_kind_of<S>()));
            return;
          }
          v = z3::expr(c, Z3_mk_fpa_to_ieee_bv(c, v)).simplify();
        }
        if (!v.is_numeral())
          constant = false;
        else
          detail::store_bits<S>(v, at);
      });
    return constant;
  }
};

// Whether no float field of the element at p is a NaN or -0.
bool ordinary(const c_function& fn, const std::byte* p) {
  bool all = true;
  for (std::size_t f = 0; f < fn.op->fields.size(); ++f)
    with_scalar(fn.op->fields[f], [&]<class S>() {
      if constexpr (std::is_floating_point_v<S>) {
        S v{};
        std::memcpy(&v, p + fn.op->offsets[f], value_bytes(scalar_kind_of<S>()));
        if (v != v || (v == 0 && std::signbit(v))) all = false;
      }
    });
  return all;
}

laws::model_op concrete_op(std::shared_ptr<const c_function> fn, bool ordinary_only) {
  auto runner = std::make_shared<concrete_runner>();
  runner->fn = fn;
  laws::model_op m{
      fn->op->function,
      fn->op->type,
      [runner](const std::byte* a, const std::byte* b, std::byte* out) { return runner->combine(a, b, out); },
      {}};
  if (ordinary_only) m.legal = [fn](const std::byte* p) { return ordinary(*fn, p); };
  return m;
}

}  // namespace

c_subject::c_subject(std::shared_ptr<const c_function> fn, bool ordinary_only)
    : fn_(std::move(fn)), ordinary_only_(ordinary_only), m_(concrete_op(fn_, ordinary_only)) {}

z3::expr c_subject::session::legal(const value& x) const {
  z3::expr all = c_.bool_val(true);
  if (!ordinary_only_) return all;
  for (const auto& t : x)
    if (t.is_fpa()) {
      const z3::expr nan(c_, Z3_mk_fpa_is_nan(c_, t)), zero(c_, Z3_mk_fpa_is_zero(c_, t)),
          negative(c_, Z3_mk_fpa_is_negative(c_, t));
      all = all && !nan && !(zero && negative);
    }
  return all;
}

std::shared_ptr<const c_function> load_c_function(const laws::c_source_op& op) {
  auto fn = std::make_shared<c_function>();
  fn->module = csource::parse_ir(op.ir);
  fn->handle_module = csource::parse_ir(op.handle_ir);
  fn->op = &op;
  const auto it = fn->module.functions.find(op.function);
  if (it == fn->module.functions.end() || it->second.blocks.empty())
    throw std::runtime_error("the file defines no function '" + op.function +
                             "' (a static one the compiler removed, "
                             "or a misspelt name?)");
  fn->f = &it->second;
  if (fn->f->params.size() != 4)
    throw std::runtime_error("'" + op.function + "' takes " + std::to_string(fn->f->params.size()) +
                             " parameters; an MPI_User_function takes 4 (invec, inoutvec, len, datatype)");
  const auto h = fn->handle_module.functions.find("redsem_handle");
  if (h == fn->handle_module.functions.end() || h->second.blocks.empty() || h->second.blocks[0].instrs.empty() ||
      h->second.blocks[0].instrs.back().op != "ret" || h->second.blocks[0].instrs.back().args.empty())
    throw std::runtime_error("the datatype handle did not compile to a constant");
  fn->handle = h->second.blocks[0].instrs.back().args[0];
  for (auto t : op.fields) fn->field_types.push_back(ir_type_of(t));
  return fn;
}

c_call call_c_function(z3::context& c, const c_function& fn, const std::vector<c_element>& in,
                       const std::vector<c_element>& inout,
                       const std::function<z3::expr(bool, std::size_t, std::size_t)>& pad) {
  c_call out;
  cexec::run_limits limits;
  limits.type_extent = fn.op->type.extent();
  for (const auto& e : fn.op->type.entries()) limits.type_size += info(e.type).size;
  out.run = cexec::run_function(c, fn.module, *fn.f, buffer(c, fn, "invec", in, false, pad),
                                buffer(c, fn, "inoutvec", inout, true, pad), static_cast<std::int64_t>(in.size()),
                                fn.handle, limits);
  const auto extent = static_cast<std::uint64_t>(fn.op->type.extent());
  for (std::size_t e = 0; e < inout.size(); ++e) {
    c_element r;
    for (std::size_t f = 0; f < fn.field_types.size(); ++f) {
      std::vector<z3::expr> values;
      std::vector<cexec::path_end> ends;
      for (const auto& end : out.run.ends) {
        try {
          values.push_back(cexec::load(c, end.inoutvec, e * extent + fn.op->offsets[f], fn.field_types[f]).term());
          ends.push_back(end);
        } catch (const cexec::unmodelled_error& err) {
          out.run.stops.push_back({end.condition, "the result: " + err.what, 0});
        }
      }
      r.push_back(values.empty() ? inout[e][f] : merge(ends, values));
    }
    out.result.push_back(std::move(r));
  }
  return out;
}

c_element fresh_element(z3::context& c, const c_function& fn, const std::string& name, std::vector<z3::expr>* bits) {
  c_element v;
  for (std::size_t f = 0; f < fn.op->fields.size(); ++f) {
    const std::string field = name + "." + std::to_string(f);
    if (fn.op->fields[f] == opfile::field_type::boolean) {  // a C bool holds 0 or 1, nothing else
      bits->push_back(c.bv_const(field.c_str(), 1));
      v.push_back(z3::zext(bits->back(), 7));
      continue;
    }
    with_scalar(fn.op->fields[f], [&]<class S>() {
      bits->push_back(c.bv_const(field.c_str(), detail::stored_bits<S>()));
      v.push_back(detail::from_bits<S>(c, bits->back()).term);
    });
  }
  return v;
}

c_element element_at(z3::context& c, const c_function& fn, const std::byte* p) {
  c_element v;
  for (std::size_t f = 0; f < fn.op->fields.size(); ++f)
    with_scalar(fn.op->fields[f], [&]<class S>() {
      v.push_back(detail::from_bits<S>(c, detail::bits_at<S>(c, p + fn.op->offsets[f])).term);
    });
  return v;
}

void decode_element(const z3::model& m, const c_function& fn, const std::vector<z3::expr>& bits, std::byte* p) {
  for (std::size_t f = 0; f < fn.op->fields.size(); ++f)
    with_scalar(fn.op->fields[f], [&]<class S>() { detail::decode_scalar<S>(m, bits[f], p + fn.op->offsets[f]); });
}

c_element c_subject::session::combine(const value& a, const value& b) {
  const auto pad = [&](bool, std::size_t, std::size_t) {
    return c_.bv_const(("pad!" + std::to_string(++pads_)).c_str(), 8);
  };
  return call_c_function(c_, fn_, {a}, {b}, pad).result.at(0);
}

z3::expr c_subject::session::same(const value& a, const value& b) const {
  z3::expr all = c_.bool_val(true);
  for (std::size_t f = 0; f < a.size(); ++f) all = all && a[f] == b[f];
  return all;
}

bool holds_float(const c_function& fn) {
  for (const auto& t : fn.field_types)
    if (csource::is_float(t)) return true;
  return false;
}

bool c_subject::holds_float() const { return smt::holds_float(*fn_); }

std::vector<laws::element_bytes> c_subject::candidates(std::mt19937_64& rng) const {
  const auto extent = static_cast<std::size_t>(fn_->op->type.extent());
  const auto& fields = fn_->op->fields;
  std::size_t rows = 0;
  for (auto t : fields) rows = std::max(rows, core_special_values(kind_of(t)).size());
  std::vector<laws::element_bytes> out;
  for (std::size_t i = 0; i < rows + 8; ++i) {
    laws::element_bytes e(extent);
    for (std::size_t f = 0; f < fields.size(); ++f) {
      const std::size_t pick = i < rows ? i + f : rng();
      if (fields[f] == opfile::field_type::boolean) {  // 0 or 1, as a C bool
        e[fn_->op->offsets[f]] = std::byte(pick % 2);
        continue;
      }
      const auto values = core_special_values(kind_of(fields[f]));
      std::memcpy(e.data() + fn_->op->offsets[f], values[pick % values.size()].data(), field_bytes(fields[f]));
    }
    out.push_back(std::move(e));
  }
  return out;
}

}  // namespace redsem::smt
