// SPDX-License-Identifier: BSD-3-Clause
// redsem/reduce.h on the kernels, validating each call with the model's rules in the model's
// order (model/reduce_local.cpp: check_reduction_call) before anything is written.
#include <algorithm>
#include <array>
#include <climits>
#include <cstdint>
#include <cstring>
#include <deque>
#include <mutex>
#include <new>
#include <string>
#include <vector>

#include "redsem/reduce.h"
#include "kernels/detail/array_overlap.h"
#include "kernels/kernel.h"
#include "model/buffer.h"
#include "model/outcome.h"

extern "C" const char redsem_in_place_marker = 0;

namespace redsem::kernels {
namespace {

int error(rule r) { return 1 + static_cast<int>(r); }

struct user_entry {
  redsem_user_function* function = nullptr;
  bool commute = false;
  bool live = false;
};

// User ops, by handle - REDSEM_NO_OP - 1. Entries are never moved (deque), only marked free.
class user_ops {
 public:
  redsem_op add(redsem_user_function* f, bool commute) {
    std::lock_guard lock(mutex_);
    entries_.push_back({f, commute, true});
    return static_cast<redsem_op>(first_handle + entries_.size() - 1);
  }
  bool remove(redsem_op op) {
    std::lock_guard lock(mutex_);
    user_entry* e = find_locked(op);
    if (e == nullptr) return false;
    e->live = false;
    return true;
  }
  std::optional<user_entry> find(redsem_op op) {
    std::lock_guard lock(mutex_);
    const user_entry* e = find_locked(op);
    return e == nullptr ? std::nullopt : std::optional<user_entry>(*e);
  }

