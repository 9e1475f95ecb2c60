// Laws of an op file proved with the solver (props/smt/opfile_laws.cpp evaluates the op
// file's AST over the symbolic domain: the very AST the concrete op runs). Solver-free
// interface: verdicts with their evidence, counterexamples replayed through the concrete op.
#pragma once

#include <string>
#include <vector>

#include "model/op.h"
#include "props/laws/law.h"
#include "props/laws/opfile_check.h"

namespace redsem::laws {

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
