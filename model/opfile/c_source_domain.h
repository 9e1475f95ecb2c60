/* SPDX-License-Identifier: BSD-3-Clause */
// A value domain (model/domain.h) whose values are C expressions: evaluating an op file's typed
// AST over it (evaluate.h) writes, operation by operation, the C statements that compute what
// the concrete domain (model/concrete_domain.h) computes. So the C that `redsem emit-c` prints is
// the model's own evaluation spelled out, NaN, ±0, wrapping and shift rules included: MIN and
// MAX come from ops::extreme under the policy, like everywhere else.
//
// Every operation becomes one `const T tN = …;` local: a node the AST shares (lets, `e in {…}`)
// is computed once, and every floating operation rounds to its type at its own statement.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "model/domain.h"

namespace redsem::opfile {

// A C expression of the type that holds scalar S: a local's name, an operand field or a literal.
template <class S>
struct c_expr {
  std::string text;
};

// The C type generated code holds a scalar S in; bool is C99's bool (<stdbool.h>).
template <class S>
constexpr std::string_view c_type() {
  if constexpr (std::is_same_v<S, bool>) return "bool";
  else if constexpr (std::is_same_v<S, std::int8_t>) return "int8_t";
  else if constexpr (std::is_same_v<S, std::int16_t>) return "int16_t";
  else if constexpr (std::is_same_v<S, std::int32_t>) return "int32_t";
  else if constexpr (std::is_same_v<S, std::int64_t>) return "int64_t";
  else if constexpr (std::is_same_v<S, std::uint8_t>) return "uint8_t";
  else if constexpr (std::is_same_v<S, std::uint16_t>) return "uint16_t";
  else if constexpr (std::is_same_v<S, std::uint32_t>) return "uint32_t";
  else if constexpr (std::is_same_v<S, std::uint64_t>) return "uint64_t";
  else if constexpr (std::is_same_v<S, float>) return "float";
  else if constexpr (std::is_same_v<S, double>) return "double";
  else {
    static_assert(std::is_same_v<S, long double>, "an op-file field type");
    return "long double";
  }
}

// C literals of the scalar's type, parenthesised so that they can stand anywhere: exact for
// every value (hexadecimal floats; NaN and ±inf from <math.h>'s NAN and INFINITY).
std::string c_literal(bool v);
std::string c_literal(std::int64_t v, std::string_view type);
std::string c_literal(std::uint64_t v, std::string_view type);
std::string c_literal(long double v, std::string_view type);

class c_source_domain {
 public:
  using boolean = c_expr<bool>;
  template <class S>
  using value = c_expr<S>;

  // Statements are appended to *out; locals are named t0, t1, … from *counter on.
  c_source_domain(std::vector<std::string>& out, int& counter) : out_(&out), counter_(&counter) {}

  template <class S>
  c_expr<S> constant(S c) const {
    if constexpr (std::is_same_v<S, bool>) return {c_literal(c)};
    else if constexpr (std::is_floating_point_v<S>) return {c_literal(static_cast<long double>(c), c_type<S>())};
    else if constexpr (std::is_signed_v<S>) return {c_literal(static_cast<std::int64_t>(c), c_type<S>())};
    else return {c_literal(static_cast<std::uint64_t>(c), c_type<S>())};
  }

  template <class S>
  c_expr<S> select(const boolean& c, const c_expr<S>& a, const c_expr<S>& b) const {
    return local<S>(c.text + " ? " + a.text + " : " + b.text);
  }

  template <class S>
  c_expr<S> add(const c_expr<S>& a, const c_expr<S>& b) const { return arith(a, "+", b); }
  template <class S>
  c_expr<S> sub(const c_expr<S>& a, const c_expr<S>& b) const { return arith(a, "-", b); }
  template <class S>
  c_expr<S> mul(const c_expr<S>& a, const c_expr<S>& b) const { return arith(a, "*", b); }

  template <class S>
  c_expr<S> neg(const c_expr<S>& a) const {
    if constexpr (std::is_floating_point_v<S>) return local<S>("-" + a.text);
    else return arith(c_expr<S>{"0"}, "-", a);
  }

  template <class S>
  boolean lt(const c_expr<S>& a, const c_expr<S>& b) const { return local<bool>(a.text + " < " + b.text); }
  template <class S>
  boolean eq(const c_expr<S>& a, const c_expr<S>& b) const { return local<bool>(a.text + " == " + b.text); }
  template <class S>
  boolean is_nan(const c_expr<S>& a) const { return local<bool>("isnan(" + a.text + ")"); }
  template <class S>
  boolean is_inf(const c_expr<S>& a) const { return local<bool>("isinf(" + a.text + ")"); }
  template <class S>
  boolean sign_bit(const c_expr<S>& a) const { return local<bool>("signbit(" + a.text + ")"); }

  template <class S>
  c_expr<S> band(const c_expr<S>& a, const c_expr<S>& b) const { return bits_op(a, "&", b); }
  template <class S>
  c_expr<S> bor(const c_expr<S>& a, const c_expr<S>& b) const { return bits_op(a, "|", b); }
  template <class S>
  c_expr<S> bxor(const c_expr<S>& a, const c_expr<S>& b) const { return bits_op(a, "^", b); }

