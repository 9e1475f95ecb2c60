/* SPDX-License-Identifier: BSD-3-Clause */
// The laws of every legal (op, type) pair, or a selection: the table `redsem laws` prints.
//
// Types that store their elements alike share their proofs: a verdict depends only on the op's
// definition and the element's representation (the scalar kinds of its fields and whether it
// is a complex number or a value–index pair), because ops::apply<B> depends on the type B only
// through its element type, and element types with the same fields behave identically in the
// model (same width, signedness and float format) and in the encoding (same sorts). So
// MPI_INT, MPI_INT32_T, MPI_INTEGER4 and MPI_LOGICAL share one proof per (op, law, policy).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "model/op.h"
#include "props/laws/law.h"

namespace redsem::laws {

class proof_cache;

struct table_entry {
  op_id op;
  basic_type type;
  std::vector<law_result> results;  // in the order of the requested laws
};

struct table_request {
  std::optional<op_id> op;         // all ops when empty
  std::optional<basic_type> type;  // all types when empty
  std::vector<law> which{all_laws.begin(), all_laws.end()};
  policy semantics;
  prove_options options;
  proof_cache* cache = nullptr;  // optional
  unsigned threads = 2;          // distinct proofs run in parallel, each with its own solver context
};

// Every legal (op, type) pair the request selects, ops in enum order within types in enum order.
std::vector<std::pair<op_id, basic_type>> selected_pairs(const table_request& r);

// The representation key under which proofs are shared (see above).
std::string representation_key(basic_type t);

// Decides the laws of each selected pair. `progress` is called (from any thread, one call at a
// time) after each distinct proof, with the number done and the number of distinct proofs.
std::vector<table_entry> law_table(const table_request& r,
                                   const std::function<void(std::size_t done, std::size_t total)>& progress = {});

}  // namespace redsem::laws
