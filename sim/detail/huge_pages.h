/* SPDX-License-Identifier: BSD-3-Clause */
// Memory for the searches' big hash tables, on 2 MiB pages where the kernel gives them on
// request (transparent huge pages in "madvise" mode, as on this project's machines). A table
// of hundreds of MB is read at random: with 4 KiB pages nearly every probe also misses the TLB.
#pragma once

#include <sys/mman.h>

#include <cstddef>
#include <cstdlib>
#include <new>

namespace redsem::sim::detail {

inline constexpr std::size_t huge_page_bytes = std::size_t{2} << 20;

// Uninitialised memory for `bytes`; from 2 MiB up, aligned to and advised as huge pages.
inline void* allocate_huge(std::size_t bytes) {
  if (bytes < huge_page_bytes) return ::operator new(bytes);
  const std::size_t rounded = (bytes + huge_page_bytes - 1) / huge_page_bytes * huge_page_bytes;
  void* p = std::aligned_alloc(huge_page_bytes, rounded);
  if (!p) throw std::bad_alloc();
  madvise(p, rounded, MADV_HUGEPAGE);  // advice only: without it the pages stay small
  return p;
}

inline void free_huge(void* p, std::size_t bytes) {
  if (bytes < huge_page_bytes) ::operator delete(p);
  else std::free(p);
}

template <class T>
struct huge_page_allocator {
  using value_type = T;
  huge_page_allocator() = default;
  template <class U>
  huge_page_allocator(const huge_page_allocator<U>&) {}  // NOLINT(google-explicit-constructor)
  T* allocate(std::size_t n) { return static_cast<T*>(allocate_huge(n * sizeof(T))); }
  void deallocate(T* p, std::size_t n) { free_huge(p, n * sizeof(T)); }
  friend bool operator==(const huge_page_allocator&, const huge_page_allocator&) { return true; }
};

}  // namespace redsem::sim::detail
