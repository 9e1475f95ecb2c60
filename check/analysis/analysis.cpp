// SPDX-License-Identifier: BSD-3-Clause
#include "check/analysis/analysis.h"

#include <array>

#include "check/analysis/float_order.h"
#include "check/analysis/rma_analysis.h"

namespace redsem::check {

std::span<const post_run_analysis> post_run_analyses() {
  static constexpr std::array analyses{
      post_run_analysis{"float order", float_order_findings},
      post_run_analysis{"RMA epochs", rma_analysis},
  };
  return analyses;
}

}  // namespace redsem::check
