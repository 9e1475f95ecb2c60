// SPDX-License-Identifier: BSD-3-Clause
#include "kernels/atomic/atomic_accumulate.h"

#include <array>
#include <atomic>
#include <cstring>
#include <type_traits>

#include "model/concrete_domain.h"
#include "model/element_io.h"
#include "model/op_definitions.h"
#include "model/rma/element_update.h"

namespace redsem::kernels::atomic {
namespace {

template <std::size_t N> struct bits_of {};
template <> struct bits_of<1> { using type = std::uint8_t; };
template <> struct bits_of<2> { using type = std::uint16_t; };
template <> struct bits_of<4> { using type = std::uint32_t; };
template <> struct bits_of<8> { using type = std::uint64_t; };
template <> struct bits_of<16> { using type = unsigned __int128; };

constexpr bool has_bits(std::size_t n) { return n == 1 || n == 2 || n == 4 || n == 8 || n == 16; }

// 64 spin locks, chosen by address, for elements no compare-and-swap instruction covers.
class stripe_lock {
 public:
  explicit stripe_lock(const void* address)
      : flag_(stripes()[(reinterpret_cast<std::uintptr_t>(address) >> 4) % stripe_count]) {
    while (flag_.test_and_set(std::memory_order_acquire))
      while (flag_.test(std::memory_order_relaxed)) {
      }
  }
  ~stripe_lock() { flag_.clear(std::memory_order_release); }
  stripe_lock(const stripe_lock&) = delete;
  stripe_lock& operator=(const stripe_lock&) = delete;

