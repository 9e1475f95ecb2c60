// Type checking: syntax → typed_op for one choice of the type parameter. Types flow
// bottom-up; an untyped literal takes the type of the other operand, or of what its context
// expects (Go's untyped constants), and must fit in it. There are no implicit conversions.
#include <limits>
#include <stdexcept>

#include "model/concrete_domain.h"
#include "model/opfile/evaluate.h"
#include "model/opfile/literal.h"
#include "model/opfile/parser.h"
#include "model/opfile/typed_op.h"

namespace redsem::opfile {
namespace {

using detail::float_as;
using detail::integer_as;
using detail::type_limit;

struct type_error : std::runtime_error {
  type_error(source_loc where, const std::string& what) : std::runtime_error(what), loc(where) {}
  source_loc loc;
};

std::string name_of(field_type t) { return std::string(to_string(t)); }

enum class context { combine, require, identity };

class checker {
 public:
  checker(const op_syntax& s, std::optional<field_type> choice) : s_(s), choice_(choice) {}

  typed_op run() {
    out_.name = s_.name;
    out_.description = s_.description;
    out_.commute = *s_.commute;
    if (s_.param) out_.instance = s_.param->name + "=" + name_of(*choice_);
    for (const auto& f : s_.fields) out_.fields.push_back({f.name, resolve(f.type_name, f.loc)});

    ctx_ = context::require;
    for (const auto& r : s_.requires_) out_.requires_.push_back(expect(check(r.expr, field_type::boolean), field_type::boolean, r.loc, "a 'require'"));
    no_constant_false_require();
    ctx_ = context::combine;
    for (const auto& l : s_.lets) {
      for (std::size_t i = 0; i < lets_.size(); ++i)
        if (s_.lets[i].name == l.name) fail(l.loc, "'" + l.name + "' is already a let name");
      if (field_index(l.name) >= 0) fail(l.loc, "'" + l.name + "' is a field name: a let needs another name");
      out_.lets.push_back(check(l.expr, std::nullopt));
      lets_.push_back(out_.nodes[static_cast<std::size_t>(out_.lets.back())].type);
    }
    out_.results = per_field(s_.results, "result", source_loc{});
    ctx_ = context::identity;
    if (!s_.identity.empty()) out_.identity = per_field(s_.identity, "identity", s_.identity_loc);
    return std::move(out_);
  }

 private:
  [[noreturn]] void fail(source_loc at, const std::string& what) const {
    throw type_error(at, out_.instance.empty() ? what : "with " + out_.instance + ": " + what);
  }

  field_type resolve(const std::string& type_name, source_loc at) const {
    if (s_.param && type_name == s_.param->name) return *choice_;
    if (auto t = parse_field_type(type_name)) return *t;
    fail(at, "expected a type name (bool, int8 ... uint64, float, double, long_double)" +
                 std::string(s_.param ? " or " + s_.param->name : "") + ", found '" + type_name + "'");
  }

  int field_index(const std::string& name) const {
    for (std::size_t i = 0; i < s_.fields.size(); ++i)
      if (s_.fields[i].name == name) return static_cast<int>(i);
    return -1;
  }

  // One expression per field, in field order, each of the field's type.
  std::vector<int> per_field(const std::vector<named_expr>& given, const std::string& what, source_loc statement) {
    std::vector<int> roots(s_.fields.size(), -1);
    for (const auto& g : given) {
      const int f = field_index(g.name);
      if (f < 0) fail(g.loc, "'" + g.name + "' is not a field (" + what + ")");
      if (roots[static_cast<std::size_t>(f)] >= 0) fail(g.loc, "second " + what + " for field '" + g.name + "'");
      const field_type want = out_.fields[static_cast<std::size_t>(f)].type;
      roots[static_cast<std::size_t>(f)] = expect(check(g.expr, want), want, s_.nodes[static_cast<std::size_t>(g.expr)].loc,
                                                  "the " + what + " for field '" + g.name + "'");
    }
    for (std::size_t f = 0; f < roots.size(); ++f)
      if (roots[f] < 0)
        fail(what == "result" ? s_.fields[f].loc : statement, "no " + what + " for field '" + s_.fields[f].name + "'");
    return roots;
  }

  int expect(int node, field_type want, source_loc at, const std::string& what) const {
    const field_type got = type_of(node);
    if (got != want) fail(at, what + " has type " + name_of(got) + ", expected " + name_of(want));
    return node;
  }

  field_type type_of(int node) const { return out_.nodes[static_cast<std::size_t>(node)].type; }
  const syntax_node& syn(int i) const { return s_.nodes[static_cast<std::size_t>(i)]; }

  // A `require` that uses no field is the same for every element: if it is false, the op has
  // no legal input at all, and every law would "hold" vacuously.
  void no_constant_false_require() {
    const concrete_domain d{policy{}};
    evaluator<concrete_domain> eval(out_, d, policy{});
    for (std::size_t k = 0; k < out_.requires_.size(); ++k) {
      const int root = out_.requires_[k];
      if (!uses_element_[static_cast<std::size_t>(root)] && !eval.holds(root, {}))
        fail(s_.requires_[k].loc, "this 'require' uses no field and is false, so no element satisfies it: the op's "
                                  "domain is empty");
    }
  }

