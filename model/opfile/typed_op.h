/* SPDX-License-Identifier: BSD-3-Clause */
// An op file with its type parameter chosen: every expression node has a field type,
// literals are constants of that type, `e in {...}` and `a > b` are spelled out. This is
// the AST that every value domain evaluates (evaluate.h): one definition, two interpretations.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "model/opfile/field_type.h"
#include "model/opfile/syntax.h"

namespace redsem::opfile {

// A constant; alternative i holds field_type i.
using scalar = std::variant<bool, std::int8_t, std::int16_t, std::int32_t, std::int64_t, std::uint8_t, std::uint16_t,
                            std::uint32_t, std::uint64_t, float, double, long double>;

enum class code : std::uint8_t {
  constant,       // value
  operand_field,  // field `index` of operand `operand` (0 = a, left; 1 = b, right)
  element_field,  // field `index` of the element a `require` or identity check is about
  let_ref,        // the value of let number `index`
  neg, lnot, bnot,
  add, sub, mul, band, bor, bxor, shl, shr, rotl, rotr,
  land, lor, lxor,
  eq, ne, lt, le,  // operands of operand_type; `x > y` is lt(y, x)
  min, max,        // MPI_MIN / MPI_MAX semantics under the policy (model/op_definitions.h)
  isnan,
  select,          // x ? y : z
};

struct typed_node {
  code op = code::constant;
  field_type type = field_type::boolean;          // of the result
  field_type operand_type = field_type::boolean;  // of x (and y): comparisons and isnan take numbers, give bool
  int x = -1, y = -1, z = -1;                     // children, indices into typed_op::nodes
  int index = 0;
  int operand = 0;
  scalar value;
};

struct typed_field {
  std::string name;
  field_type type;
};

struct typed_op {
  std::string name;
  std::string description;
  std::string instance;  // "T=int32" for a generic op, "" otherwise
  bool commute = false;
  std::vector<typed_field> fields;
  std::vector<typed_node> nodes;
  std::vector<int> requires_;  // bool roots over element_field: the legal input elements
  std::vector<int> lets;       // roots, in order; each may use the earlier ones
  std::vector<int> results;    // one root per field, in field order
  std::vector<int> identity;   // one constant root per field, or empty
};

// A parsed and type-checked op file: one typed_op per choice of its type parameter.
struct op_definition {
  op_syntax syntax;
  std::vector<typed_op> instances;  // in the order of the `type` statement's choices

  // The instance for `type` ("int32", "T=int32"), or the first one when `type` is empty;
  // nullptr when there is no such choice.
  const typed_op* instance(std::string_view type) const;
};

struct load_result {
  std::optional<op_definition> op;
  diagnostic error;
};

// Parse and type-check every instance; the first error of any instance is the answer.
load_result load_op_text(std::string_view text, const std::string& file);
load_result load_op_path(const std::string& path);

}  // namespace redsem::opfile
