/* SPDX-License-Identifier: BSD-3-Clause */
// Laws of an op file proved with the solver, through the law engine that predefined ops go
// through (props/smt/law_engine.h; props/smt/opfile_subject.h evaluates the op file's AST over
// the symbolic domain: the very AST the concrete op runs). Solver-free interface: verdicts
// with their evidence, counterexamples replayed through the concrete op.
#pragma once

#include <random>
#include <string>
#include <vector>

#include "model/op.h"
#include "props/laws/concrete_laws.h"
#include "props/laws/law.h"
#include "props/laws/opfile_check.h"

namespace redsem::laws {

// The op file's concrete op on element bytes (its struct of fields), with its `require`
// lines as the domain: what the engine searches and replays in.
model_op opfile_model_op(const opfile::concrete_op& op);

// Legal elements to try first (the search's small-value grid, then random legal ones), as bytes.
std::vector<element_bytes> opfile_candidates(const opfile::concrete_op& op, std::mt19937_64& rng);

// Decides law `l` of the op file for every legal input: proved, refuted (the engine's
// counterexample, and `operands` and `claim` in the op file's terms) or unknown. Identity is
// of the declared candidate, or, when none is declared, whether some element is one, as
// absorbing asks; closed is n/a without a `require`.
law_result prove_opfile_law(const opfile::concrete_op& op, law l, const prove_options& o);

// Decides each law the concrete check (`concrete`, from check_laws on the same op) did not
// refute: commutativity, associativity, identity (if declared), closed (if the op has
// `require`s), for every legal input: proved, refuted (operands and claim, replayed in the
// concrete op) or unknown; n/a laws are left out. A law the concrete check refuted keeps its
// concrete counterexample.
std::vector<law_result> prove_opfile(const opfile::concrete_op& op, const law_report& concrete,
                                     const prove_options& o);

// Whether the op file (fields value, index) computes exactly the predefined pair op `op`
// (MINLOC, MAXLOC) on the pair type `pair_type` for every input, under the op's policy.
// Refuted: the two operands (as op-file elements) on which they differ.
struct equivalence {
  verdict outcome = verdict::unknown;
  std::vector<opfile::concrete_element> operands;
  std::string reason;
};
equivalence prove_same_as_predefined(const opfile::concrete_op& op, op_id predefined, basic_type pair_type,
                                     const prove_options& o);

}  // namespace redsem::laws
