#include "check/analysis/analysis.h"

#include <array>

#include "check/analysis/float_order.h"

namespace redsem::check {

std::span<const post_run_analysis> post_run_analyses() {
  // An analysis of its own records (the RMA epochs: check/analysis/rma_findings.h) is one more row.
  static constexpr std::array analyses{
      post_run_analysis{"float order", float_order_findings},
  };
  return analyses;
}

}  // namespace redsem::check
