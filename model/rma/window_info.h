/* SPDX-License-Identifier: BSD-3-Clause */
// The window info keys that shape accumulate semantics (MPI-4.1 §13.2.1): which ops concurrent
// accumulates to one location may mix (`accumulate_ops`), and which same-origin orders are
// kept (`accumulate_ordering`, §13.7.2).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace redsem::rma {

enum class accumulate_ops_info : std::uint8_t {
  same_op_no_op,  // default: concurrent accumulates to one location use one op, or MPI_NO_OP
  same_op,        // one op only; MPI_NO_OP counts as a different op
};

// Read-after-read, read-after-write, write-after-read, write-after-write between accumulate
// calls of one origin to overlapping locations of one target. Default: all four kept.
struct accumulate_ordering {
  bool rar = true, raw = true, war = true, waw = true;
  friend bool operator==(const accumulate_ordering&, const accumulate_ordering&) = default;
};

struct window_info {
  accumulate_ops_info ops = accumulate_ops_info::same_op_no_op;
  accumulate_ordering ordering{};
  friend bool operator==(const window_info&, const window_info&) = default;
};

// Sets one key of `info` from its MPI text ("same_op", "rar,waw", "none"). Returns false and
// fills *error on an unknown key or value.
bool set_info_key(window_info& info, std::string_view key, std::string_view value, std::string* error);

std::string to_string(accumulate_ops_info v);
std::string to_string(const accumulate_ordering& o);  // "rar,raw,war,waw" or "none"

}  // namespace redsem::rma
