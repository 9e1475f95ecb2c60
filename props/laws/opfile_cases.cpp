// SPDX-License-Identifier: BSD-3-Clause
#include "props/laws/opfile_cases.h"

#include "model/check.h"
#include "model/element_compare.h"
#include "props/laws/opfile_check.h"

namespace redsem::laws {

using opfile::format;

namespace detail {

using operands = binary_op::operands;

bool same_value(const binary_op& op, const concrete_element& x, const concrete_element& y) {
  const auto size = static_cast<std::size_t>(op.type().extent());
  std::vector<std::byte> bx(size), by(size);
  op.store(x, bx.data());
  op.store(y, by.data());
  return same_element(op.type(), bx.data(), by.data(), op.semantics());
}

std::vector<checked_case> checked_cases(const binary_op& op, law l,
                                        const std::vector<std::vector<concrete_element>>& cases) {
  std::vector<checked_case> out(cases.size());
  std::vector<operands> first, second;
  std::vector<concrete_element> e;
  if (l == law::identity) e.push_back(op.identity());
  for (const auto& x : cases) {
    switch (l) {
      case law::commutativity:
        first.insert(first.end(), {{&x[0], &x[1]}, {&x[1], &x[0]}});
        break;
      case law::associativity:
        first.insert(first.end(), {{&x[0], &x[1]}, {&x[1], &x[2]}});
        break;
      case law::identity:
        first.insert(first.end(), {{&e[0], &x[0]}, {&x[0], &e[0]}});
        break;
      case law::closed:
        first.push_back({&x[0], &x[1]});
        break;
      case law::idempotence:
      case law::absorbing:
        internal_error("the op-file checker has no idempotence or absorbing search");
    }
  }
  const std::vector<concrete_element> r1 = op.combine_all(first);
  std::vector<concrete_element> r2;
  if (l == law::associativity) {
    for (std::size_t c = 0; c < cases.size(); ++c)
      second.insert(second.end(), {{&r1[2 * c], &cases[c][2]}, {&cases[c][0], &r1[2 * c + 1]}});
    r2 = op.combine_all(second);
  }
  for (std::size_t c = 0; c < cases.size(); ++c) {
    const auto& x = cases[c];
    switch (l) {
      case law::commutativity: {
        const auto &ab = r1[2 * c], &ba = r1[2 * c + 1];
        if (!same_value(op, ab, ba)) out[c].claim = "a∘b = " + format(ab) + " but b∘a = " + format(ba);
        break;
      }
      case law::associativity: {
        const auto &left = r2[2 * c], &right = r2[2 * c + 1];
        if (!same_value(op, left, right)) {
          out[c].claim = "(a∘b)∘c = " + format(left) + " but a∘(b∘c) = " + format(right);
          out[c].left = left;
          out[c].right = right;
        }
        break;
      }
      case law::identity: {
        const auto &ea = r1[2 * c], &ae = r1[2 * c + 1];
        if (!same_value(op, ea, x[0]))
          out[c].claim = "e∘a = " + format(ea) + " for e = " + format(e[0]) + ", not a";
        else if (!same_value(op, ae, x[0]))
          out[c].claim = "a∘e = " + format(ae) + " for e = " + format(e[0]) + ", not a";
        break;
      }
      case law::closed:
        if (!op.legal(r1[c])) out[c].claim = "a∘b = " + format(r1[c]) + " breaks a 'require'";
        break;
      case law::idempotence:
      case law::absorbing:
        break;  // refused above
    }
  }
  return out;
}

}  // namespace detail

std::vector<std::optional<std::string>> violations(const binary_op& op, law l,
                                                   const std::vector<std::vector<concrete_element>>& cases) {
  std::vector<std::optional<std::string>> out;
  for (auto& c : detail::checked_cases(op, l, cases)) out.push_back(std::move(c.claim));
  return out;
}

std::optional<std::string> violation(const binary_op& op, law l, const std::vector<concrete_element>& x) {
  return violations(op, l, {x}).front();
}

}  // namespace redsem::laws
