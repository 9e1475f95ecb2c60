/* SPDX-License-Identifier: BSD-3-Clause */
// The example files of the built-in catalogue (examples/ops/*.op, examples/rma/*.rma),
// compiled into the program so `redsem verify` runs the same catalogue wherever it is copied.
#pragma once

#include <span>
#include <string_view>

namespace redsem::tools {

struct embedded_file {
  std::string_view name;  // the file name, e.g. "all_min.op"
  std::string_view text;
};

std::span<const embedded_file> catalogue_op_files();
std::span<const embedded_file> catalogue_rma_scenarios();

}  // namespace redsem::tools
