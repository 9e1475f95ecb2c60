/* SPDX-License-Identifier: BSD-3-Clause */
// What a kernel is compared with: the model's element_op for a semantics policy. An op file
// or a reference user function plugs in the same way; only predefined ops depend on the
// policy's NaN, ±0 and complex-product choices, which is what lets the fuzzer say "right under another policy".
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "model/element_op.h"
#include "model/opfile/op_domain.h"
#include "model/opfile/typed_op.h"

namespace redsem::fuzz {

// Which of the policy's open choices can change an oracle's results: the keys the fuzzer varies
// to say "right under another policy".
enum class policy_choices : std::uint8_t {
  none,
  minmax,        // minmax_nan, minmax_zero
  loc,           // loc_nan, minmax_zero, loc_tie
  complex_prod,  // complex_prod
};

struct oracle {
  std::string name;  // "MPI_SUM on MPI_INT8_T", "op file ops/foo.op"
  datatype type;
  std::function<element_op(const policy&)> make;
  policy_choices choices = policy_choices::none;
  // An op file's `require` domain: cases are drawn inside it, and a case outside it is never a
  // counterexample. Null: every element is an input.
  std::shared_ptr<const opfile::op_domain> domain;
  // Bytes of an element outside its typemap (gaps, padding) must come back as they went in: a
  // kernel that writes one is "wrote_gap". Set for predefined ops on derived types.
  bool gaps_untouched = false;
};

oracle predefined_oracle(op_id op, basic_type type);

// A predefined op on a derived datatype whose entries are all `element` (from its lower bound,
// see from_lower_bound): the op on each basic element of the typemap (MPI-4.1 §7.9.2, as
// derived=lenient reads it), every other byte untouched.
oracle derived_oracle(op_id op, basic_type element, const datatype& layout);

// A reference function (MPI_User_function ABI) on one element of `type`; policy-independent.
oracle user_function_oracle(const user_op& op, const datatype& type);

// An op file's instance (model/opfile), interpreted: elements are the C struct of its fields.
// Policy-sensitive when it takes MIN or MAX of floats (MPI_MIN/MPI_MAX's NaN and ±0 rules).
// Its domain is the op's `require` lines, evaluated under `semantics`.
oracle opfile_oracle(const opfile::typed_op& op, const std::string& file, const policy& semantics = {});

}  // namespace redsem::fuzz
