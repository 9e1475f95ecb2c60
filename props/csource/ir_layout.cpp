// SPDX-License-Identifier: BSD-3-Clause
// Sizes and alignments of IR types on x86-64 (the data layout clang prints for it:
// i64:64-f80:128, pointers 8 bytes).
#include <stdexcept>

#include "props/csource/ir.h"

namespace redsem::csource {

bool is_float(const ir_type& t) {
  return t.k == ir_type::kind::f32 || t.k == ir_type::kind::f64 || t.k == ir_type::kind::f80;
}

namespace {

// A scalar's size, which is also its alignment in this data layout.
std::uint64_t scalar_bytes(const ir_type& t) {
  using K = ir_type::kind;
  switch (t.k) {
    case K::integer:
      return t.bits <= 8 ? 1 : t.bits <= 16 ? 2 : t.bits <= 32 ? 4 : t.bits <= 64 ? 8 : 16;
    case K::f32:
      return 4;
    case K::f64:
      return 8;
    case K::f80:
      return 16;
    default:  // pointer
      return 8;
  }
}

}  // namespace

std::uint64_t align_of(const ir_type& t) {
  using K = ir_type::kind;
  switch (t.k) {
    case K::integer:
    case K::f32:
    case K::f64:
    case K::f80:
    case K::pointer:
      return scalar_bytes(t);
    case K::array:
      return align_of(*t.elems[0]);
    case K::vector:
      return size_of(t);
    case K::structure: {
      std::uint64_t a = 1;
      if (!t.packed)
        for (const auto& e : t.elems) a = std::max(a, align_of(*e));
      return a;
    }
    default:
      throw std::runtime_error("type " + t.text + " has no layout");
  }
}

std::uint64_t field_offset(const ir_type& t, std::size_t field) {
  std::uint64_t at = 0;
  for (std::size_t i = 0; i <= field && i < t.elems.size(); ++i) {
    const std::uint64_t a = t.packed ? 1 : align_of(*t.elems[i]);
    at = (at + a - 1) / a * a;
    if (i == field) return at;
    at += size_of(*t.elems[i]);
  }
  return at;
}

std::uint64_t size_of(const ir_type& t) {
  using K = ir_type::kind;
  switch (t.k) {
    case K::integer:
    case K::f32:
    case K::f64:
    case K::f80:
    case K::pointer:
      return scalar_bytes(t);
    case K::array:
      return t.count * size_of(*t.elems[0]);
    case K::vector:
      return t.count * size_of(*t.elems[0]);
    case K::structure: {
      if (t.elems.empty()) return 0;
      const std::uint64_t end = field_offset(t, t.elems.size() - 1) + size_of(*t.elems.back());
      const std::uint64_t a = align_of(t);
      return (end + a - 1) / a * a;
    }
    default:
      throw std::runtime_error("type " + t.text + " has no layout");
  }
}

}  // namespace redsem::csource
