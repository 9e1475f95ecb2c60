/* SPDX-License-Identifier: BSD-3-Clause */
// The header of a scenario (scenario.h): its window, target, group, epoch mode, info keys,
// policy and expect lines, wherever the file writes them, read before any call since the calls
// need the window and the group.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "model/rma/window_info.h"
#include "sim/rma/scenario.h"
#include "sim/rma/scenario_lines.h"

namespace redsem::sim::rma::detail {

struct scenario_header {
  std::int64_t window_bytes = 0, disp_unit = 1;
  int target = 0;
  int ranks = 0;                // given by 'ranks', or the highest rank named + 1
  std::string epoch = "fence";  // fence, lock_all or none
  redsem::rma::window_info info;
  policy semantics;
  std::vector<expectation> expectations;
};

scenario_header read_header(const std::vector<line_record>& lines, const scenario_limits& limits);

}  // namespace redsem::sim::rma::detail
