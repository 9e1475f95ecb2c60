/* SPDX-License-Identifier: BSD-3-Clause */
// A compiled MPI_User_function (any kernel_under_test) as an element-level binary op, so that
// the concrete law checker of op files (props/laws/opfile_check.h) checks its laws too: a ∘ b
// is what the function leaves in inoutvec after a call with invec = a and inoutvec = b
// (MPI-4.1 §7.9.5: inoutvec[i] = invec[i] ∘ inoutvec[i]). Many pairs go into one call, so the
// search costs a few calls (each in its own child under isolated_kernel); that is sound only
// for a function whose elements are independent, which kernel_contract.h checks first.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "model/opfile/binary_op.h"
#include "props/fuzz/kernel.h"

namespace redsem::fuzz {

// The scalar fields of one element of a datatype, in typemap order: each entry's value (a
// pair's value and index, a complex's real and imaginary parts), where it lies in the element.
struct element_fields {
  std::vector<opfile::field_type> types;
  std::vector<std::size_t> offsets;
};

// The most fields an element may have for the law search (a contiguous(n, T) has n).
constexpr std::size_t max_element_fields = 64;

// The fields of `type`, or nullopt and *why: a character type (not a reduction type, MPI-4.1
// §7.9.3), an element reaching outside [0, extent), entries that overlap (model/buffer.h:
// written_type_error, as the type describes inoutvec), or more than max_element_fields fields.
std::optional<element_fields> fields_of(const datatype& type, std::string* why);

// A call during the law search that did not return 0 (a crash, a hang, an error code).
struct kernel_call_failed : std::runtime_error {
  kernel_call_failed(int status, std::int64_t count, std::vector<opfile::concrete_element> operands = {});
  int status;
  std::int64_t count;  // elements in the failing call
  // (a, b) when one pair alone makes the call fail: a in invec, b in inoutvec.
  std::vector<opfile::concrete_element> operands;
};

class kernel_op : public opfile::binary_op {
 public:
  kernel_op(kernel_under_test k, datatype type, element_fields fields, const policy& p,
            std::optional<opfile::concrete_element> identity = std::nullopt);

  const std::vector<opfile::field_type>& field_types() const override { return fields_.types; }
  const datatype& type() const override { return type_; }
  const policy& semantics() const override { return policy_; }
  void store(const opfile::concrete_element& x, std::byte* p) const override;
  opfile::concrete_element load(const std::byte* p) const;

  opfile::concrete_element combine(const opfile::concrete_element& a, const opfile::concrete_element& b) const override;
  // Throws kernel_call_failed when a call fails, naming the pair that fails alone when halving
  // the call finds one (not after a hang: each half would cost a whole time limit).
  std::vector<opfile::concrete_element> combine_all(std::span<const operands> pairs) const override;
  std::size_t batch() const override { return 4096; }

  bool has_identity() const override { return identity_.has_value(); }
  opfile::concrete_element identity() const override { return *identity_; }

  // Calls made so far (each a child process under isolated_kernel).
  std::uint64_t calls() const { return calls_; }

 private:
  kernel_under_test kernel_;
  datatype type_;
  element_fields fields_;
  policy policy_;
  std::optional<opfile::concrete_element> identity_;
  // One call on the pairs; its status, and each pair's result appended to *out when given.
  int call(std::span<const operands> pairs, std::vector<opfile::concrete_element>* out) const;

  mutable std::uint64_t calls_ = 0;
};

}  // namespace redsem::fuzz
