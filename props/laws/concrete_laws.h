/* SPDX-License-Identifier: BSD-3-Clause */
// Laws evaluated on concrete elements through the model: the replay that every refutation
// must pass, and the cheap pre-search that finds most counterexamples before any solver runs.
#pragma once

#include <cstddef>
#include <optional>
#include <random>
#include <vector>

#include "model/op.h"
#include "props/laws/law.h"

namespace redsem::laws {

using element_bytes = std::vector<std::byte>;

// The model's op on one element of a predefined type (the pair must be legal).
model_op predefined_model_op(op_id op, basic_type type, const policy& p);

// A typed text for an element: "1.5 [0x3fc00000]", "(3, 7)".
shown_value show(const datatype& type, const element_bytes& bytes);

// Evaluates the law's equations on the given variables (x, y, z as the law needs; `element`
// is e for identity and z for absorbing) and returns the first equation whose two sides
// differ under the policy's compare rule, replayed in the model. For associativity,
// commutativity and idempotence an erroneous evaluation (signed overflow under
// overflow=erroneous) is outside the law; for identity and absorbing it breaks the law.
std::optional<counterexample> violation(law l, const model_op& op, const policy& p,
                                        const std::vector<element_bytes>& variables,
                                        const element_bytes* element = nullptr);

// A refutation this run did not find itself (one read from the proof cache), replayed: its
// variables (x, y, z as the law needs, each an element of the op's type inside its domain) and,
// for identity and absorbing, `element` (the element in question, which the caller knows, not
// the claim) go through `violation`. The model's counterexample when the law fails on them;
// nothing when they are malformed or the law holds there, and then the claim is false.
std::optional<counterexample> replay(law l, const model_op& op, const policy& p, const counterexample& claimed,
                                     const element_bytes* element);

// How many variables the law's equations have (x, y, z).
std::size_t variable_count(law l);

// The special values of the element type (model/special_values.h)
// combined field by field, then `random_count` random ones.
std::vector<element_bytes> candidate_elements(const datatype& type, std::size_t random_count, std::mt19937_64& rng);

// Tries the law on many combinations of candidate elements; a hit is a counterexample the
// model reproduces, so a refutation found here needs no solver.
std::optional<counterexample> search_counterexample(law l, const model_op& op, const policy& p,
                                                    const std::vector<element_bytes>& candidates, std::mt19937_64& rng,
                                                    const element_bytes* element = nullptr);

}  // namespace redsem::laws
