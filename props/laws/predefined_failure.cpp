// SPDX-License-Identifier: BSD-3-Clause
#include "props/laws/predefined_failure.h"

#include <optional>
#include <string>
#include <vector>

#include "model/check.h"
#include "model/element_compare.h"
#include "model/element_op.h"
#include "model/op.h"
#include "model/typemap.h"

namespace redsem::laws {
namespace {

// Whether a predefined op, applied to each entry of the op's element (one, for a predefined
// type), gives (a∘b)∘c = left and a∘(b∘c) = right: the op's counterexample is then one that the
// predefined op has too, with the same results.
class same_failure {
 public:
  same_failure(const binary_op& op, checked_combine f) : op_(op), f_(std::move(f)) {}

  bool operator()(const std::vector<concrete_element>& abc, const concrete_element& left,
                  const concrete_element& right) const {
    const auto a = bytes(abc[0]), b = bytes(abc[1]), c = bytes(abc[2]);
    auto ab = blank(), ab_c = blank(), bc = blank(), a_bc = blank();
    for (const auto& e : op_.type().entries()) {
      const auto at = [&](std::vector<std::byte>& x) { return x.data() + e.disp; };
      const auto in = [&](const std::vector<std::byte>& x) { return x.data() + e.disp; };
      if (!f_(in(a), in(b), at(ab)) || !f_(in(ab), in(c), at(ab_c)) || !f_(in(b), in(c), at(bc)) ||
          !f_(in(a), in(bc), at(a_bc)))
        return false;  // erroneous under the policy: no failure of the predefined op's
    }
    return same(ab_c, bytes(left)) && same(a_bc, bytes(right));
  }

 private:
  std::vector<std::byte> blank() const { return std::vector<std::byte>(static_cast<std::size_t>(op_.type().extent())); }
  std::vector<std::byte> bytes(const concrete_element& x) const {
    auto out = blank();
    op_.store(x, out.data());
    return out;
  }
  bool same(const std::vector<std::byte>& x, const std::vector<std::byte>& y) const {
    return same_element(op_.type(), x.data(), y.data(), op_.semantics());
  }

  const binary_op& op_;
  checked_combine f_;
};

// a∘b, then both sides of the associativity equation on abc, evaluated by the op.
std::pair<concrete_element, concrete_element> sides(const binary_op& op, const std::vector<concrete_element>& abc) {
  return {op.combine(op.combine(abc[0], abc[1]), abc[2]), op.combine(abc[0], op.combine(abc[1], abc[2]))};
}

}  // namespace

std::string predefined_on(op_id op, const datatype& type) {
  const auto t = type.single_basic_type();
  ensure(t.has_value(), "predefined_on: an element of one predefined type");
  return std::string(to_string(op)) + " on " + (type.entries().size() > 1 ? "each " : "") + std::string(to_string(*t));
}

void mark_as_predefined(const binary_op& op, law_report& r, const check_options& options,
                        const declaration_words& words) {
  auto& found = r.at(law::associativity);
  const auto type = op.type().single_basic_type();  // every entry of the element is one T
  if (found.outcome != verdict::refuted || !type || found.operands.size() != 3) return;
  const auto [left, right] = sides(op, found.operands);
  for (std::size_t i = 0; i < reduction_op_count; ++i) {
    const auto predefined = static_cast<op_id>(i);
    if (usage_of(predefined) != op_usage::reduction || !op_allows(predefined, *type)) continue;
    const same_failure excuse(op, predefined_checked_combine(predefined, *type, op.semantics()));
    if (!excuse(found.operands, left, right)) continue;
    check_options o = options;
    o.excuse = excuse;
    const law_result again = check_law(op, law::associativity, o);
    if (again.outcome == verdict::refuted) {  // a failure of the op's own: show that one
      found.operands = again.operands;
      found.claim = again.claim;  // (only_nan_or_signed_zero stays true of it: no other kind was found)
    } else {
      found.fails_as_predefined = predefined_on(predefined, op.type());
    }
    break;
  }
  r.findings = findings_for(r.declared_commute, r.laws, words);
}

}  // namespace redsem::laws
