// SPDX-License-Identifier: BSD-3-Clause
// libFuzzer target: any bytes given to the op-file reader either load or yield one
// diagnostic, without a crash, a hang or unbounded memory. A file that loads is also
// evaluated on a few elements, so the type checker's promises to the evaluator are fuzzed too.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "model/opfile/concrete_op.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace redsem::opfile;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const load_result r = load_op_text(text, "fuzz.op");
  if (!r.op) {
    if (r.error.message.empty()) __builtin_trap();  // a failure always says what was expected
    return 0;
  }
  for (const typed_op& instance : r.op->instances) {
    const concrete_op op(instance, redsem::policy{});
    std::vector<std::byte> zeros(op.size(), std::byte{0}), ones(op.size(), std::byte{1}), out(op.size());
    for (const auto* a : {&zeros, &ones})
      for (const auto* b : {&zeros, &ones}) {
        op.combine(a->data(), b->data(), out.data());
        (void)op.legal(op.load(out.data()));
      }
    if (op.has_identity()) (void)op.legal(op.identity());
  }
  return 0;
}
