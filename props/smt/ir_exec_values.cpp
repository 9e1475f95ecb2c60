// SPDX-License-Identifier: BSD-3-Clause
// The symbolic IR executor's operands and addresses (ir_executor.h): an operand's value on a
// path, undefined and zero values of a type, getelementptr's arithmetic and the region an
// access reaches.
#include "props/smt/ir_executor.h"
#include "props/smt/ir_ops.h"

namespace redsem::smt::cexec::detail {

using csource::ir_function;
using csource::ir_instr;
using csource::ir_type;
using csource::ir_value;

sval executor::eval(const state& s, const ir_value& v) {
  using VK = ir_value::kind;
  switch (v.k) {
    case VK::local: {
      const auto& regs = s.frames.back().regs;
      const auto it = regs.find(v.text);
      if (it == regs.end()) throw unmodelled_error{"a use of %" + v.text + " before its definition"};
      return it->second;
    }
    case VK::global: {
      const auto it = globals.find(v.text);
      if (it == globals.end()) throw unmodelled_error{"the global @" + v.text};
      return sval::ptr({it->second, 0});
    }
    case VK::integer:
    case VK::floating:
      return literal(c_, v);
    case VK::null:
      return sval::ptr({-1, 0});
    case VK::undef:
      return fresh(*v.type);
    case VK::zero:
      return zero(*v.type);
    case VK::constexpr_: {
      if (v.op == "getelementptr") {
        std::vector<sval> idx;
        for (std::size_t i = 1; i < v.operands.size(); ++i) idx.push_back(eval(s, v.operands[i]));
        return sval::ptr(gep(eval(s, v.operands[0]), *v.source, idx));
      }
      return cast(c_, v.op, eval(s, v.operands[0]), *v.type);
    }
  }
  throw unmodelled_error{"an operand of unknown kind"};
}

sval executor::fresh(const ir_type& t) {
  if (t.k == ir_type::kind::integer && t.bits == 1)
    return sval::of(sval::kind::boolean, c_.bool_const(fresh_name().c_str()));
  if (t.k == ir_type::kind::integer) return sval::of(sval::kind::bits, c_.bv_const(fresh_name().c_str(), t.bits));
  if (csource::is_float(t)) return sval::of(sval::kind::fp, c_.constant(fresh_name().c_str(), fp_sort(c_, t)));
  throw unmodelled_error{"an undefined value of type " + t.text};
}

sval executor::zero(const ir_type& t) {
  using TK = ir_type::kind;
  if (t.k == TK::pointer) return sval::ptr({-1, 0});
  if (t.k == TK::structure || t.k == TK::array) {
    sval a{sval::kind::agg, std::nullopt, {}, {}};
    for (std::size_t i = 0; i < (t.k == TK::array ? t.count : t.elems.size()); ++i)
      a.parts.push_back(zero(*t.elems[t.k == TK::array ? 0 : i]));
    return a;
  }
  if (t.k == TK::integer && t.bits == 1) return sval::of(sval::kind::boolean, c_.bool_val(false));
  if (t.k == TK::integer) return sval::of(sval::kind::bits, c_.bv_val(0, t.bits));
  return from_bits(c_, c_.bv_val(0, t.k == TK::f80 ? 80 : static_cast<unsigned>(csource::size_of(t) * 8)), t);
}

pointer executor::gep(const sval& base, const ir_type& source, const std::vector<sval>& idx) {
  if (base.k != sval::kind::ptr) throw unmodelled_error{"an address computed from an integer"};
  pointer p = base.p;
  const ir_type* cur = &source;
  for (std::size_t i = 0; i < idx.size(); ++i) {
    const std::int64_t k = concrete(as_bits(c_, idx[i]), "an address");
    if (i == 0) {
      p.offset += k * static_cast<std::int64_t>(csource::size_of(source));
    } else if (cur->k == ir_type::kind::structure) {
      p.offset += static_cast<std::int64_t>(csource::field_offset(*cur, static_cast<std::size_t>(k)));
      cur = cur->elems.at(static_cast<std::size_t>(k)).get();
    } else {
      cur = cur->elems.at(0).get();
      p.offset += k * static_cast<std::int64_t>(csource::size_of(*cur));
    }
  }
  return p;
}

region& executor::target(state& s, const sval& p, const char* verb) {
  if (p.k != sval::kind::ptr) throw unmodelled_error{std::string(verb) + " through a value that is not a pointer"};
  if (p.p.region < 0) throw unmodelled_error{std::string(verb) + " through a null pointer"};
  if (p.p.offset < 0)
    throw unmodelled_error{std::string(verb) + " before the start of " +
                           s.mem[static_cast<std::size_t>(p.p.region)].name};
  region& r = s.mem[static_cast<std::size_t>(p.p.region)];
  if (!r.bounded)  // a global: its value is not the function's to know
    throw unmodelled_error{std::string(verb) + " " + r.name + ", whose value is set at run time"};
  return r;
}

}  // namespace redsem::smt::cexec::detail
