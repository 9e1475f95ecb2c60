// SPDX-License-Identifier: BSD-3-Clause
#include "model/validity_table.h"

#include "model/reduce_local.h"

namespace redsem {

std::vector<std::vector<validity_cell>> validity_table() {
  std::vector<std::vector<validity_cell>> rows;
  const policy p;
  for (std::size_t t = 0; t < basic_type_count; ++t) {
    const auto type = static_cast<basic_type>(t);
    std::vector<validity_cell> row;
    for (std::size_t o = 0; o < op_count; ++o) {
      const auto op = static_cast<op_id>(o);
      address_space space;
      const auto size = info(type).size;
      const buffer in{space.allocate("in", size), 0, 1, datatype::predefined(type)};
      const buffer io{space.allocate("inout", size), 0, 1, datatype::predefined(type)};
      const outcome result = reduce_local(space, in, io, op, p);
      validity_cell cell{type, op, cell_verdict::valid, std::nullopt};
      if (!result.is_done()) {
        cell.reason = result.broken_rule();
        // An RMA-only op is refused by reductions for its usage; what it may carry is the table's.
        const bool rma = result.broken_rule() == rule::rma_only_op && op_allows(op, type);
        cell.verdict = rma ? cell_verdict::rma_only : cell_verdict::erroneous;
      }
      row.push_back(cell);
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace redsem
