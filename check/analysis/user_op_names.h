/* SPDX-License-Identifier: BSD-3-Clause */
// A user op in a finding ("user#2", the runtime's label) named by the function the program
// registered with MPI_Op_create, where the program defines it: the `op_create` records.
#pragma once

#include <vector>

#include "check/analysis/finding.h"
#include "check/analysis/records.h"

namespace redsem::check {

// Adds `function` ("matmul2 (ops.c:12)") to the evidence of each finding whose evidence names a
// user op, from the op_create record of the first rank that saw the finding.
void name_user_ops(const run_records& records, std::vector<finding>& findings);

}  // namespace redsem::check
