/* SPDX-License-Identifier: BSD-3-Clause */
// An op file as written: declarations and untyped expression trees, with the source
// position of everything, so that type errors found later still name file:line:col.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/opfile/field_type.h"

namespace redsem::opfile {

struct source_loc {
  int line = 1;
  int col = 1;
};

// "file:line:col: error: message"; the one error a file gets (parsing stops at the first).
struct diagnostic {
  std::string file;
  source_loc loc;
  std::string message;
  std::string to_string() const;
};

enum class syntax_kind : std::uint8_t {
  int_literal,    // 42, 0x2a (no sign: `-1` is negation of a literal)
  float_literal,  // 1.5, 2e10, inf, nan
  bool_literal,   // true, false
  type_limit,     // min_of(T), max_of(T): the type's smallest and largest value (±inf for floats)
  operand_field,  // a.f (left operand) or b.f (right operand)
  name,           // a `let` name, or a bare field name inside `require`
  unary,          // - ! ~
  binary,         // + - * & | ^ << >> && || == != < <= > >=
  member_of,      // e in {c1, c2, ...}
  call,           // min max rotl rotr isnan
  conditional,    // if c then x else y
};

enum class syntax_op : std::uint8_t {
  none, neg, lnot, bnot,
  add, sub, mul, band, bor, bxor, shl, shr, land, lor, eq, ne, lt, le, gt, ge,
  min, max, rotl, rotr, isnan,
};
std::string_view spelling(syntax_op op);

struct syntax_node {
  syntax_kind kind = syntax_kind::name;
  syntax_op op = syntax_op::none;
  source_loc loc;
  std::string name;       // field, let or type name
  int operand = -1;       // operand_field: 0 = a, 1 = b
  std::uint64_t integer = 0;
  std::string numeral;    // float_literal: its text ("1.5", "inf"), rounded once its type is known
  bool boolean = false;
  std::vector<int> children;  // indices into op_syntax::nodes
};

struct named_expr {
  std::string name;
  source_loc loc;
  int expr;  // root index into op_syntax::nodes
};

struct field_decl {
  std::string name;
  std::string type_name;  // a field type or the type parameter's name
  source_loc loc;
};

struct type_param {
  std::string name;
  std::vector<field_type> choices;
  source_loc loc;
};

struct op_syntax {
  std::string file;
  std::string name;
  source_loc name_loc;
  std::string description;
  std::optional<type_param> param;
  std::vector<field_decl> fields;
  std::vector<named_expr> requires_;  // name unused; each must hold for every input element
  std::vector<named_expr> lets;       // in order; each may use the earlier ones
  std::vector<named_expr> results;    // one per field
  std::vector<named_expr> identity;   // empty: no identity candidate
  source_loc identity_loc;
  std::optional<bool> commute;
  source_loc commute_loc;
  std::vector<syntax_node> nodes;
};

}  // namespace redsem::opfile
