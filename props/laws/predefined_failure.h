/* SPDX-License-Identifier: BSD-3-Clause */
// A user op's law that fails only as MPI's own predefined op on the same type fails it. A sum
// of doubles written by hand is not associative, and neither is MPI_SUM on MPI_DOUBLE, with the
// very same results; MPI reduces with it all the same, because MPI-4.1 §7.9.1 allows results
// to differ between evaluation orders for ops that are not exactly associative, such as
// floating-point addition. Such a refutation is reported with that context, as a warning: what
// MPI does not promise of its own op is no error in the user's.
#pragma once

#include <string>

#include "model/op.h"
#include "props/laws/opfile_check.h"

namespace redsem::laws {

// "MPI_SUM on MPI_DOUBLE", or "MPI_SUM on each MPI_DOUBLE" for an element of several entries.
std::string predefined_on(op_id op, const datatype& type);

// When r's associativity is refuted for an op whose element's entries are all of one
// predefined type T (MPI_DOUBLE, contiguous(4,MPI_DOUBLE)): for the first reduction op P valid
// on T (model/op.h's table) whose model, entry by entry, gives the counterexample's two
// differing sides exactly, the associativity search again with every counterexample of that
// kind excused. If it then finds none, the law's fails_as_predefined names P on T ("on each T"
// for several entries); if it finds another, that one is shown instead (an error). The
// findings are made again.
void mark_as_predefined(const binary_op& op, law_report& r, const check_options& options = {},
                        const declaration_words& words = {});

}  // namespace redsem::laws