 private:
  static constexpr std::size_t stripe_count = 64;
  static std::array<std::atomic_flag, stripe_count>& stripes() {
    static std::array<std::atomic_flag, stripe_count> s{};
    return s;
  }
  std::atomic_flag& flag_;
};

template <basic_type B>
atomic_method method(op_id op, const void* address) {
  using E = element_t<B>;
  constexpr std::size_t size = sizeof(E);
  if (!has_bits(size) || reinterpret_cast<std::uintptr_t>(address) % size != 0) return atomic_method::lock_striped;
  if (size == 16) return atomic_method::cas16_loop;
  if (op == op_id::replace || op == op_id::no_op) return atomic_method::hardware_rmw;
  const type_group g = group_of(B);
  const bool integer = g == type_group::c_integer || g == type_group::fortran_integer ||
                       g == type_group::multi_language || g == type_group::byte;
  if constexpr (std::is_integral_v<E>)
    if (integer && (op == op_id::sum || op == op_id::band || op == op_id::bor || op == op_id::bxor))
      return atomic_method::hardware_rmw;
  return atomic_method::cas_loop;
}

// target := new_value(old) atomically for the bits of one element; returns the old bits in `old_bytes`.
template <std::size_t Size, class Compute>
void cas_update(std::byte* target, std::byte* old_bytes, Compute compute) {
  using bits = typename bits_of<Size>::type;
  std::atomic_ref<bits> ref(*reinterpret_cast<bits*>(target));
  bits old = ref.load(std::memory_order_acquire);
  for (;;) {
    std::byte next[Size];
    std::memcpy(old_bytes, &old, Size);
    if (!compute(old_bytes, next)) return;  // nothing to write
    bits desired;
    std::memcpy(&desired, next, Size);
    if (ref.compare_exchange_weak(old, desired, std::memory_order_acq_rel, std::memory_order_acquire)) return;
  }
}

// The integer ops a fetch-and-op instruction performs: the same values as the model's SUM
// (wrapping, which std::atomic_ref guarantees for signed types too) and bitwise ops.
template <class E>
E hardware_rmw(op_id op, std::byte* target, std::byte* origin_or_null) {
  if constexpr (std::is_integral_v<E>) {
    std::atomic_ref<E> ref(*reinterpret_cast<E*>(target));
    const E b = origin_or_null ? load_element<E>(origin_or_null) : E{};
    switch (op) {
      case op_id::sum: return ref.fetch_add(b, std::memory_order_acq_rel);
      case op_id::band: return ref.fetch_and(b, std::memory_order_acq_rel);
      case op_id::bor: return ref.fetch_or(b, std::memory_order_acq_rel);
      case op_id::bxor: return ref.fetch_xor(b, std::memory_order_acq_rel);
      default: break;
    }
  }
  (void)op, (void)target, (void)origin_or_null;
  return E{};
}

template <basic_type B>
void update_one(op_id op, const policy& p, std::byte* target, const std::byte* origin, std::byte* result) {
  using E = element_t<B>;
  constexpr std::size_t size = sizeof(E);
  alignas(16) std::byte old_bytes[size];
  // new := f(old, origin), keeping old's padding bytes; MPI_NO_OP writes nothing.
  const auto compute = [&](const std::byte* old, std::byte* next) {
    if (op == op_id::no_op) return false;
    std::memcpy(next, old, size);
    const concrete_domain d(p);
    store_element(next, ops::apply<B>(op, d, p, load_element<E>(old), load_element<E>(origin)));
    return true;
  };
  switch (method<B>(op, target)) {
    case atomic_method::hardware_rmw:
      if constexpr (has_bits(size) && size <= 8) {
        using bits = typename bits_of<size>::type;
        std::atomic_ref<bits> ref(*reinterpret_cast<bits*>(target));
        bits old{};
        if (op == op_id::no_op) {
          old = ref.load(std::memory_order_acquire);
        } else if (op == op_id::replace) {
          bits desired;
          std::memcpy(&desired, origin, size);
          old = ref.exchange(desired, std::memory_order_acq_rel);
        } else {
          const E o = hardware_rmw<E>(op, target, const_cast<std::byte*>(origin));
          std::memcpy(&old, &o, size);
        }
        std::memcpy(old_bytes, &old, size);
      }
      break;
    case atomic_method::cas_loop:
    case atomic_method::cas16_loop:
      if constexpr (has_bits(size)) cas_update<size>(target, old_bytes, compute);
      break;
    case atomic_method::lock_striped: {
      const stripe_lock lock(target);
      std::memcpy(old_bytes, target, size);
      std::byte next[size];
      if (compute(old_bytes, next)) std::memcpy(target, next, size);
      break;
    }
  }
  if (result) redsem::rma::copy_element(B, result, old_bytes);
}

template <basic_type B>
bool swap_one(std::byte* target, const std::byte* origin, const std::byte* compare, std::byte* result) {
  constexpr std::size_t size = sizeof(element_t<B>);
  alignas(16) std::byte old_bytes[size];
  bool swapped = false;
  const auto compute = [&](const std::byte* old, std::byte* next) {
    swapped = redsem::rma::identical_element(B, old, compare);
    if (!swapped) return false;
    std::memcpy(next, old, size);
    redsem::rma::copy_element(B, next, origin);
    return true;
  };
  if (method<B>(op_id::replace, target) == atomic_method::lock_striped) {
    const stripe_lock lock(target);
    std::memcpy(old_bytes, target, size);
    std::byte next[size];
    if (compute(old_bytes, next)) std::memcpy(target, next, size);
  } else if constexpr (has_bits(size)) {
    cas_update<size>(target, old_bytes, compute);
  }
  if (result) redsem::rma::copy_element(B, result, old_bytes);
  return swapped;
}

}  // namespace

std::string_view to_string(atomic_method m) {
  switch (m) {
    case atomic_method::hardware_rmw: return "hardware read-modify-write";
    case atomic_method::cas_loop: return "compare-and-swap loop";
    case atomic_method::cas16_loop: return "16-byte compare-and-swap loop (cmpxchg16b via libatomic)";
    case atomic_method::lock_striped: return "lock-striped (64 spin locks by address)";
  }
  return "?";
}

atomic_method method_for(basic_type type, op_id op, const void* address) {
  return visit(type, [&](auto tag) { return method<decltype(tag)::value>(op, address); });
}

void accumulate(basic_type type, op_id op, const policy& p, std::byte* target, const std::byte* origin,
                std::byte* result, std::size_t count) noexcept {
  visit(type, [&](auto tag) {
    constexpr basic_type B = decltype(tag)::value;
    constexpr std::size_t size = sizeof(element_t<B>);
    for (std::size_t k = 0; k < count; ++k)
      update_one<B>(op, p, target + k * size, origin ? origin + k * size : nullptr, result ? result + k * size : nullptr);
  });
}

bool compare_and_swap(basic_type type, std::byte* target, const std::byte* origin, const std::byte* compare,
                      std::byte* result) noexcept {
  return visit(type, [&](auto tag) { return swap_one<decltype(tag)::value>(target, origin, compare, result); });
}

}  // namespace redsem::kernels::atomic