 private:
  static constexpr std::int64_t first_handle = REDSEM_NO_OP + 1;
  user_entry* find_locked(redsem_op op) {
    const std::int64_t i = std::int64_t{op} - first_handle;
    if (i < 0 || i >= static_cast<std::int64_t>(entries_.size()) || !entries_[static_cast<std::size_t>(i)].live)
      return nullptr;
    return &entries_[static_cast<std::size_t>(i)];
  }
  std::mutex mutex_;
  std::deque<user_entry> entries_;
};

user_ops& registry() {
  static user_ops ops;
  return ops;
}

// The default-policy kernel of every legal pair, looked up once per process.
const kernel* kernel_for(op_id op, basic_type type) {
  static const auto table = [] {
    std::vector<std::optional<kernel>> t(op_count * basic_type_count);
    for (std::size_t o = 0; o < op_count; ++o)
      for (std::size_t b = 0; b < basic_type_count; ++b)
        t[o * basic_type_count + b] = find_kernel(static_cast<op_id>(o), static_cast<basic_type>(b), policy{});
    return t;
  }();
  const auto& k = table[static_cast<std::size_t>(op) * basic_type_count + static_cast<std::size_t>(type)];
  return k ? &*k : nullptr;
}

bool is_in_place(const void* p) { return p == REDSEM_IN_PLACE; }

// A resolved call: the op is a predefined one or a user entry.
struct call {
  basic_type type;
  std::int64_t count;
  std::optional<op_id> predefined;
  user_entry user;
};

// Handles first (the C API's own errors), then the model's op rules in its order.
int check_handles_and_op(redsem_datatype datatype, redsem_op op, call& c) {
  if (static_cast<int>(datatype) < 0 || static_cast<std::size_t>(datatype) >= basic_type_count)
    return REDSEM_ERR_INVALID_DATATYPE;
  c.type = static_cast<basic_type>(datatype);
  if (op >= 0 && op < static_cast<redsem_op>(op_count)) {
    c.predefined = static_cast<op_id>(op);
  } else if (auto u = registry().find(op)) {
    c.user = *u;
  } else {
    return REDSEM_ERR_INVALID_OP;
  }
  return REDSEM_SUCCESS;
}

int check_op(const call& c) {
  if (!c.predefined) return c.user.function == nullptr ? error(rule::null_user_function) : REDSEM_SUCCESS;
  const op_id id = *c.predefined;
  if (usage_of(id) == op_usage::rma_only) return error(rule::rma_only_op);
  if (group_of(c.type) == type_group::character) return error(rule::character_type);
  if (!op_allows(id, c.type)) return error(rule::op_not_for_type);
  return REDSEM_SUCCESS;
}

// Whether the value bytes of two arrays overlap. Disjoint spans decide at once; otherwise the
// fields' arithmetic decides on the bytes the typemaps touch (padding excluded), as the model
// does, in constant memory whatever the count.
bool overlaps(const void* x, const void* y, const call& c) {
  const std::uint64_t bytes = static_cast<std::uint64_t>(c.count) * info(c.type).size;  // no wrap: check_call bounds it
  const std::uint64_t ux = reinterpret_cast<std::uintptr_t>(x), uy = reinterpret_cast<std::uintptr_t>(y);
  if (bytes == 0 || ux + bytes <= uy || uy + bytes <= ux) return false;
  return detail::arrays_overlap(ux, uy, c.count, c.type);
}

// check_reduction_call's order: count, op, (signatures match by construction; no bounds to
// check on real memory; a predefined type has no overlapping entries), then aliasing.
int check_call(const call& c, const std::vector<const void*>& inputs, const void* inout) {
  if (c.count < 0) return error(rule::negative_count);
  if (int e = check_op(c)) return e;
  if (c.count > 0) {
    if (inout == nullptr) return REDSEM_ERR_NULL_BUFFER;
    for (const void* in : inputs)
      if (in == nullptr) return REDSEM_ERR_NULL_BUFFER;
  }
  // A buffer whose bytes would run past the end of the address space cannot exist.
  const auto span = static_cast<std::uint64_t>(c.count) * info(c.type).size;
  if (static_cast<std::uint64_t>(c.count) > UINT64_MAX / 2 / info(c.type).size) return error(rule::out_of_bounds);
  for (const void* p : inputs)
    if (reinterpret_cast<std::uintptr_t>(p) > UINTPTR_MAX - span) return error(rule::out_of_bounds);
  if (reinterpret_cast<std::uintptr_t>(inout) > UINTPTR_MAX - span) return error(rule::out_of_bounds);
  for (const void* in : inputs)
    if (overlaps(in, inout, c)) return error(rule::inout_aliases_input);
  return REDSEM_SUCCESS;
}

// The user function on `count` elements, in calls of at most INT_MAX elements each. The
// function gets its own copy of len and the loop advances by what it asked for: MPI-4.1
// §7.9.5 passes len as the element count of the call and defines no meaning for a changed
// value, so a function that writes *len (0 would stall the loop, −1 run it backwards) is
// reported instead of trusted.
int call_user(const call& c, const void* in, void* inout) {
  redsem_datatype handle = static_cast<redsem_datatype>(c.type);
  const std::size_t extent = info(c.type).size;
  auto* a = static_cast<std::byte*>(const_cast<void*>(in));  // MPI_User_function's invec is not const
  auto* b = static_cast<std::byte*>(inout);
  for (std::int64_t done = 0; done < c.count;) {
    const int asked = static_cast<int>(std::min<std::int64_t>(c.count - done, INT_MAX));
    int len = asked;
    const std::size_t shift = static_cast<std::size_t>(done) * extent;
    c.user.function(a + shift, b + shift, &len, &handle);
    if (len != asked) return REDSEM_ERR_USER_FUNCTION_CHANGED_LEN;
    done += asked;
  }
  return REDSEM_SUCCESS;
}

void run_predefined(const call& c, const void* lhs, const void* rhs, void* out) {
  (*kernel_for(*c.predefined, c.type))(lhs, rhs, out, static_cast<std::uint64_t>(c.count), policy{});
}

// inout = L ∘ R with a two-operand user function, as the proposal's implementation note does it
// (docs/semantics.md §4.2): at most one temporary, operands read as they were on entry.
int locals_with_user_op(const call& c, const void* in, const void* arg, void* inout) {
  const std::size_t bytes = static_cast<std::size_t>(c.count) * info(c.type).size;
  if (!is_in_place(in)) {
    if (is_in_place(arg)) return call_user(c, in, inout);  // A = X ∘ A
    std::memmove(inout, arg, bytes);  // A = X ∘ Y and A = X ∘ X: Y (or X) into A, then f(X, A)
    return call_user(c, in, inout);
  }
  std::vector<std::byte> temp;
  try {
    temp.resize(bytes);
  } catch (const std::bad_alloc&) {
    return REDSEM_ERR_NO_MEMORY;
  }
  if (is_in_place(arg)) {  // A = A ∘ A: f(copy of A, A)
    std::memcpy(temp.data(), inout, bytes);
    return call_user(c, temp.data(), inout);
  }
  // A = A ∘ Y: f(A, copy of Y), then into A
  std::memcpy(temp.data(), arg, bytes);
  if (int e = call_user(c, inout, temp.data())) return e;
  std::memcpy(inout, temp.data(), bytes);
  return REDSEM_SUCCESS;
}

// No exception may cross the C boundary: every entry point runs its body through this.
// What can still throw (an allocation, a lock) is an internal failure, not the caller's.
template <class F>
int guarded(F&& body) noexcept {
  try {
    return body();
  } catch (const std::bad_alloc&) {
    return REDSEM_ERR_NO_MEMORY;
  } catch (...) {
    return REDSEM_ERR_INTERNAL;
  }
}

}  // namespace
}  // namespace redsem::kernels

