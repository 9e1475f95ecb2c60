/* SPDX-License-Identifier: BSD-3-Clause */
// An element-level binary operation as the concrete law checker (props/laws/opfile_check.h) sees it: typed
// fields, a ∘ b on elements of those fields, which elements are inputs, and an identity
// candidate. An op file (concrete_op) is one; a compiled MPI_User_function is another
// (props/fuzz/kernel_op.h), so one checker, one sampling and one shrinker serve both.
#pragma once

#include <cstddef>
#include <span>
#include <utility>
#include <vector>

#include "model/concrete_domain.h"
#include "model/opfile/evaluate.h"
#include "model/opfile/field_type.h"
#include "model/policy.h"
#include "model/typemap.h"

namespace redsem::opfile {

using concrete_value = value<concrete_domain>;
using concrete_element = element<concrete_domain>;

// Per field, the values the search tries: a small set (the exhaustive phase) and a wide one
// (special values, the op's own constants), ordered so that the first counterexample found
// is a simple one.
struct field_samples {
  std::vector<concrete_value> small, wide;
};

// The sample values of one field type (domain_samples.cpp).
field_samples samples_for(field_type t);

class binary_op {
 public:
  virtual ~binary_op() = default;

  // The fields of an element, in order.
  virtual const std::vector<field_type>& field_types() const = 0;
  // The element's datatype and the policy its results compare under (model/element_compare.h).
  virtual const datatype& type() const = 0;
  virtual const policy& semantics() const = 0;
  virtual void store(const concrete_element& x, std::byte* p) const = 0;

  // a ∘ b, a the left operand (the lower ranks'), as MPI-4.1 §7.9.5 orders a user function's
  // invec (a) and inoutvec (b).
  virtual concrete_element combine(const concrete_element& a, const concrete_element& b) const = 0;
  // Each pair's a ∘ b. An op whose every evaluation is costly (a compiled function run in a
  // child process) does them in one go; the checker hands it up to batch() pairs at a time.
  using operands = std::pair<const concrete_element*, const concrete_element*>;
  virtual std::vector<concrete_element> combine_all(std::span<const operands> pairs) const;
  virtual std::size_t batch() const { return 1; }

  // Whether x is an input of the op (an op file's `require` lines); every element by default.
  virtual bool legal(const concrete_element&) const { return true; }
  // Whether legal() can refuse an element: only then is "closed" a law to check.
  virtual bool has_domain() const { return false; }
  virtual bool has_identity() const = 0;
  virtual concrete_element identity() const = 0;

  // The values the search draws for each field; by default samples_for each field's type.
  virtual std::vector<field_samples> samples() const;
};

// An element read from / written to bytes whose field f lies at offsets[f]. Only value bytes
// move (model/element_io.h); a bool field is one byte, read as 0 or not 0.
concrete_element load_fields(const std::vector<field_type>& types, const std::vector<std::size_t>& offsets,
                             const std::byte* p);
void store_fields(const std::vector<field_type>& types, const std::vector<std::size_t>& offsets,
                  const concrete_element& x, std::byte* p);

}  // namespace redsem::opfile
