/* SPDX-License-Identifier: BSD-3-Clause */
// The laws of one type choice of an op file as `redsem laws --op-file F --json` lists them: the
// same verdicts, evidence and proof cache as the predefined ops' table (law_table.h).
#pragma once

#include <vector>

#include "model/opfile/concrete_op.h"
#include "props/laws/law.h"

namespace redsem::laws {

class proof_cache;

// Each law of `which`, in order, through prove_opfile_law (opfile_prove.h); a verdict the cache
// holds for this very AST and policy is taken from it, and a new one other than unknown is stored.
std::vector<law_result> opfile_law_row(const opfile::concrete_op& op, const std::vector<law>& which,
                                       const prove_options& o, const proof_cache* cache);

}  // namespace redsem::laws
