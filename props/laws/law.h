/* SPDX-License-Identifier: BSD-3-Clause */
// Algebraic laws of a binary op and their verdicts (docs/design.md, decision 4: an enum with
// evidence, never a bool), for predefined ops and op files alike. This header is solver-free:
// the proofs come from props/smt, which is the only code that sees Z3; the concrete searches
// from props/laws.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/opfile/binary_op.h"
#include "model/policy.h"
#include "model/typemap.h"

namespace redsem::laws {

enum class law : std::uint8_t {
  associativity,  // (x∘y)∘z = x∘(y∘z)
  commutativity,  // x∘y = y∘x
  identity,       // some e has e∘x = x = x∘e for every x (two-sided)
  idempotence,    // x∘x = x
  absorbing,      // some z has z∘x = z = x∘z for every x (two-sided)
  closed,         // x∘y satisfies every `require` when x and y do (op files: a predefined op's
                  // domain is every value, so it is always closed)
};
// The laws of the predefined ops' table (`redsem laws`).
inline constexpr std::array<law, 5> all_laws{law::associativity, law::commutativity, law::identity, law::idempotence,
                                             law::absorbing};
std::string_view to_string(law l);  // "associativity", …, "closed"
// The property an op has when the law holds, as op-file reports name it: "commutative",
// "associative", "identity", "idempotent", "absorbing", "closed".
std::string_view property_name(law l);
std::optional<law> parse_law(std::string_view name);

enum class verdict : std::uint8_t {
  proved,            // for every value (the solver, or an equivalence-preserving rewrite)
  refuted,           // a counterexample, replayed in the model
  unknown,           // neither, with the reason
  holds_on_samples,  // a concrete search found no counterexample: evidence, not a proof
  not_applicable,    // the law does not apply (no identity declared, no `require`)
};
std::string_view to_string(verdict v);  // "proved", …, "holds_on_samples", "not_applicable"

// One element value as the user reads it: its bytes (the model's layout) and their text, and the
// datatype they are an element of, which a JSON document needs to give the numbers. No type (and
// no bytes) when it is no element: the closed law's "none: x∘y breaks a 'require'".
struct shown_value {
  std::vector<std::byte> bytes;
  std::string text;  // typed: "1.5 [0x3fc00000]" for a float, "(3, 7)" for a pair
  std::optional<datatype> type;
};

// A refutation's evidence: the variables' values and, for each side of the violated
// equation, the model's result. Both results come from replaying the model (concrete_domain),
// never from the solver, and they differ under the policy's compare rule.
struct counterexample {
  std::vector<std::pair<std::string, shown_value>> inputs;  // ("x", …), ("y", …)
  std::string lhs_expression, rhs_expression;               // "(x∘y)∘z", "x∘(y∘z)"
  shown_value lhs, rhs;
};

struct law_result {
  law which;
  verdict outcome = verdict::unknown;
  std::optional<counterexample> example;  // refuted with a counterexample
  std::optional<shown_value> element;     // identity/absorbing: the element proved (or the candidate refuted)
  std::string reason;                     // how it was decided, or why it is unknown
  double seconds = 0;
  // An op file's evidence, in its own fields' terms (props/laws/opfile_check.h):
  std::uint64_t samples = 0;                       // cases a concrete search checked
  std::vector<opfile::concrete_element> operands;  // refuted: a, b[, c] (identity: a)
  std::string claim;                               // refuted: "(a∘b)∘c = (0, 0) but a∘(b∘c) = (0, 1)"
  // Refuted, yet no counterexample without NaN and -0 operands was found (mark_nan_or_zero_only):
  // the law fails only where a comparison cannot tell its operands apart (every comparison with
  // NaN is false, -0 == +0), as in `out = (out < in) ? in : out`.
  bool only_nan_or_signed_zero = false;
  // Associativity refuted, yet only as MPI's own predefined op on the same type fails it, with
  // the same results (mark_as_predefined, props/laws/predefined_failure.h): that op and type,
  // "MPI_SUM on MPI_DOUBLE"; empty otherwise.
  std::string fails_as_predefined;
  // With fails_as_predefined: the solver proved the op equal to that predefined op for all
  // inputs (opcheck --source, props/smt/c_predefined.h), not only on the counterexamples found.
  bool equals_predefined = false;
};

// The concrete side of an op: the model's own evaluation, used to search for and to replay
// counterexamples. `combine` writes a∘b to out and returns false when the evaluation is
// erroneous under the policy (a signed overflow under overflow=erroneous). `legal` is the op's
// domain (an op file's `require` lines); empty when every value is an input.
struct model_op {
  std::string name;
  datatype type;  // one element: a predefined type, or an op file's struct of fields
  std::function<bool(const std::byte* a, const std::byte* b, std::byte* out)> combine;
  std::function<bool(const std::byte* x)> legal;
};

struct prove_options {
  unsigned timeout_ms = 10000;                 // per solver query
  unsigned random_seed = 1;                    // the concrete pre-search's random values
  bool pre_search = true;                      // try the model on special and random values before the solver
  std::function<void(law which)> on_law = {};  // told each law as its proof starts (a long run shows progress)
};

}  // namespace redsem::laws
