// SPDX-License-Identifier: BSD-3-Clause
#include "model/opfile/user_function.h"

#include <array>
#include <mutex>
#include <stdexcept>
#include <utility>

namespace redsem::opfile {
namespace {

struct slot_table {
  std::mutex mutex;
  std::array<std::shared_ptr<const concrete_op>, user_function_slots> ops;
};
slot_table& slots() {
  static slot_table t;
  return t;
}

template <int Slot>
void trampoline(void* invec, void* inoutvec, int* len, void* /*datatype*/) {
  // The binding outlives every call made through it, so reading the slot needs no lock
  // beyond the one that published it.
  const concrete_op& op = *slots().ops[Slot];
  auto* in = static_cast<const std::byte*>(invec);
  auto* inout = static_cast<std::byte*>(inoutvec);
  const std::size_t size = op.size();
  for (int k = 0; k < *len; ++k) {
    const std::size_t at = static_cast<std::size_t>(k) * size;
    op.combine(in + at, inout + at, inout + at);
  }
}

template <std::size_t... I>
constexpr std::array<user_function*, sizeof...(I)> make_trampolines(std::index_sequence<I...>) {
  return {&trampoline<static_cast<int>(I)>...};
}
constexpr auto trampolines = make_trampolines(std::make_index_sequence<user_function_slots>{});

}  // namespace

user_function_binding::user_function_binding(std::shared_ptr<const concrete_op> op) : slot_(-1) {
  std::lock_guard lock(slots().mutex);
  for (int s = 0; s < user_function_slots; ++s) {
    if (!slots().ops[static_cast<std::size_t>(s)]) {
      slot_ = s;
      break;
    }
  }
  if (slot_ < 0) throw std::runtime_error("all " + std::to_string(user_function_slots) + " op-file user functions are bound");
  user_op_ = {op->op().name, trampolines[static_cast<std::size_t>(slot_)], op->op().commute};
  slots().ops[static_cast<std::size_t>(slot_)] = std::move(op);
}

user_function_binding::~user_function_binding() {
  std::lock_guard lock(slots().mutex);
  slots().ops[static_cast<std::size_t>(slot_)].reset();
}

}  // namespace redsem::opfile
