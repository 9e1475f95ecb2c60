// Laws of an op file proved with the solver (props/smt/opfile_laws.cpp evaluates the op
// file's AST over the symbolic domain: the very AST the concrete op runs). Solver-free
// interface: verdicts with their evidence, counterexamples replayed through the concrete op.
#pragma once

#include <string>
#include <vector>

#include "model/op.h"
#include "model/opfile/law_check.h"
#include "props/laws/law.h"

namespace redsem::laws {

struct opfile_proof {
  opfile::law which;
  verdict outcome = verdict::unknown;          // proved / refuted / unknown; n/a laws are left out
  std::vector<opfile::concrete_element> operands;  // refuted: a, b[, c], replayed in the concrete op
  std::string claim;                           // refuted: both sides, as law_check states them
  std::string reason;                          // how it was decided, or why it is unknown
  double seconds = 0;
};

// Decides each law the concrete check (`concrete`, from check_laws on the same op) did not
// refute: commutative, associative, identity (if declared), closed (if the op has `require`s),
// for every legal input. A law the concrete check refuted keeps its concrete counterexample.
std::vector<opfile_proof> prove_opfile(const opfile::concrete_op& op, const opfile::law_report& concrete,
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
