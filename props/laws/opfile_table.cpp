// SPDX-License-Identifier: BSD-3-Clause
#include "props/laws/opfile_table.h"

#include "props/laws/opfile_prove.h"
#include "props/laws/proof_cache.h"

namespace redsem::laws {

std::vector<law_result> opfile_law_row(const opfile::concrete_op& op, const std::vector<law>& which,
                                       const prove_options& o, const proof_cache* cache) {
  std::vector<law_result> row;
  for (law l : which) {
    if (cache)
      if (auto hit = cache->find(op, l)) {
        row.push_back(std::move(*hit));
        continue;
      }
    law_result r = prove_opfile_law(op, l, o);
    if (cache && r.outcome != verdict::unknown) cache->store(op.op(), l, op.semantics(), r);
    row.push_back(std::move(r));
  }
  return row;
}

}  // namespace redsem::laws
