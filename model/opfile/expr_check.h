/* SPDX-License-Identifier: BSD-3-Clause */
// Type checking one expression of an op file: syntax nodes → typed nodes appended to a
// typed_op, for one choice of the type parameter. Types flow bottom-up; an untyped literal
// takes the type of the other operand, or of what its context expects (Go's untyped
// constants), and must fit in it. There are no implicit conversions. What an expression may
// name depends on the statement it stands in (its context); typecheck.cpp checks the
// statements.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "model/opfile/syntax.h"
#include "model/opfile/typed_op.h"

namespace redsem::opfile::detail {

struct type_error : std::runtime_error {
  type_error(source_loc where, const std::string& what) : std::runtime_error(what), loc(where) {}
  source_loc loc;
};

// The statement an expression stands in: a `require` is about one element (its fields by bare
// name), an identity is a constant, the combine (lets and results) reads both operands.
enum class context { combine, require, identity };

class expr_checker {
 public:
  // Appends to out, whose fields and the lets checked so far the expressions may name.
  expr_checker(const op_syntax& s, std::optional<field_type> choice, typed_op& out)
      : s_(s), choice_(choice), out_(out) {}

  void enter(context c) { ctx_ = c; }
  // The typed node for syntax node i; hint: the type its context expects, if any.
  int check(int i, std::optional<field_type> hint);
  // Node `node`, which must have type want ("<what> has type …, expected …" otherwise).
  int expect(int node, field_type want, source_loc at, const std::string& what) const;

  field_type type_of(int node) const { return out_.nodes[static_cast<std::size_t>(node)].type; }
  // Whether the node's value depends on the element a `require` is about.
  bool uses_element(int node) const { return uses_element_[static_cast<std::size_t>(node)]; }
  field_type resolve(const std::string& type_name, source_loc at) const;
  // The field's index, or -1.
  int field_index(const std::string& name) const;
  [[noreturn]] void fail(source_loc at, const std::string& what) const;

 private:
  const syntax_node& syn(int i) const { return s_.nodes[static_cast<std::size_t>(i)]; }
  int emit(typed_node n);
  int constant(scalar v);
  int node(code op, field_type type, field_type operand_type, int x, int y = -1, int z = -1);
  int any_of(const std::vector<int>& tests);
  bool is_untyped(int i) const;
  std::pair<int, int> check_pair(int x, int y, std::optional<field_type> hint, const syntax_node& at);
  int literal(const syntax_node& n, bool negative, std::optional<field_type> hint);
  int check_unary(const syntax_node& n, std::optional<field_type> hint);
  int check_binary(const syntax_node& n, std::optional<field_type> hint);
  int check_call(const syntax_node& n, std::optional<field_type> hint);
  int check_name(const syntax_node& n);
  int check_operand_field(const syntax_node& n);
  // The node reading the field n names: of operand `operand`, or of the element a `require` is about.
  int field(code op, const syntax_node& n, int operand);
  int check_member_of(const syntax_node& n);
  int check_conditional(const syntax_node& n, std::optional<field_type> hint);
  void require_kind(const syntax_node& at, field_type t, bool ok, const std::string& kinds) const;

  const op_syntax& s_;
  std::optional<field_type> choice_;
  typed_op& out_;
  context ctx_ = context::combine;
  std::vector<bool> uses_element_;  // per node of out_
};

}  // namespace redsem::opfile::detail
