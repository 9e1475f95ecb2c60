/* SPDX-License-Identifier: BSD-3-Clause */
// Laws of MPI's predefined ops, decided through the one op definition (model/op_definitions.h)
// run symbolically (props/smt) and replayed concretely (the model). Solver-free interface.
#pragma once

#include <string>

#include "model/op.h"
#include "props/laws/concrete_laws.h"
#include "props/laws/law.h"

namespace redsem::laws {

// Decides law `l` of `op` on `type` (a legal pair) under policy p. For identity and absorbing,
// whether such an element exists (and which).
law_result prove_predefined(op_id op, basic_type type, law l, const policy& p, const prove_options& o);

// Whether the given element is an identity (or absorbing element) of `op` on `type`.
law_result prove_predefined_element(op_id op, basic_type type, law l, const element_bytes& element,
                                    const policy& p, const prove_options& o);

// The solver's version ("4.8.12.0"): proofs are cached per version.
std::string solver_version();

}  // namespace redsem::laws
