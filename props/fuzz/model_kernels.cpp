// SPDX-License-Identifier: BSD-3-Clause
#include "props/fuzz/model_kernels.h"

#include <cstring>

#include "model/reduce_local.h"

namespace redsem::fuzz {
namespace {

enum class form { reduce_local, locals_in_place, locals_three_buffer };

kernel_under_test model_kernel(std::string name, form f, const op_ref& op, const datatype& type, const policy& p) {
  auto run = [f, op, type, p](std::byte* in, std::byte* inout, std::int64_t count) {
    const auto bytes = static_cast<std::size_t>(count * type.extent());
    address_space space;
    const region_id x = space.allocate("inbuf", bytes), a = space.allocate("inoutbuf", bytes);
    const region_id y = space.allocate("argbuf", bytes);
    if (bytes != 0) {
      std::memcpy(space.bytes(x).data(), in, bytes);
      std::memcpy(space.bytes(a).data(), inout, bytes);
      std::memcpy(space.bytes(y).data(), inout, bytes);
    }
    const buffer in_buf{x, 0, count, type}, inout_buf{a, 0, count, type}, arg_buf{y, 0, count, type};
    const outcome o = f == form::reduce_local      ? reduce_local(space, in_buf, inout_buf, op, p)
                      : f == form::locals_in_place ? reduce_locals(space, in_buf, in_place, inout_buf, op, p)
                                                   : reduce_locals(space, in_buf, arg_buf, inout_buf, op, p);
    if (!o.is_done()) return static_cast<int>(o.broken_rule()) + 1;
    if (bytes != 0) std::memcpy(inout, space.bytes(a).data(), bytes);
    return 0;
  };
  return {std::move(name) + " (" + to_string(op) + ")", std::move(run)};
}

}  // namespace

kernel_under_test reduce_local_kernel(const op_ref& op, const datatype& type, const policy& p) {
  return model_kernel("model MPI_Reduce_local", form::reduce_local, op, type, p);
}
kernel_under_test reduce_locals_in_place_kernel(const op_ref& op, const datatype& type, const policy& p) {
  return model_kernel("model MPI_Reduce_locals(in, IN_PLACE, inout)", form::locals_in_place, op, type, p);
}
kernel_under_test reduce_locals_three_buffer_kernel(const op_ref& op, const datatype& type, const policy& p) {
  return model_kernel("model MPI_Reduce_locals(in, arg, inout)", form::locals_three_buffer, op, type, p);
}

}  // namespace redsem::fuzz
