// SPDX-License-Identifier: BSD-3-Clause
// The two choices MPI leaves open that the libraries make differently from the default:
// complex PROD as C Annex G, and MINLOC/MAXLOC ties and NaN by operand position.
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <cstring>
#include <limits>
#include <vector>

#include "model/concrete_domain.h"
#include "model/op_definitions.h"

namespace redsem {
namespace {

template <basic_type B>
element_t<B> apply(op_id op, element_t<B> a, element_t<B> b, const policy& p) {
  const concrete_domain d(p);
  return ops::apply<B>(op, d, p, a, b);
}

policy annex_g() {
  policy p;
  p.complex_prod = complex_prod_rule::annex_g;
  return p;
}

template <class F>
bool same(F x, F y) {
  return (std::isnan(x) && std::isnan(y)) || (x == y && std::signbit(x) == std::signbit(y));
}

template <class F>
std::vector<F> specials() {
  using L = std::numeric_limits<F>;
  return {F{0}, -F{0}, F{1}, F{-1}, F{2.5}, L::infinity(), -L::infinity(), L::quiet_NaN(), -L::quiet_NaN(),
          L::max(), -L::max(), L::denorm_min(), L::min()};
}

// Every pair of special complex values: the model under annex_g against the compiler's own
// complex `*` (GCC: __mulsc3/__muldc3/__mulxc3 when the plain formula gives NaN + NaNi).
template <basic_type B>
void annex_g_is_the_compilers_product() {
  using S = decltype(element_t<B>{}.re);
  const auto v = specials<S>();
  int recovered = 0;
  for (S a : v)
    for (S b : v)
      for (S c : v)
        for (S d : v) {
          const std::complex<S> want = std::complex<S>(a, b) * std::complex<S>(c, d);
          const auto got = apply<B>(op_id::prod, {a, b}, {c, d}, annex_g());
          ASSERT_TRUE(same(got.re, want.real()) && same(got.im, want.imag()))
              << to_string(B) << ": (" << a << ", " << b << ") * (" << c << ", " << d << ") = (" << want.real() << ", "
              << want.imag() << ") but the model gives (" << got.re << ", " << got.im << ")";
          const auto plain = apply<B>(op_id::prod, {a, b}, {c, d}, policy{});
          recovered += std::isnan(plain.re) && std::isnan(plain.im) && !std::isnan(got.re);
        }
  EXPECT_GT(recovered, 100) << "the specials reach Annex G's recovery";
}

TEST(PolicyChoices, AnnexGComplexProductIsTheCompilers) {
  annex_g_is_the_compilers_product<basic_type::c_complex>();
  annex_g_is_the_compilers_product<basic_type::c_double_complex>();
  annex_g_is_the_compilers_product<basic_type::c_long_double_complex>();
}

TEST(PolicyChoices, AnnexGRecoversTheInfinityTheTextbookLoses) {
  constexpr double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
  // (inf + NaN i)(1 + 0i): the textbook gives inf·1 − NaN·0 = NaN and inf·0 + NaN·1 = NaN.
  const auto t = apply<basic_type::c_double_complex>(op_id::prod, {inf, nan}, {1, 0}, policy{});
  EXPECT_TRUE(std::isnan(t.re) && std::isnan(t.im));
  const auto g = apply<basic_type::c_double_complex>(op_id::prod, {inf, nan}, {1, 0}, annex_g());
  EXPECT_EQ(g.re, inf);
  const auto ordinary = apply<basic_type::c_double_complex>(op_id::prod, {1, 2}, {3, 4}, annex_g());
  EXPECT_EQ(ordinary.re, -5);
  EXPECT_EQ(ordinary.im, 10);
}

TEST(PolicyChoices, LocTiesAndNaNGoToTheOperandInThePositionNamed) {
  using P = pair_val<double, int>;
  constexpr double nan = std::numeric_limits<double>::quiet_NaN();
  policy first, second;
  first.loc_tie = loc_tie_rule::first;
  second.loc_tie = loc_tie_rule::second;
  for (op_id op : {op_id::minloc, op_id::maxloc}) {
    SCOPED_TRACE(std::string(to_string(op)));
    // A ±0 tie: the value of the operand in that position, the smaller index.
    const P tf = apply<basic_type::double_int>(op, P{-0.0, 7}, P{0.0, 3}, first);
    EXPECT_TRUE(std::signbit(tf.value));
    EXPECT_EQ(tf.index, 3);
    const P ts = apply<basic_type::double_int>(op, P{-0.0, 7}, P{0.0, 3}, second);
    EXPECT_FALSE(std::signbit(ts.value));
    EXPECT_EQ(ts.index, 3);
    // A NaN on either side: the whole operand in that position.
    EXPECT_EQ(apply<basic_type::double_int>(op, P{nan, 1}, P{2.0, 5}, second).index, 5);
    EXPECT_EQ(apply<basic_type::double_int>(op, P{2.0, 1}, P{nan, 5}, first).index, 1);
    EXPECT_TRUE(std::isnan(apply<basic_type::double_int>(op, P{2.0, 1}, P{nan, 5}, second).value));
    // Ordered values are unaffected.
    const P m = apply<basic_type::double_int>(op, P{1.0, 1}, P{2.0, 2}, second);
    EXPECT_EQ(m.index, op == op_id::minloc ? 1 : 2);
  }
}

}  // namespace
}  // namespace redsem
