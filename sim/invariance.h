/* SPDX-License-Identifier: BSD-3-Clause */
// Does the result of a reduction depend on the evaluation order? Proved laws settle it
// without search (associative and commutative with exact arithmetic ⇒ one result); otherwise
// every legal order is searched for the given inputs.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/element_op.h"
#include "sim/order_results.h"

namespace redsem::sim {

enum class law_verdict : std::uint8_t { proved, refuted, unknown };

// What a prover (or known mathematics) established about the element op itself — bit-exact
// equality of both sides for all operands. The caller supplies it; redsem::sim proves nothing.
struct op_laws {
  law_verdict associative = law_verdict::unknown;
  law_verdict commutative = law_verdict::unknown;
  std::string source;  // who established them ("known: wrapping integer arithmetic", "z3", …)
};

// Known truths about predefined ops: on integer types (C, Fortran, multi-language, byte)
// SUM and PROD under overflow=wrap, BAND, BOR, BXOR, MIN and MAX are associative and
// commutative. Everything else: unknown.
op_laws known_laws(op_id op, basic_type type, const policy& semantics);

enum class invariance : std::uint8_t { invariant, order_dependent, unknown };
std::string_view to_string(invariance v);

struct invariance_verdict {
  invariance verdict = invariance::unknown;
  std::string reason;  // how it was decided: laws, or the exhaustive search and its size
  // order_dependent: two legal trees and their different values.
  std::optional<distinct_result> first, second;
  std::optional<order_results> search;  // when a search ran
};

// Results that are equal under `compare`'s compare rule (NaN-equal, within ulps) are one result
// for the verdict; without it, under typed->semantics when given, else bit for bit.
invariance_verdict decide_invariance(const element_op& op, const std::vector<element>& inputs, const op_laws& laws,
                                     const std::optional<predefined_pair>& typed = std::nullopt,
                                     const order_limits& limits = {}, const std::optional<policy>& compare = std::nullopt);

}  // namespace redsem::sim
