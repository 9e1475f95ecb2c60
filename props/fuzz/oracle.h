// What a kernel is compared with: the model's element_op for a semantics policy. An op file
// or a reference user function plugs in the same way; only predefined ops depend on the
// policy's NaN and ±0 choices, which is what lets the fuzzer say "right under another policy".
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "model/element_op.h"
#include "model/opfile/op_domain.h"
#include "model/opfile/typed_op.h"

namespace redsem::fuzz {

struct oracle {
  std::string name;  // "MPI_SUM on MPI_INT8_T", "op file ops/foo.op"
  datatype type;
  std::function<element_op(const policy&)> make;
  bool policy_sensitive = false;  // whether another NaN/±0/loc policy can change a result
  // An op file's `require` domain: cases are drawn inside it, and a case outside it is never a
  // counterexample. Null: every element is an input.
  std::shared_ptr<const opfile::op_domain> domain;
};

oracle predefined_oracle(op_id op, basic_type type);

// A reference function (MPI_User_function ABI) on one element of `type`; policy-independent.
oracle user_function_oracle(const user_op& op, const datatype& type);

// An op file's instance (model/opfile), interpreted: elements are the C struct of its fields.
// Policy-sensitive when it takes MIN or MAX of floats (MPI_MIN/MPI_MAX's NaN and ±0 rules).
// Its domain is the op's `require` lines, evaluated under `semantics`.
oracle opfile_oracle(const opfile::typed_op& op, const std::string& file, const policy& semantics = {});

}  // namespace redsem::fuzz
