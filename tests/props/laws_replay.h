/* SPDX-License-Identifier: BSD-3-Clause */
// Test helpers: decide a law, and replay its counterexample through the model's element_op
// (a path independent of the law engine's own replay) to see the two sides really differ.
#pragma once

#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "model/element_compare.h"
#include "model/element_op.h"
#include "props/laws/prove.h"

namespace redsem::laws::testing {

using bytes = std::vector<std::byte>;

template <class T>
bytes element_of(const T& v) {
  bytes b(sizeof(T));
  std::memcpy(b.data(), &v, sizeof(T));
  return b;
}

// The counterexample's two sides, recomputed by the model, differ under the policy.
inline void expect_replay_differs(op_id op, basic_type type, law l, const law_result& r, const policy& p) {
  ASSERT_TRUE(r.example.has_value()) << "a refutation carries a counterexample";
  const element_op m = predefined_element_op(op, type, p);
  const auto n = static_cast<std::size_t>(m.type.extent());
  const auto& in = r.example->inputs;
  auto value = [&](const char* name) {
    for (const auto& [k, v] : in)
      if (k == name) return v.bytes;
    ADD_FAILURE() << "counterexample lacks " << name;
    return bytes(n);
  };
  auto f = [&](const bytes& a, const bytes& b) {
    bytes out(n);
    m.combine(a.data(), b.data(), out.data());
    return out;
  };
  bytes lhs, rhs;
  switch (l) {
    case law::associativity: {
      const bytes x = value("x"), y = value("y"), z = value("z");
      lhs = f(f(x, y), z);
      rhs = f(x, f(y, z));
      break;
    }
    case law::commutativity: lhs = f(value("x"), value("y")); rhs = f(value("y"), value("x")); break;
    case law::idempotence: lhs = f(value("x"), value("x")); rhs = value("x"); break;
    case law::identity: {
      const bytes x = value("x"), e = value("e");
      lhs = r.example->lhs_expression == "e∘x" ? f(e, x) : f(x, e);
      rhs = x;
      break;
    }
    case law::absorbing: {
      const bytes x = value("x"), a = value("a");
      lhs = r.example->lhs_expression == "a∘x" ? f(a, x) : f(x, a);
      rhs = a;
      break;
    }
    case law::closed: FAIL() << "a predefined op is closed: no counterexample to replay"; return;
  }
  EXPECT_FALSE(same_element(m.type, lhs.data(), rhs.data(), p))
      << "replay of the counterexample does not differ: " << format_element(m.type, lhs.data()) << " vs "
      << format_element(m.type, rhs.data());
  EXPECT_EQ(lhs, r.example->lhs.bytes) << "the reported left side is the model's";
}

// Decides the law; any refutation is replayed.
inline law_result decide(op_id op, basic_type type, law l, const policy& p = {}) {
  const law_result r = prove_predefined(op, type, l, p, prove_options{});
  if (r.outcome == verdict::refuted && r.example) expect_replay_differs(op, type, l, r, p);
  return r;
}

}  // namespace redsem::laws::testing
