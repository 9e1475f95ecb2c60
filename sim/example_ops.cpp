// SPDX-License-Identifier: BSD-3-Clause
#include "sim/example_ops.h"

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace redsem::sim {
namespace {

struct seg_scan_pair {
  double val;
  int log;
};

// The standard's function, as written there: inout is the right-hand operand.
void seg_scan(void* invec, void* inoutvec, int* len, void* /*datatype*/) {
  auto* in = static_cast<seg_scan_pair*>(invec);
  auto* inout = static_cast<seg_scan_pair*>(inoutvec);
  for (int i = 0; i < *len; ++i, ++in, ++inout) {
    seg_scan_pair c;
    if (in->log == inout->log) c.val = in->val + inout->val;
    else c.val = inout->val;
    c.log = inout->log;
    *inout = c;
  }
}

}  // namespace

const user_op& segmented_scan_op() {
  static const user_op op{"segScan (MPI-4.1 §7.11.3)", &seg_scan, false};
  return op;
}

const datatype& segmented_scan_type() {
  static const datatype type = datatype::structure({1, 1},
      {static_cast<std::int64_t>(offsetof(seg_scan_pair, val)), static_cast<std::int64_t>(offsetof(seg_scan_pair, log))},
                                                   {datatype::predefined(basic_type::double_),
                                                    datatype::predefined(basic_type::int_)});
  return type;
}

element_op segmented_scan_element_op() { return user_element_op(segmented_scan_op(), segmented_scan_type()); }

element segmented_scan_value(double val, int log) {
  element e(sizeof(seg_scan_pair), std::byte{0});
  std::memcpy(e.data() + offsetof(seg_scan_pair, val), &val, sizeof val);
  std::memcpy(e.data() + offsetof(seg_scan_pair, log), &log, sizeof log);
  return e;
}

}  // namespace redsem::sim
