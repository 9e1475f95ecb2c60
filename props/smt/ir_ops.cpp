// SPDX-License-Identifier: BSD-3-Clause
// Value operations of the IR executor (props/smt/ir_ops.h). Integers are bit-vectors of the
// IR width and wrap (the executor forks off division by zero and oversized shifts, which are
// undefined). Floats are the SMT FloatingPoint theory, rounding to nearest even, one NaN.
#include "props/smt/ir_ops.h"

#include <cctype>
#include <cstring>
#include <map>

namespace redsem::smt::cexec {
namespace {

using csource::ir_type;
using K = sval::kind;

z3::expr wrap(z3::context& c, Z3_ast a) {
  z3::expr e(c, a);
  c.check_error();
  return e;
}
sval bits(z3::expr e) { return sval::of(K::bits, std::move(e)); }
sval fp(z3::expr e) { return sval::of(K::fp, std::move(e)); }
sval boolean(z3::expr e) { return sval::of(K::boolean, std::move(e)); }

z3::expr as_int(z3::context& c, const sval& v) {
  if (v.k == K::boolean) return as_bits(c, v);
  if (v.k != K::bits) throw unmodelled_error{"integer arithmetic on a pointer or a float"};
  return v.term();
}

z3::expr rne(z3::context& c) { return wrap(c, Z3_mk_fpa_rne(c)); }
z3::expr is_nan(z3::context& c, const z3::expr& a) { return wrap(c, Z3_mk_fpa_is_nan(c, a)); }
z3::expr is_negative(z3::context& c, const z3::expr& a) { return wrap(c, Z3_mk_fpa_is_negative(c, a)); }
z3::expr flt(z3::context& c, const z3::expr& a, const z3::expr& b) { return wrap(c, Z3_mk_fpa_lt(c, a, b)); }
z3::expr fabs(z3::context& c, const z3::expr& a) { return wrap(c, Z3_mk_fpa_abs(c, a)); }

// llvm.minnum/maxnum as x86-64 code computes them (minsd/maxsd with a NaN fix-up): a NaN
// operand yields the other one; equal operands (+0 and -0) yield the first.
z3::expr min_max_num(z3::context& c, const z3::expr& a, const z3::expr& b, bool max) {
  const z3::expr a_wins = max ? flt(c, b, a) : flt(c, a, b);
  const z3::expr b_wins = max ? flt(c, a, b) : flt(c, b, a);
  return z3::ite(is_nan(c, a), b, z3::ite(is_nan(c, b), a, z3::ite(a_wins, a, z3::ite(b_wins, b, a))));
}

// llvm.minimum/maximum: NaN propagates, -0 < +0.
z3::expr min_max_imum(z3::context& c, const z3::expr& a, const z3::expr& b, bool max) {
  const z3::expr nan = wrap(c, Z3_mk_fpa_nan(c, a.get_sort()));
  const z3::expr a_wins = max ? flt(c, b, a) : flt(c, a, b);
  const z3::expr b_wins = max ? flt(c, a, b) : flt(c, b, a);
  const z3::expr tie = max ? z3::ite(is_negative(c, a), b, a) : z3::ite(is_negative(c, a), a, b);
  return z3::ite(is_nan(c, a) || is_nan(c, b), nan, z3::ite(a_wins, a, z3::ite(b_wins, b, tie)));
}

z3::expr saturating(z3::context& c, const std::string& op, const z3::expr& a, const z3::expr& b) {
  const unsigned w = a.get_sort().bv_size();
  const bool is_signed = op[0] == 's';
  const z3::expr x = is_signed ? z3::sext(a, 1) : z3::zext(a, 1), y = is_signed ? z3::sext(b, 1) : z3::zext(b, 1);
  const z3::expr r = op.find("add") != std::string::npos ? x + y : x - y;
  if (!is_signed) {
    if (op.find("add") != std::string::npos)
      return z3::ite(r.extract(w, w) == c.bv_val(1, 1), ~c.bv_val(0, w), r.extract(w - 1, 0));
    return z3::ite(z3::ult(a, b), c.bv_val(0, w), a - b);
  }
  const z3::expr max = z3::lshr(~c.bv_val(0, w), c.bv_val(1, w)), min = ~max;
  return z3::ite(r > z3::sext(max, 1), max, z3::ite(r < z3::sext(min, 1), min, r.extract(w - 1, 0)));
}

sval with_overflow(z3::context& c, const std::string& op, const z3::expr& a, const z3::expr& b) {
  const bool is_signed = op[0] == 's';
  z3::expr r = a + b, ok = c.bool_val(true);
  if (op.find("add") != std::string::npos) {
    ok = is_signed ? z3::bvadd_no_overflow(a, b, true) && z3::bvadd_no_underflow(a, b)
                   : z3::bvadd_no_overflow(a, b, false);
  } else if (op.find("sub") != std::string::npos) {
    r = a - b;
    ok = is_signed ? z3::bvsub_no_overflow(a, b) && z3::bvsub_no_underflow(a, b, true)
                   : z3::bvsub_no_underflow(a, b, false);
  } else {
    r = a * b;
    ok = is_signed ? z3::bvmul_no_overflow(a, b, true) && z3::bvmul_no_underflow(a, b)
                   : z3::bvmul_no_overflow(a, b, false);
  }
  sval out{K::agg, std::nullopt, {}, {bits(r), boolean(!ok)}};
  return out;
}

z3::expr funnel(z3::context& c, bool left, const z3::expr& a, const z3::expr& b, const z3::expr& s) {
  const unsigned w = a.get_sort().bv_size();
  const z3::expr wide = z3::concat(a, b);
  const z3::expr amount = z3::zext(z3::urem(s, c.bv_val(w, w)), w);
  return left ? z3::shl(wide, amount).extract(2 * w - 1, w) : z3::lshr(wide, amount).extract(w - 1, 0);
}

std::optional<z3::expr> rounding_of(z3::context& c, const std::string& f) {
  if (f == "floor") return wrap(c, Z3_mk_fpa_rtn(c));
  if (f == "ceil") return wrap(c, Z3_mk_fpa_rtp(c));
  if (f == "trunc") return wrap(c, Z3_mk_fpa_rtz(c));
  if (f == "round") return wrap(c, Z3_mk_fpa_rna(c));
  if (f == "rint" || f == "nearbyint" || f == "roundeven") return wrap(c, Z3_mk_fpa_rne(c));
  return std::nullopt;
}

// The C library's float functions by their intrinsic's name: fmaxf → maxnum, fabsl → fabs.
std::string libm_name(std::string n) {
  static const std::map<std::string, std::string> same{{"fmax", "maxnum"}, {"fmin", "minnum"}};
  for (const char* f :
       {"fabs", "fmax", "fmin", "copysign", "sqrt", "floor", "ceil", "trunc", "round", "rint", "nearbyint", "fma"}) {
    const std::string s(f);
    if (n == s || n == s + "f" || n == s + "l") return same.count(s) ? same.at(s) : s;
  }
  return n;
}

std::optional<sval> float_call(z3::context& c, const std::string& f, const std::vector<sval>& a) {
  auto arg = [&](std::size_t i) -> const z3::expr& {
    if (i >= a.size() || a[i].k != K::fp) throw unmodelled_error{"a call of " + f + " without float operands"};
    return a[i].term();
  };
  if (f == "fabs") return fp(fabs(c, arg(0)));
  if (f == "maxnum" || f == "minnum") return fp(min_max_num(c, arg(0), arg(1), f == "maxnum"));
  if (f == "maximum" || f == "minimum") return fp(min_max_imum(c, arg(0), arg(1), f == "maximum"));
  if (f == "copysign") {
    const z3::expr m = fabs(c, arg(0));
    return fp(z3::ite(is_negative(c, arg(1)), wrap(c, Z3_mk_fpa_neg(c, m)), m));
  }
  if (f == "sqrt") return fp(wrap(c, Z3_mk_fpa_sqrt(c, rne(c), arg(0))));
  if (f == "fma") return fp(wrap(c, Z3_mk_fpa_fma(c, rne(c), arg(0), arg(1), arg(2))));
  if (f == "fmuladd") {  // x86-64 without -mfma: the product rounds, then the sum
    const z3::expr p = float_binary(c, "fmul", a[0], a[1]).term();
    return fp(wrap(c, Z3_mk_fpa_add(c, rne(c), p, arg(2))));
  }
  if (auto rm = rounding_of(c, f)) return fp(wrap(c, Z3_mk_fpa_round_to_integral(c, *rm, arg(0))));
  return std::nullopt;
}

}  // namespace

std::string intrinsic_base(const std::string& name) {
  if (name.rfind("llvm.", 0) != 0) return libm_name(name);
  std::vector<std::string> parts;
  std::size_t at = 5;
  while (at <= name.size()) {
    const std::size_t dot = name.find('.', at);
    parts.push_back(name.substr(at, dot == std::string::npos ? std::string::npos : dot - at));
    if (dot == std::string::npos) break;
    at = dot + 1;
  }
  auto is_type = [](const std::string& p) {
    if (p.size() < 2) return false;
    if ((p[0] == 'i' || p[0] == 'f') && std::isdigit(static_cast<unsigned char>(p[1]))) return true;
    if (p[0] == 'v' && std::isdigit(static_cast<unsigned char>(p[1]))) return true;
    return p.rfind("p0", 0) == 0;
  };
  while (parts.size() > 1 && is_type(parts.back())) parts.pop_back();
  std::string out;
  for (const auto& p : parts) out += (out.empty() ? "" : ".") + p;
  return out;
}

sval literal(z3::context& c, const csource::ir_value& v) {
  const ir_type& t = *v.type;
  if (v.k == csource::ir_value::kind::integer) {
    if (t.bits == 1) return boolean(c.bool_val(v.text != "0"));
    if (t.bits <= 64) return bits(c.bv_val(static_cast<std::uint64_t>(csource::integer_literal(v.text)), t.bits));
    return bits(c.bv_val(v.text.c_str(), t.bits));
  }
  const std::string& s = v.text;
  if (s.rfind("0xK", 0) == 0) {  // x86_fp80: 20 hex digits, sign and exponent first
    const std::uint64_t hi = std::stoull(s.substr(3, 4), nullptr, 16), lo = std::stoull(s.substr(7), nullptr, 16);
    const z3::expr all = z3::concat(c.bv_val(hi, 16), c.bv_val(lo, 64));
    return from_bits(c, all, t);
  }
  double d = 0;
  if (s.rfind("0x", 0) == 0) {
    const std::uint64_t b = std::stoull(s.substr(2), nullptr, 16);
    std::memcpy(&d, &b, 8);
  } else {
    d = std::stod(s);
  }
  if (t.k == ir_type::kind::f32) {
    const float f = static_cast<float>(d);
    std::uint32_t b = 0;
    std::memcpy(&b, &f, 4);
    return fp(c.bv_val(b, 32).mk_from_ieee_bv(fp_sort(c, t)));
  }
  std::uint64_t b = 0;
  std::memcpy(&b, &d, 8);
  if (t.k == ir_type::kind::f64) return fp(c.bv_val(b, 64).mk_from_ieee_bv(fp_sort(c, t)));
  const z3::expr dbl = c.bv_val(b, 64).mk_from_ieee_bv(c.fpa_sort(11, 53));
  return fp(wrap(c, Z3_mk_fpa_to_fp_float(c, rne(c), dbl, fp_sort(c, t))));
}

sval int_binary(z3::context& c, const std::string& op, const sval& a, const sval& b) {
  if (a.k == K::boolean && b.k == K::boolean) {
    if (op == "and") return boolean(a.term() && b.term());
    if (op == "or") return boolean(a.term() || b.term());
    if (op == "xor") return boolean(a.term() != b.term());
  }
  const z3::expr x = as_int(c, a), y = as_int(c, b);
  z3::expr r = x;
  if (op == "add")
    r = x + y;
  else if (op == "sub")
    r = x - y;
  else if (op == "mul")
    r = x * y;
  else if (op == "udiv")
    r = z3::udiv(x, y);
  else if (op == "sdiv")
    r = x / y;
  else if (op == "urem")
    r = z3::urem(x, y);
  else if (op == "srem")
    r = z3::srem(x, y);
  else if (op == "shl")
    r = z3::shl(x, y);
  else if (op == "lshr")
    r = z3::lshr(x, y);
  else if (op == "ashr")
    r = z3::ashr(x, y);
  else if (op == "and")
    r = x & y;
  else if (op == "or")
    r = x | y;
  else if (op == "xor")
    r = x ^ y;
  else
    throw unmodelled_error{"the instruction " + op};
  if (a.k == K::boolean) return boolean(r.extract(0, 0) == c.bv_val(1, 1));
  return bits(r);
}

// x with its negations pulled out: (x', n) with x = (-)^n x'.
std::pair<z3::expr, bool> strip_negation(const z3::expr& x) {
  if (x.is_app() && x.decl().decl_kind() == Z3_OP_FPA_NEG) {
    auto [inner, odd] = strip_negation(x.arg(0));
    return {inner, !odd};
  }
  return {x, false};
}

sval float_binary(z3::context& c, const std::string& op, const sval& a, const sval& b) {
  if (a.k != K::fp || b.k != K::fp) throw unmodelled_error{op + " on a value that is not a float"};
  if (op == "fmul" || op == "fdiv") {
    // (-x)·y = -(x·y) exactly (round to nearest even is symmetric, and there is one NaN), so
    // a product written with its sign on either factor has one form, which the commutative
    // normal form (props/smt/normalise.h) can then match: a complex product's two orders.
    const auto [x, nx] = strip_negation(a.term());
    const auto [y, ny] = strip_negation(b.term());
    const auto f = op == "fmul" ? Z3_mk_fpa_mul : Z3_mk_fpa_div;
    const z3::expr r = wrap(c, f(c, rne(c), x, y));
    return fp(nx != ny ? wrap(c, Z3_mk_fpa_neg(c, r)) : r);
  }
  if (op == "fadd") return fp(wrap(c, Z3_mk_fpa_add(c, rne(c), a.term(), b.term())));
  if (op == "fsub") return fp(wrap(c, Z3_mk_fpa_sub(c, rne(c), a.term(), b.term())));
  if (op == "fmul") return fp(wrap(c, Z3_mk_fpa_mul(c, rne(c), a.term(), b.term())));
  if (op == "fdiv") return fp(wrap(c, Z3_mk_fpa_div(c, rne(c), a.term(), b.term())));
  throw unmodelled_error{"the instruction " + op + " (C's fmod is not IEEE remainder)"};
}

sval float_negate(z3::context& c, const sval& a) {
  if (a.k != K::fp) throw unmodelled_error{"fneg on a value that is not a float"};
  return fp(wrap(c, Z3_mk_fpa_neg(c, a.term())));
}

sval compare(z3::context& c, const std::string& op, const std::string& p, const sval& a, const sval& b) {
  if (op == "fcmp") {
    if (p == "true" || p == "false") return boolean(c.bool_val(p == "true"));
    const z3::expr &x = a.term(), &y = b.term();
    const z3::expr unordered = is_nan(c, x) || is_nan(c, y);
    if (p == "ord" || p == "uno") return boolean(p == "ord" ? !unordered : unordered);
    const std::string rel = p.substr(1);
    z3::expr r = c.bool_val(false);
    if (rel == "eq")
      r = wrap(c, Z3_mk_fpa_eq(c, x, y));
    else if (rel == "ne")
      r = !wrap(c, Z3_mk_fpa_eq(c, x, y));
    else if (rel == "gt")
      r = wrap(c, Z3_mk_fpa_gt(c, x, y));
    else if (rel == "ge")
      r = wrap(c, Z3_mk_fpa_geq(c, x, y));
    else if (rel == "lt")
      r = wrap(c, Z3_mk_fpa_lt(c, x, y));
    else if (rel == "le")
      r = wrap(c, Z3_mk_fpa_leq(c, x, y));
    else
      throw unmodelled_error{"fcmp " + p};
    return boolean(p[0] == 'o' ? !unordered && r : unordered || r);
  }
  if (a.k == K::ptr || b.k == K::ptr) {
    if (a.k != K::ptr || b.k != K::ptr) throw unmodelled_error{"a comparison of a pointer with an integer"};
    const bool same_region = a.p.region == b.p.region;
    if (p == "eq") return boolean(c.bool_val(same_region && a.p.offset == b.p.offset));
    if (p == "ne") return boolean(c.bool_val(!(same_region && a.p.offset == b.p.offset)));
    throw unmodelled_error{"an ordering comparison of pointers"};
  }
  const z3::expr x = as_int(c, a), y = as_int(c, b);
  if (p == "eq") return boolean(x == y);
  if (p == "ne") return boolean(x != y);
  if (p == "ugt") return boolean(z3::ugt(x, y));
  if (p == "uge") return boolean(z3::uge(x, y));
  if (p == "ult") return boolean(z3::ult(x, y));
  if (p == "ule") return boolean(z3::ule(x, y));
  if (p == "sgt") return boolean(x > y);
  if (p == "sge") return boolean(x >= y);
  if (p == "slt") return boolean(x < y);
  if (p == "sle") return boolean(x <= y);
  throw unmodelled_error{"icmp " + p};
}

sval cast(z3::context& c, const std::string& op, const sval& a, const ir_type& to) {
  const bool to_int = to.k == ir_type::kind::integer;
  if (op == "bitcast" || op == "addrspacecast") {
    if (a.k == K::ptr && to.k == ir_type::kind::pointer) return a;
    if (a.k == K::fp && csource::is_float(to)) return a;
    if (a.k == K::bits && to_int) return a;
    return from_bits(c, as_bits(c, a), to);
  }
  if (op == "ptrtoint" || op == "inttoptr")
    throw unmodelled_error{"the cast " + op + " (pointer arithmetic as integers)"};
  if (op == "zext" || op == "sext" || op == "trunc") {
    const z3::expr x = as_int(c, a);
    const unsigned from = x.get_sort().bv_size();
    if (op == "trunc")
      return to.bits == 1 ? boolean(x.extract(0, 0) == c.bv_val(1, 1)) : bits(x.extract(to.bits - 1, 0));
    return bits(op == "zext" ? z3::zext(x, to.bits - from) : z3::sext(x, to.bits - from));
  }
  if (op == "fpext" || op == "fptrunc") return fp(wrap(c, Z3_mk_fpa_to_fp_float(c, rne(c), a.term(), fp_sort(c, to))));
  if (op == "sitofp" || op == "uitofp") {
    const z3::expr x = as_int(c, a);
    auto f = op == "sitofp" ? Z3_mk_fpa_to_fp_signed : Z3_mk_fpa_to_fp_unsigned;
    return fp(wrap(c, f(c, rne(c), x, fp_sort(c, to))));
  }
  if (op == "fptosi" || op == "fptoui") {
    const z3::expr rtz = wrap(c, Z3_mk_fpa_rtz(c));
    auto f = op == "fptosi" ? Z3_mk_fpa_to_sbv : Z3_mk_fpa_to_ubv;
    const z3::expr r = wrap(c, f(c, rtz, a.term(), to.bits));
    return to.bits == 1 ? boolean(r.extract(0, 0) == c.bv_val(1, 1)) : bits(r);
  }
  throw unmodelled_error{"the cast " + op};
}

sval select(z3::context& c, const sval& cond, const sval& a, const sval& b) {
  const z3::expr k = cond.term().simplify();
  if (k.is_true()) return a;
  if (k.is_false()) return b;
  if (a.k != b.k || a.k == K::ptr || a.k == K::agg) {
    if (a.k == K::ptr && b.k == K::ptr && a.p.region == b.p.region && a.p.offset == b.p.offset) return a;
    throw unmodelled_error{"a select between two pointers that depends on the data"};
  }
  (void)c;
  return sval::of(a.k, z3::ite(cond.term(), a.term(), b.term()));
}

std::optional<sval> pure_call(z3::context& c, const std::string& name, const std::vector<sval>& a,
                              const ir_type& result) {
  (void)result;
  const std::string f = intrinsic_base(name);
  if (auto r = float_call(c, f, a)) return r;
  auto arg = [&](std::size_t i) { return as_int(c, a.at(i)); };
  if (f == "smax") return bits(z3::ite(arg(0) > arg(1), arg(0), arg(1)));
  if (f == "smin") return bits(z3::ite(arg(0) < arg(1), arg(0), arg(1)));
  if (f == "umax") return bits(z3::ite(z3::ugt(arg(0), arg(1)), arg(0), arg(1)));
  if (f == "umin") return bits(z3::ite(z3::ult(arg(0), arg(1)), arg(0), arg(1)));
  if (f == "abs") return bits(z3::ite(arg(0) < c.bv_val(0, arg(0).get_sort().bv_size()), -arg(0), arg(0)));
  if (f == "sadd.sat" || f == "uadd.sat" || f == "ssub.sat" || f == "usub.sat")
    return bits(saturating(c, f, arg(0), arg(1)));
  if (f.find(".with.overflow") != std::string::npos) return with_overflow(c, f, arg(0), arg(1));
  if (f == "fshl" || f == "fshr") return bits(funnel(c, f == "fshl", arg(0), arg(1), arg(2)));
  if (f == "bswap") {
    const z3::expr x = arg(0);
    const unsigned w = x.get_sort().bv_size();
    z3::expr r = x.extract(7, 0);
    for (unsigned i = 8; i < w; i += 8) r = z3::concat(r, x.extract(i + 7, i));
    return bits(r);
  }
  return std::nullopt;
}

}  // namespace redsem::smt::cexec