  // As the concrete domain: the amount read as unsigned; a shift by the width or more gives 0
  // (or, >> of a negative signed value, −1); a rotation is by the amount modulo the width.
  template <class S>
  c_expr<S> shl(const c_expr<S>& a, const c_expr<S>& n) const {
    const std::string k = amount(n);
    return local<S>(k + " >= " + width<S>() + " ? " + cast<S>("0") + " : " + cast<S>(widen<S>(a) + " << " + k));
  }
  template <class S>
  c_expr<S> shr(const c_expr<S>& a, const c_expr<S>& n) const {
    const std::string k = amount(n);
    if constexpr (std::is_signed_v<S>) {
      // >> of a negative value is implementation-defined in C; GCC and Clang shift arithmetically.
      return local<S>(k + " >= " + width<S>() + " ? (" + a.text + " < 0 ? " + cast<S>("-1") + " : " + cast<S>("0") +
                      ") : " + cast<S>(a.text + " >> " + k));
    } else {
      return local<S>(k + " >= " + width<S>() + " ? " + cast<S>("0") + " : " + cast<S>(widen<S>(a) + " >> " + k));
    }
  }
  template <class S>
  c_expr<S> rotl(const c_expr<S>& a, const c_expr<S>& n) const { return rotate(a, n, "<<", ">>"); }
  template <class S>
  c_expr<S> rotr(const c_expr<S>& a, const c_expr<S>& n) const { return rotate(a, n, ">>", "<<"); }

  boolean and_(const boolean& p, const boolean& q) const { return local<bool>(p.text + " && " + q.text); }
  boolean or_(const boolean& p, const boolean& q) const { return local<bool>(p.text + " || " + q.text); }
  boolean xor_(const boolean& p, const boolean& q) const { return local<bool>(p.text + " != " + q.text); }
  boolean not_(const boolean& p) const { return local<bool>("!" + p.text); }

 private:
  template <class S>
  c_expr<S> local(const std::string& expr) const {
    std::string name = "t" + std::to_string((*counter_)++);
    out_->push_back("const " + std::string(c_type<S>()) + " " + name + " = " + expr + ";");
    return {std::move(name)};
  }

  template <class S>
  static std::string cast(const std::string& expr) {
    return "(" + std::string(c_type<S>()) + ")(" + expr + ")";
  }
  // Integers compute in an unsigned type at least as wide as unsigned int, as the concrete
  // domain does: it wraps, and never meets signed overflow or the promotion to int. Converting
  // the result back to a signed type is implementation-defined in C, modulo 2^N in GCC and Clang.
  template <class S>
  static std::string wide() {
    return sizeof(S) <= sizeof(unsigned) ? "unsigned" : "uint64_t";
  }
  template <class S>
  static std::string widen(const c_expr<S>& a) {
    return "(" + wide<S>() + ")(" + std::string(c_type<std::make_unsigned_t<S>>()) + ")" + a.text;
  }
  template <class S>
  static std::string width() {
    return std::to_string(sizeof(S) * 8) + "u";
  }
  // The amount as the unsigned type of S (all its bits: 2^32 is not a shift by 0), in a local.
  template <class S>
  std::string amount(const c_expr<S>& n) const {
    using U = std::make_unsigned_t<S>;
    return local<U>("(" + std::string(c_type<U>()) + ")" + n.text).text;
  }

  template <class S>
  c_expr<S> arith(const c_expr<S>& a, const char* op, const c_expr<S>& b) const {
    if constexpr (std::is_floating_point_v<S>) return local<S>(a.text + " " + op + " " + b.text);
    else return local<S>(cast<S>(widen<S>(a) + " " + op + " " + widen<S>(b)));
  }
  template <class S>
  c_expr<S> bits_op(const c_expr<S>& a, const char* op, const c_expr<S>& b) const {
    return local<S>(cast<S>(a.text + " " + op + " " + b.text));
  }
  template <class S>
  c_expr<S> rotate(const c_expr<S>& a, const c_expr<S>& n, const char* toward, const char* back) const {
    using U = std::make_unsigned_t<S>;
    const std::string k =
        local<unsigned>("(unsigned)((" + std::string(c_type<U>()) + ")" + n.text + " % " + width<S>() + ")").text;
    const std::string u = widen<S>(a);
    return local<S>(k + " == 0u ? " + a.text + " : " +
                    cast<S>("(" + std::string(c_type<U>()) + ")((" + u + " " + toward + " " + k + ") | (" + u + " " +
                            back + " (" + width<S>() + " - " + k + ")))"));
  }

  std::vector<std::string>* out_;
  int* counter_;
};

}  // namespace redsem::opfile

namespace redsem {
// So that is_float_value<c_expr<S>> and the ops' `if constexpr` branches see the scalar S.
template <class S>
struct scalar_of<opfile::c_expr<S>> {
  using type = S;
};
}  // namespace redsem
