// SPDX-License-Identifier: BSD-3-Clause
// The built-in catalogue of `redsem verify`, and the sections of the model's tables.
#include <fmt/format.h>

#include "model/locals_table.h"
#include "model/validity_table.h"
#include "tools/render/table_render.h"
#include "tools/verify/verify_section.h"

namespace redsem::tools {

std::vector<verify_section> verify_sections() {
  return {
      validity_section(),
      reduce_locals_section(),
      laws_section(),
      kernels_section(),
      orders_section(),
      algorithms_section(),
      opfiles_section(),
      rma_section(),
  };
}

verify_section validity_section() {
  return {"validity", "Op × datatype validity (MPI-4.1 §7.9.2–7.9.4)", [](const verify_options&) {
            const auto table = validity_table();
            section_report r{render_text(table), to_json(table), render_html(table), {}, {}};
            // The expectation: the cell agrees with op_allows and the op's usage, so the model's
            // checks and its constexpr table never disagree.
            for (const auto& row : table)
              for (const auto& cell : row) {
                const bool allowed = op_allows(cell.op, cell.type);
                const cell_verdict expected = !allowed                               ? cell_verdict::erroneous
                                              : usage_of(cell.op) == op_usage::rma_only ? cell_verdict::rma_only
                                                                                       : cell_verdict::valid;
                if (cell.verdict != expected)
                  r.mismatches.push_back(fmt::format("validity: {} on {}", to_string(cell.op), to_string(cell.type)));
              }
            return r;
          }};
}

verify_section reduce_locals_section() {
  return {"reduce_locals", "MPI_Reduce_locals in-place and aliasing rules (mpi-issues #530)",
          [](const verify_options&) {
            const auto table = locals_table();
            section_report r{render_text(table), to_json(table), render_html(table), {}, {}};
            for (const auto& row : table)
              if (row.verdict != row_verdict::agrees) r.mismatches.push_back("reduce_locals: " + row.call);
            return r;
          }};
}

}  // namespace redsem::tools
