/* SPDX-License-Identifier: BSD-3-Clause */
// Datatypes as typemaps: predefined types, and derived ones (contiguous, vector, hvector,
// indexed, struct, resized) flattened to (predefined type, displacement) lists with MPI's
// bounds and extents (MPI-4.1 §5.1). A value–index pair type is one predefined entry.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "model/datatype.h"

namespace redsem {

struct typemap_entry {
  basic_type type;
  std::int64_t disp;  // bytes from the buffer's start
  friend bool operator==(const typemap_entry&, const typemap_entry&) = default;
};

class datatype {
 public:
  static datatype predefined(basic_type t);
  static datatype contiguous(std::int64_t count, const datatype& old);
  static datatype vector(std::int64_t count, std::int64_t blocklength, std::int64_t stride, const datatype& old);
  static datatype hvector(std::int64_t count, std::int64_t blocklength, std::int64_t stride_bytes,
                          const datatype& old);
  static datatype indexed(const std::vector<std::int64_t>& blocklengths, const std::vector<std::int64_t>& displacements,
                          const datatype& old);
  // Extent is rounded up to the largest component alignment, as a C struct is.
  static datatype structure(const std::vector<std::int64_t>& blocklengths,
                            const std::vector<std::int64_t>& byte_displacements, const std::vector<datatype>& types);
  static datatype resized(const datatype& old, std::int64_t lb, std::int64_t extent);

  bool is_predefined() const { return predefined_.has_value(); }
  std::optional<basic_type> predefined_type() const { return predefined_; }
  const std::vector<typemap_entry>& entries() const { return entries_; }
  std::int64_t lb() const { return lb_; }
  std::int64_t ub() const { return ub_; }
  std::int64_t extent() const { return ub_ - lb_; }
  std::int64_t true_lb() const { return true_lb_; }
  std::int64_t true_ub() const { return true_ub_; }
  std::int64_t alignment() const { return align_; }
  const std::string& description() const { return description_; }

  // The predefined type every entry has, if there is one (RMA's "derived from a single
  // predefined type", MPI-4.1 §13.3.4); nullopt for an empty or mixed typemap.
  std::optional<basic_type> single_basic_type() const;

  // Same typemap and bounds: the layout a user function sees is the same.
  bool same_layout(const datatype& other) const;

 private:
  datatype() = default;
  static datatype from_entries(std::vector<typemap_entry> entries, std::int64_t lb, std::int64_t ub,
                               std::int64_t align, std::string description);
  // count copies of `old`, the i-th shifted by shift(i) bytes.
  template <class Shift>
  static datatype replicate(std::int64_t count, const datatype& old, Shift shift, std::string description);

  std::optional<basic_type> predefined_;
  std::vector<typemap_entry> entries_;
  std::int64_t lb_ = 0, ub_ = 0, true_lb_ = 0, true_ub_ = 0, align_ = 1;
  std::string description_;
};

// Type signatures (the sequence of predefined types of `count` copies) are equal.
bool same_signature(std::int64_t count_a, const datatype& a, std::int64_t count_b, const datatype& b);

}  // namespace redsem