  int emit(typed_node n) {
    bool uses = n.op == code::element_field;
    for (int c : {n.x, n.y, n.z})
      if (c >= 0) uses = uses || uses_element_[static_cast<std::size_t>(c)];
    uses_element_.push_back(uses);
    out_.nodes.push_back(n);
    return static_cast<int>(out_.nodes.size() - 1);
  }
  int constant(scalar v) {
    typed_node n;
    n.op = code::constant;
    n.type = static_cast<field_type>(v.index());
    n.operand_type = n.type;
    n.value = v;
    return emit(n);
  }
  int node(code op, field_type type, field_type operand_type, int x, int y = -1, int z = -1) {
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
  int any_of(const std::vector<int>& tests) {
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

  bool is_untyped(int i) const {
    const auto& n = syn(i);
    if (n.kind == syntax_kind::int_literal || n.kind == syntax_kind::float_literal) return true;
    return n.kind == syntax_kind::unary && n.op == syntax_op::neg && is_untyped(n.children[0]);
  }

  // Two operands of one type: an untyped literal takes the other's type.
  std::pair<int, int> check_pair(int x, int y, std::optional<field_type> hint, const syntax_node& at) {
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

  int literal(const syntax_node& n, bool negative, std::optional<field_type> hint) {
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

  int check(int i, std::optional<field_type> hint);
  int check_unary(const syntax_node& n, std::optional<field_type> hint);
  int check_binary(const syntax_node& n, std::optional<field_type> hint);
  int check_call(const syntax_node& n, std::optional<field_type> hint);
  int check_name(const syntax_node& n);

  void require_kind(const syntax_node& at, field_type t, bool ok, const std::string& kinds) const {
    if (!ok) fail(at.loc, "'" + std::string(spelling(at.op)) + "' needs " + kinds + ", found " + name_of(t));
  }

  const op_syntax& s_;
  std::optional<field_type> choice_;
  typed_op out_;
  context ctx_ = context::combine;
  std::vector<field_type> lets_;  // types of the lets checked so far
  std::vector<bool> uses_element_;  // per node of out_: whether its value depends on the element a `require` is about
};

int checker::check(int i, std::optional<field_type> hint) {
  const syntax_node& n = syn(i);
  switch (n.kind) {
    case syntax_kind::int_literal:
    case syntax_kind::float_literal: return literal(n, false, hint);
    case syntax_kind::bool_literal: return constant(scalar(std::in_place_index<0>, n.boolean));
    case syntax_kind::type_limit: {
      const field_type t = resolve(n.name, n.loc);
      if (t == field_type::boolean) fail(n.loc, "min_of/max_of need a number type, found bool");
      return constant(type_limit(t, n.op == syntax_op::max));
    }
    case syntax_kind::operand_field: {
      if (ctx_ == context::require)
        fail(n.loc, "a 'require' is about one element: write the field name alone ('" + n.name + "'), not a." + n.name);
      if (ctx_ == context::identity) fail(n.loc, "identity values are constants: operands cannot appear here");
      const int f = field_index(n.name);
      if (f < 0) fail(n.loc, "'" + n.name + "' is not a field");
      typed_node t;
      t.op = code::operand_field;
      t.type = t.operand_type = out_.fields[static_cast<std::size_t>(f)].type;
      t.index = f;
      t.operand = n.operand;
      return emit(t);
    }
    case syntax_kind::name: return check_name(n);
    case syntax_kind::unary: return check_unary(n, hint);
    case syntax_kind::binary: return check_binary(n, hint);
    case syntax_kind::call: return check_call(n, hint);
    case syntax_kind::member_of: {
      const int x = check(n.children[0], std::nullopt);
      const field_type t = type_of(x);
      std::vector<int> tests;
      for (std::size_t k = 1; k < n.children.size(); ++k) {
        const int c = check(n.children[k], t);
        if (type_of(c) != t) fail(syn(n.children[k]).loc, "set element has type " + name_of(type_of(c)) + ", expected " + name_of(t));
        tests.push_back(t == field_type::boolean ? node(code::lnot, field_type::boolean, t, node(code::lxor, t, t, x, c))
                                                 : node(code::eq, field_type::boolean, t, x, c));
      }
      return any_of(tests);
    }
    case syntax_kind::conditional: {
      const int c = check(n.children[0], field_type::boolean);
      if (type_of(c) != field_type::boolean) fail(syn(n.children[0]).loc, "the condition of 'if' has type " + name_of(type_of(c)) + ", expected bool");
      syntax_node as_pair = n;
      as_pair.op = syntax_op::none;
      const auto [x, y] = check_pair(n.children[1], n.children[2], hint, as_pair);
      return node(code::select, type_of(x), type_of(x), c, x, y);
    }
  }
  internal_error("unknown syntax_kind");
}

int checker::check_name(const syntax_node& n) {
  if (ctx_ == context::require) {
    const int f = field_index(n.name);
    if (f < 0) fail(n.loc, "'" + n.name + "' is not a field");
    typed_node t;
    t.op = code::element_field;
    t.type = t.operand_type = out_.fields[static_cast<std::size_t>(f)].type;
    t.index = f;
    return emit(t);
  }
  // Lets are computed from the operands, so an identity cannot use them either.
  if (ctx_ == context::identity) fail(n.loc, "identity values are constants: '" + n.name + "' cannot appear here");
  for (std::size_t k = 0; k < lets_.size(); ++k) {
    if (s_.lets[k].name == n.name) {
      typed_node t;
      t.op = code::let_ref;
      t.type = t.operand_type = lets_[k];
      t.index = static_cast<int>(k);
      return emit(t);
    }
  }
  if (field_index(n.name) >= 0) fail(n.loc, "write a." + n.name + " or b." + n.name + " for a field of an operand");
  fail(n.loc, "'" + n.name + "' is not a let name defined above");
}

int checker::check_unary(const syntax_node& n, std::optional<field_type> hint) {
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

int checker::check_binary(const syntax_node& n, std::optional<field_type> hint) {
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
        require_kind(n, t, n.op == syntax_op::eq || n.op == syntax_op::ne, "numbers (bools compare only with == and !=)");
        const int differ = node(code::lxor, t, t, x, y);
        return n.op == syntax_op::ne ? differ : node(code::lnot, t, t, differ);
      }
      switch (n.op) {
        case syntax_op::eq: return node(code::eq, field_type::boolean, t, x, y);
        case syntax_op::ne: return node(code::ne, field_type::boolean, t, x, y);
        case syntax_op::lt: return node(code::lt, field_type::boolean, t, x, y);
        case syntax_op::le: return node(code::le, field_type::boolean, t, x, y);
        case syntax_op::gt: return node(code::lt, field_type::boolean, t, y, x);
        default: return node(code::le, field_type::boolean, t, y, x);
      }
    }
    default: break;
  }
  const auto [x, y] = check_pair(l, r, hint, n);
  const field_type t = type_of(x);
  switch (n.op) {
    case syntax_op::add: require_kind(n, t, t != field_type::boolean, "numbers"); return node(code::add, t, t, x, y);
    case syntax_op::sub: require_kind(n, t, t != field_type::boolean, "numbers"); return node(code::sub, t, t, x, y);
    case syntax_op::mul: require_kind(n, t, t != field_type::boolean, "numbers"); return node(code::mul, t, t, x, y);
    case syntax_op::shl: require_kind(n, t, is_integer(t), "integers"); return node(code::shl, t, t, x, y);
    case syntax_op::shr: require_kind(n, t, is_integer(t), "integers"); return node(code::shr, t, t, x, y);
    default: break;
  }
  // & | ^ on bools are the logical operations.
  require_kind(n, t, !is_float(t), "integers or bools");
  if (t == field_type::boolean)
    return node(n.op == syntax_op::band ? code::land : n.op == syntax_op::bor ? code::lor : code::lxor, t, t, x, y);
  return node(n.op == syntax_op::band ? code::band : n.op == syntax_op::bor ? code::bor : code::bxor, t, t, x, y);
}

int checker::check_call(const syntax_node& n, std::optional<field_type> hint) {
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

load_result check_all(op_syntax syntax) {
  load_result r;
  op_definition def;
  try {
    if (syntax.param) {
      for (field_type choice : syntax.param->choices) def.instances.push_back(checker(syntax, choice).run());
    } else {
      def.instances.push_back(checker(syntax, std::nullopt).run());
    }
  } catch (const type_error& e) {
    r.error = {syntax.file, e.loc, e.what()};
    return r;
  }
  def.syntax = std::move(syntax);
  r.op = std::move(def);
  return r;
}

}  // namespace

const typed_op* op_definition::instance(std::string_view type) const {
  if (type.empty()) return instances.empty() ? nullptr : &instances.front();
  for (const auto& i : instances) {
    const std::string_view inst = i.instance;
    const auto eq = inst.find('=');
    if (inst == type || (eq != std::string_view::npos && inst.substr(eq + 1) == type)) return &i;
    if (eq != std::string_view::npos) {
      const auto t = parse_field_type(type);
      if (t && to_string(*t) == inst.substr(eq + 1)) return &i;
    }
  }
  return nullptr;
}

load_result load_op_text(std::string_view text, const std::string& file) {
  auto parsed = parse_op_text(text, file);
  if (!parsed.op) return {std::nullopt, parsed.error};
  return check_all(std::move(*parsed.op));
}

load_result load_op_path(const std::string& path) {
  auto parsed = parse_op_path(path);
  if (!parsed.op) return {std::nullopt, parsed.error};
  return check_all(std::move(*parsed.op));
}

}  // namespace redsem::opfile
