// SPDX-License-Identifier: BSD-3-Clause
#include "props/fuzz/native_kernel.h"

#include <cstring>
#include <vector>

#include "kernels/kernel.h"

namespace redsem::fuzz {

std::optional<kernel_under_test> native_kernel(op_id op, basic_type type, const policy& p, native_form form) {
  const auto k = kernels::find_kernel(op, type, p);
  if (!k) return std::nullopt;
  const std::size_t extent = info(type).size;
  const std::string name = std::string("redsem ") + std::string(k->path()) +
                           (form == native_form::two_operand ? " (io = in ∘ io)" : " (out = in ∘ io)");
  return kernel_under_test{name, [k = *k, p, form, extent](std::byte* in, std::byte* inout, std::int64_t count) {
                             const auto n = static_cast<std::uint64_t>(count);
                             kernels::kernel_status s;
                             if (form == native_form::two_operand) {
                               s = k.reduce_local(in, inout, n, p);
                             } else {
                               // A separate output buffer: only the value bytes the kernel writes
                               // are copied back, so padding stays the caller's.
                               std::vector<std::byte> out(n * extent);
                               if (out.empty()) return 0;  // count 0: nothing to do, and no pointer to copy from
                               std::memcpy(out.data(), inout, out.size());
                               s = k(in, inout, out.data(), n, p);
                               if (s == kernels::kernel_status::done) std::memcpy(inout, out.data(), out.size());
                             }
                             return s == kernels::kernel_status::done ? 0 : 1;
                           }};
}

}  // namespace redsem::fuzz
