/* SPDX-License-Identifier: BSD-3-Clause */
// Helpers for RMA tests: a session with typed origin buffers, read back as values.
#pragma once

#include <cstring>
#include <vector>

#include "model/rma/session.h"

namespace redsem::rma::testing {

template <class T>
void write(address_space& space, region_id r, std::int64_t offset, const std::vector<T>& values) {
  if (!values.empty()) std::memcpy(space.bytes(r).data() + offset, values.data(), values.size() * sizeof(T));
}

template <class T>
std::vector<T> read(const address_space& space, region_id r, std::int64_t offset, std::size_t n) {
  std::vector<T> out(n);
  if (n != 0) std::memcpy(out.data(), space.bytes(r).data() + offset, n * sizeof(T));
  return out;
}

inline datatype predefined(basic_type t) { return datatype::predefined(t); }

// A call of `kind` from rank `origin` moving `count` × `type` to rank `target` at displacement `disp`.
inline accumulate_call call(call_kind kind, int origin, buffer origin_buf, int target, std::int64_t disp,
                            std::int64_t count, const datatype& type, op_ref op) {
  accumulate_call c;
  c.kind = kind;
  c.origin_rank = origin;
  c.origin = std::move(origin_buf);
  c.target = target_spec{target, disp, count, type};
  c.op = op;
  return c;
}

}  // namespace redsem::rma::testing
