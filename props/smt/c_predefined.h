/* SPDX-License-Identifier: BSD-3-Clause */
// Whether a C MPI_User_function is, for every input, one of MPI's own reduction ops on its
// element's one predefined type: a hand-written float sum is MPI_SUM on MPI_FLOAT. Its
// associativity then fails only as MPI_SUM's does, which MPI-4.1 §7.9.1 allows
// (props/laws/predefined_failure.h); opcheck --source reports it as --kernel does.
#pragma once

#include <optional>
#include <string>

#include "model/op.h"
#include "props/smt/c_subject.h"

namespace redsem::smt {

struct predefined_equality {
  std::optional<op_id> op;  // the first op proved equal, in model/op.h's order
  std::string how;          // "proved (solver)", or why none was
};

// For an element whose entries are all one predefined type T (datatype::single_basic_type)
// and each reduction op P valid on T: ∀a,b: f(a,b) same P(a,b) (symbolic_domain's compare:
// any NaN equals any NaN), P defined on every input, with the predefined op's symbolic
// combine (ops::apply, the model's own template) entry by entry. No op when the policy
// compares bitwise a float element (the solver has one NaN) or no proof is found in the budget.
predefined_equality equal_predefined_op(const c_function& fn, unsigned timeout_ms);

}  // namespace redsem::smt
