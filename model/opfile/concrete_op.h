/* SPDX-License-Identifier: BSD-3-Clause */
// An op file in the concrete domain: elements laid out as the C struct of their fields,
// combined by evaluating the typed AST (evaluate.h) on C++ values. This is the op the model,
// the simulator and the fuzzer run (through element_op or an MPI_User_function binding).
#pragma once

#include <cstddef>
#include <memory>
#include <mutex>
#include <vector>

#include "model/concrete_domain.h"
#include "model/element_op.h"
#include "model/opfile/binary_op.h"
#include "model/opfile/evaluate.h"
#include "model/opfile/typed_op.h"
#include "model/typemap.h"

namespace redsem::opfile {

class concrete_op : public binary_op {
 public:
  concrete_op(typed_op op, const policy& p);
  ~concrete_op() override;
  concrete_op(const concrete_op&) = delete;
  concrete_op& operator=(const concrete_op&) = delete;

  const typed_op& op() const { return op_; }
  const std::vector<field_type>& field_types() const override { return field_types_; }
  const policy& semantics() const override { return policy_; }
  // struct { field0; field1; ... } with C's alignment and padding; bool is one byte (MPI_C_BOOL).
  const datatype& type() const override { return type_; }
  std::size_t size() const { return size_; }
  std::size_t offset(std::size_t field) const { return offsets_[field]; }

  concrete_element combine(const concrete_element& a, const concrete_element& b) const override;
  bool legal(const concrete_element& x) const override;
  bool has_domain() const override { return !op_.requires_.empty(); }
  bool has_identity() const override { return !op_.identity.empty(); }
  concrete_element identity() const override;
  // Per field, samples_for its type plus the op's own constants of that type.
  std::vector<field_samples> samples() const override;

  // out := a ∘ b on element bytes; out may alias a or b.
  void combine(const std::byte* a, const std::byte* b, std::byte* out) const;
  concrete_element load(const std::byte* p) const;
  void store(const concrete_element& x, std::byte* p) const override;

 private:
  // Evaluators keep their scratch space between calls; each call borrows one, so calls from
  // several threads (a simulator's ranks) do not share scratch.
  struct engine {
    explicit engine(const concrete_op& op) : domain(op.policy_), eval(op.op_, domain, op.policy_) {}
    concrete_domain domain;
    evaluator<concrete_domain> eval;
  };
  class borrowed;
  std::unique_ptr<engine> acquire() const;
  void release(std::unique_ptr<engine> e) const;

  mutable std::mutex mutex_;
  mutable std::vector<std::unique_ptr<engine>> idle_;
  typed_op op_;
  policy policy_;
  std::vector<field_type> field_types_;
  std::vector<std::size_t> offsets_;
  std::size_t size_ = 0;
  datatype type_;
};

// The op as an element_op (model/element_op.h), sharing `op`.
element_op make_element_op(std::shared_ptr<const concrete_op> op);

// "(1, 0)" or "3": a value a user reads, fields in order; floats shortest round-trip.
std::string format(const concrete_element& x);

}  // namespace redsem::opfile