using namespace redsem;
using namespace redsem::kernels;

extern "C" int redsem_op_create(redsem_user_function* function, int commute, redsem_op* op) {
  return guarded([&] {
    if (op == nullptr) return int{REDSEM_ERR_INVALID_OP};
    if (function == nullptr) return error(rule::null_user_function);
    *op = registry().add(function, commute != 0);
    return int{REDSEM_SUCCESS};
  });
}

extern "C" int redsem_op_free(redsem_op* op) {
  return guarded([&] {
    if (op == nullptr || !registry().remove(*op)) return int{REDSEM_ERR_INVALID_OP};
    *op = REDSEM_OP_NULL;
    return int{REDSEM_SUCCESS};
  });
}

extern "C" int redsem_reduce_local(const void* inbuf, void* inoutbuf, int64_t count, redsem_datatype datatype,
                                   redsem_op op) {
  return guarded([&] {
    call c{basic_type::int_, count, std::nullopt, {}};
    if (int e = check_handles_and_op(datatype, op, c)) return e;
    if (is_in_place(inbuf) || is_in_place(inoutbuf)) return error(rule::in_place_forbidden);
    if (int e = check_call(c, {inbuf}, inoutbuf)) return e;
    if (count == 0) return int{REDSEM_SUCCESS};
    if (!c.predefined) return call_user(c, inbuf, inoutbuf);
    run_predefined(c, inbuf, inoutbuf, inoutbuf);
    return int{REDSEM_SUCCESS};
  });
}

extern "C" int redsem_reduce_locals(const void* inbuf, const void* argbuf, void* inoutbuf, int64_t count,
                                    redsem_datatype datatype, redsem_op op) {
  return guarded([&] {
    call c{basic_type::int_, count, std::nullopt, {}};
    if (int e = check_handles_and_op(datatype, op, c)) return e;
    if (is_in_place(inoutbuf)) return error(rule::in_place_inoutbuf);
    std::vector<const void*> inputs;
    if (!is_in_place(inbuf)) inputs.push_back(inbuf);
    if (!is_in_place(argbuf)) inputs.push_back(argbuf);
    if (int e = check_call(c, inputs, inoutbuf)) return e;
    if (count == 0) return int{REDSEM_SUCCESS};
    if (!c.predefined) return locals_with_user_op(c, inbuf, argbuf, inoutbuf);
    run_predefined(c, is_in_place(inbuf) ? inoutbuf : inbuf, is_in_place(argbuf) ? inoutbuf : argbuf, inoutbuf);
    return int{REDSEM_SUCCESS};
  });
}

namespace {

// The rules' messages, built once; nullptr when there was no memory to build them (the static
// is then built again on the next call), so that redsem_error_string never throws.
const std::array<std::string, rule_count>* rule_messages() noexcept {
  try {
    static const auto messages = [] {
      std::array<std::string, rule_count> m;
      for (std::size_t r = 0; r < rule_count; ++r) {
        const rule_info& i = describe(static_cast<rule>(r));
        m[r] = std::string(i.name) + ": " + std::string(i.text) + " (" + std::string(i.section) + ")";
      }
      return m;
    }();
    return &messages;
  } catch (...) {
    return nullptr;
  }
}

}  // namespace

extern "C" const char* redsem_error_string(int code) {
  if (code == REDSEM_SUCCESS) return "success";
  if (code >= 1 && code <= static_cast<int>(rule_count)) {
    const auto* messages = rule_messages();
    return messages ? (*messages)[static_cast<std::size_t>(code - 1)].c_str() : "a rule of the model (no memory to name it)";
  }
  switch (code) {
    case REDSEM_ERR_INVALID_DATATYPE: return "invalid_datatype: not a redsem_datatype value";
    case REDSEM_ERR_INVALID_OP: return "invalid_op: neither a predefined op nor a live user op";
    case REDSEM_ERR_NULL_BUFFER: return "null_buffer: a NULL buffer with count > 0";
    case REDSEM_ERR_NO_MEMORY: return "no_memory: no temporary buffer for a user op";
    case REDSEM_ERR_USER_FUNCTION_CHANGED_LEN:
      return "user_function_changed_len: the user function wrote *len, which is the call's element count "
             "(MPI-4.1 §7.9.5); the elements of that call may already be written";
    case REDSEM_ERR_INTERNAL: return "internal: an unexpected failure inside redsem (please report it)";
    default: return "unknown redsem error code";
  }
}
