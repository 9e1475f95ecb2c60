// SPDX-License-Identifier: BSD-3-Clause
#include "model/opfile/expr_check.h"

#include "model/check.h"
#include "model/opfile/literal.h"

namespace redsem::opfile::detail {
namespace {

std::string name_of(field_type t) { return std::string(to_string(t)); }

}  // namespace

void expr_checker::fail(source_loc at, const std::string& what) const {
  throw type_error(at, out_.instance.empty() ? what : "with " + out_.instance + ": " + what);
}

field_type expr_checker::resolve(const std::string& type_name, source_loc at) const {
  if (s_.param && type_name == s_.param->name) return *choice_;
  if (auto t = parse_field_type(type_name)) return *t;
  fail(at, "expected a type name (bool, int8 ... uint64, float, double, long_double)" +
               std::string(s_.param ? " or " + s_.param->name : "") + ", found '" + type_name + "'");
}

int expr_checker::field_index(const std::string& name) const {
  for (std::size_t i = 0; i < s_.fields.size(); ++i)
    if (s_.fields[i].name == name) return static_cast<int>(i);
  return -1;
}

int expr_checker::expect(int node, field_type want, source_loc at, const std::string& what) const {
  const field_type got = type_of(node);
  if (got != want) fail(at, what + " has type " + name_of(got) + ", expected " + name_of(want));
  return node;
}

int expr_checker::emit(typed_node n) {
  bool uses = n.op == code::element_field;
  for (int c : {n.x, n.y, n.z})
    if (c >= 0) uses = uses || uses_element_[static_cast<std::size_t>(c)];
  uses_element_.push_back(uses);
  out_.nodes.push_back(n);
  return static_cast<int>(out_.nodes.size() - 1);
}

int expr_checker::constant(scalar v) {
  typed_node n;
  n.op = code::constant;
  n.type = static_cast<field_type>(v.index());
  n.operand_type = n.type;
  n.value = v;
  return emit(n);
}

int expr_checker::node(code op, field_type type, field_type operand_type, int x, int y, int z) {
  typed_node n;
  n.op = op;
  n.type = type;
  n.operand_type = operand_type;
  n.x = x;
  n.y = y;
  n.z = z;
  return emit(n);
}

// The disjunction of `tests` as a balanced tree: evaluation recurses on its depth, and a
// chain over a large set, nested, would be far deeper than the expression that wrote it.
int expr_checker::any_of(const std::vector<int>& tests) {
  std::vector<int> level = tests;
  while (level.size() > 1) {
    std::vector<int> next;
    for (std::size_t k = 0; k + 1 < level.size(); k += 2)
      next.push_back(node(code::lor, field_type::boolean, field_type::boolean, level[k], level[k + 1]));
    if (level.size() % 2 != 0) next.push_back(level.back());
    level = std::move(next);
  }
  return level.front();
}

bool expr_checker::is_untyped(int i) const {
  const auto& n = syn(i);
  if (n.kind == syntax_kind::int_literal || n.kind == syntax_kind::float_literal) return true;
  return n.kind == syntax_kind::unary && n.op == syntax_op::neg && is_untyped(n.children[0]);
}

// Two operands of one type: an untyped literal takes the other's type.
std::pair<int, int> expr_checker::check_pair(int x, int y, std::optional<field_type> hint, const syntax_node& at) {
  int tx, ty;
  if (is_untyped(x) && !is_untyped(y)) {
    ty = check(y, hint);
    tx = check(x, type_of(ty));
  } else {
    tx = check(x, hint);
    ty = check(y, type_of(tx));
  }
  if (type_of(tx) != type_of(ty))
    fail(at.loc, "operands of '" + std::string(spelling(at.op)) + "' have types " + name_of(type_of(tx)) + " and " +
                     name_of(type_of(ty)) + " (there are no implicit conversions)");
  return {tx, ty};
}

int expr_checker::literal(const syntax_node& n, bool negative, std::optional<field_type> hint) {
  const bool is_int = n.kind == syntax_kind::int_literal;
  const field_type t = hint && *hint != field_type::boolean ? *hint : is_int ? field_type::i32 : field_type::f64;
  if (hint == field_type::boolean) fail(n.loc, "expected a bool, found a number");
  std::string error;
  const auto v = is_int ? integer_as(t, negative, n.integer) : float_as(t, negative, n.numeral, &error);
  if (!v)
    fail(n.loc, is_int ? "integer literal " + std::string(negative ? "-" : "") + std::to_string(n.integer) +
                             " does not fit in type " + name_of(t)
                       : error);
  return constant(*v);
}

void expr_checker::require_kind(const syntax_node& at, field_type t, bool ok, const std::string& kinds) const {
  if (!ok) fail(at.loc, "'" + std::string(spelling(at.op)) + "' needs " + kinds + ", found " + name_of(t));
}

int expr_checker::check(int i, std::optional<field_type> hint) {
  const syntax_node& n = syn(i);
  switch (n.kind) {
    case syntax_kind::int_literal:
    case syntax_kind::float_literal:
      return literal(n, false, hint);
    case syntax_kind::bool_literal:
      return constant(scalar(std::in_place_index<0>, n.boolean));
    case syntax_kind::type_limit: {
      const field_type t = resolve(n.name, n.loc);
      if (t == field_type::boolean) fail(n.loc, "min_of/max_of need a number type, found bool");
      return constant(type_limit(t, n.op == syntax_op::max));
    }
    case syntax_kind::operand_field:
      return check_operand_field(n);
    case syntax_kind::name:
      return check_name(n);
    case syntax_kind::unary:
      return check_unary(n, hint);
    case syntax_kind::binary:
      return check_binary(n, hint);
    case syntax_kind::call:
      return check_call(n, hint);
    case syntax_kind::member_of:
      return check_member_of(n);
    case syntax_kind::conditional:
      return check_conditional(n, hint);
  }
  internal_error("unknown syntax_kind");
}

int expr_checker::check_operand_field(const syntax_node& n) {
  if (ctx_ == context::require)
    fail(n.loc, "a 'require' is about one element: write the field name alone ('" + n.name + "'), not a." + n.name);
  if (ctx_ == context::identity) fail(n.loc, "identity values are constants: operands cannot appear here");
  return field(code::operand_field, n, n.operand);
}

int expr_checker::field(code op, const syntax_node& n, int operand) {
  const int f = field_index(n.name);
  if (f < 0) fail(n.loc, "'" + n.name + "' is not a field");
  typed_node t;
  t.op = op;
  t.type = t.operand_type = out_.fields[static_cast<std::size_t>(f)].type;
  t.index = f;
  t.operand = operand;
  return emit(t);
}

int expr_checker::check_member_of(const syntax_node& n) {
  const int x = check(n.children[0], std::nullopt);
  const field_type t = type_of(x);
  std::vector<int> tests;
  for (std::size_t k = 1; k < n.children.size(); ++k) {
    const int c = check(n.children[k], t);
    if (type_of(c) != t)
      fail(syn(n.children[k]).loc, "set element has type " + name_of(type_of(c)) + ", expected " + name_of(t));
    tests.push_back(t == field_type::boolean ? node(code::lnot, field_type::boolean, t, node(code::lxor, t, t, x, c))
                                             : node(code::eq, field_type::boolean, t, x, c));
  }
  return any_of(tests);
}

int expr_checker::check_conditional(const syntax_node& n, std::optional<field_type> hint) {
  const int c = check(n.children[0], field_type::boolean);
  if (type_of(c) != field_type::boolean)
    fail(syn(n.children[0]).loc, "the condition of 'if' has type " + name_of(type_of(c)) + ", expected bool");
  syntax_node as_pair = n;
  as_pair.op = syntax_op::none;
  const auto [x, y] = check_pair(n.children[1], n.children[2], hint, as_pair);
  return node(code::select, type_of(x), type_of(x), c, x, y);
}

int expr_checker::check_name(const syntax_node& n) {
  if (ctx_ == context::require) return field(code::element_field, n, 0);
  // Lets are computed from the operands, so an identity cannot use them either.
  if (ctx_ == context::identity) fail(n.loc, "identity values are constants: '" + n.name + "' cannot appear here");
  for (std::size_t k = 0; k < out_.lets.size(); ++k) {
    if (s_.lets[k].name == n.name) {
      typed_node t;
      t.op = code::let_ref;
      t.type = t.operand_type = type_of(out_.lets[k]);
      t.index = static_cast<int>(k);
      return emit(t);
    }
  }
  if (field_index(n.name) >= 0) fail(n.loc, "write a." + n.name + " or b." + n.name + " for a field of an operand");
  fail(n.loc, "'" + n.name + "' is not a let name defined above");
}

int expr_checker::check_unary(const syntax_node& n, std::optional<field_type> hint) {
  const int child = n.children[0];
  if (n.op == syntax_op::neg) {
    const auto& c = syn(child);
    if (c.kind == syntax_kind::int_literal || c.kind == syntax_kind::float_literal) return literal(c, true, hint);
    const int x = check(child, hint);
    require_kind(n, type_of(x), type_of(x) != field_type::boolean, "a number");
    return node(code::neg, type_of(x), type_of(x), x);
  }
  if (n.op == syntax_op::lnot) {
    const int x = check(child, field_type::boolean);
    require_kind(n, type_of(x), type_of(x) == field_type::boolean, "a bool");
    return node(code::lnot, field_type::boolean, field_type::boolean, x);
  }
  const int x = check(child, hint);
  require_kind(n, type_of(x), is_integer(type_of(x)), "an integer");
  return node(code::bnot, type_of(x), type_of(x), x);
}

int expr_checker::check_binary(const syntax_node& n, std::optional<field_type> hint) {
  const int l = n.children[0], r = n.children[1];
  switch (n.op) {
    case syntax_op::land:
    case syntax_op::lor: {
      const auto [x, y] = check_pair(l, r, field_type::boolean, n);
      require_kind(n, type_of(x), type_of(x) == field_type::boolean, "bools");
      return node(n.op == syntax_op::land ? code::land : code::lor, field_type::boolean, field_type::boolean, x, y);
    }
    case syntax_op::eq:
    case syntax_op::ne:
    case syntax_op::lt:
    case syntax_op::le:
    case syntax_op::gt:
    case syntax_op::ge: {
      const auto [x, y] = check_pair(l, r, std::nullopt, n);
      const field_type t = type_of(x);
      if (t == field_type::boolean) {
        require_kind(n, t, n.op == syntax_op::eq || n.op == syntax_op::ne,
                     "numbers (bools compare only with == and !=)");
        const int differ = node(code::lxor, t, t, x, y);
        return n.op == syntax_op::ne ? differ : node(code::lnot, t, t, differ);
      }
      switch (n.op) {
        case syntax_op::eq:
          return node(code::eq, field_type::boolean, t, x, y);
        case syntax_op::ne:
          return node(code::ne, field_type::boolean, t, x, y);
        case syntax_op::lt:
          return node(code::lt, field_type::boolean, t, x, y);
        case syntax_op::le:
          return node(code::le, field_type::boolean, t, x, y);
        case syntax_op::gt:
          return node(code::lt, field_type::boolean, t, y, x);
        default:
          return node(code::le, field_type::boolean, t, y, x);
      }
    }
    default:
      break;
  }
  const auto [x, y] = check_pair(l, r, hint, n);
  const field_type t = type_of(x);
  switch (n.op) {
    case syntax_op::add:
      require_kind(n, t, t != field_type::boolean, "numbers");
      return node(code::add, t, t, x, y);
    case syntax_op::sub:
      require_kind(n, t, t != field_type::boolean, "numbers");
      return node(code::sub, t, t, x, y);
    case syntax_op::mul:
      require_kind(n, t, t != field_type::boolean, "numbers");
      return node(code::mul, t, t, x, y);
    case syntax_op::shl:
      require_kind(n, t, is_integer(t), "integers");
      return node(code::shl, t, t, x, y);
    case syntax_op::shr:
      require_kind(n, t, is_integer(t), "integers");
      return node(code::shr, t, t, x, y);
    default:
      break;
  }
  // & | ^ on bools are the logical operations.
  require_kind(n, t, !is_float(t), "integers or bools");
  if (t == field_type::boolean)
    return node(n.op == syntax_op::band ? code::land : n.op == syntax_op::bor ? code::lor : code::lxor, t, t, x, y);
  return node(n.op == syntax_op::band ? code::band : n.op == syntax_op::bor ? code::bor : code::bxor, t, t, x, y);
}

int expr_checker::check_call(const syntax_node& n, std::optional<field_type> hint) {
  if (n.op == syntax_op::isnan) {
    const int x = check(n.children[0], std::nullopt);
    require_kind(n, type_of(x), is_float(type_of(x)), "a floating-point number");
    return node(code::isnan, field_type::boolean, type_of(x), x);
  }
  const auto [x, y] = check_pair(n.children[0], n.children[1], hint, n);
  const field_type t = type_of(x);
  if (n.op == syntax_op::rotl || n.op == syntax_op::rotr) {
    require_kind(n, t, is_integer(t), "integers");
    return node(n.op == syntax_op::rotl ? code::rotl : code::rotr, t, t, x, y);
  }
  require_kind(n, t, t != field_type::boolean, "numbers");
  return node(n.op == syntax_op::min ? code::min : code::max, t, t, x, y);
}

}  // namespace redsem::opfile::detail
