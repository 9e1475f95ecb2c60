// SPDX-License-Identifier: BSD-3-Clause
#include "model/opfile/parser.h"

#include <algorithm>
#include <array>
#include <string_view>

#include "model/input_file.h"
#include "model/opfile/let_depth.h"
#include "model/opfile/lexer.h"

namespace redsem::opfile {
namespace {

using detail::syntax_error;
using detail::token;
using detail::token_kind;

constexpr std::array<std::string_view, 9> statement_keywords{"op",  "description", "type",   "field",   "require",
                                                             "let", "result",      "identity", "commute"};
constexpr std::array<std::string_view, 12> reserved_in_expressions{"if",   "then", "else",   "in",     "true",  "false",
                                                                   "inf",  "nan",  "min_of", "max_of", "a",     "b"};

syntax_node make_node(syntax_kind kind, syntax_op op, source_loc loc) {
  syntax_node n;
  n.kind = kind;
  n.op = op;
  n.loc = loc;
  return n;
}

bool is_statement_keyword(std::string_view s) {
  return std::find(statement_keywords.begin(), statement_keywords.end(), s) != statement_keywords.end();
}

std::string describe(const token& t) {
  switch (t.kind) {
    case token_kind::end: return "end of file";
    case token_kind::string: return "a string";
    default: return "'" + std::string(t.text) + "'";
  }
}

class parser {
 public:
  parser(std::string_view text, const std::string& file, const parse_limits& limits)
      : lex_(text, limits.max_name_length), limits_(limits) {
    op_.file = file;
    current_ = lex_.next();
  }

  op_syntax parse_file() {
    while (current_.kind != token_kind::end) statement();
    if (op_.name.empty()) throw syntax_error(current_.loc, "expected 'op NAME' somewhere in the file");
    if (op_.fields.empty()) throw syntax_error(current_.loc, "expected at least one 'field NAME : TYPE'");
    if (!op_.commute) throw syntax_error(current_.loc, "expected 'commute true' or 'commute false'");
    if (auto deep = detail::find_let_depth_excess(op_, limits_.max_depth)) throw syntax_error(deep->loc, deep->message);
    return std::move(op_);
  }

 private:
  // --- tokens ---
  token take() {
    token t = std::move(current_);
    current_ = lex_.next();
    return t;
  }
  bool at_punct(std::string_view p) const { return current_.kind == token_kind::punct && current_.text == p; }
  bool at_word(std::string_view w) const { return current_.kind == token_kind::identifier && current_.text == w; }
  [[noreturn]] void expected(const std::string& what) const {
    throw syntax_error(current_.loc, "expected " + what + ", found " + describe(current_));
  }
  void expect_punct(std::string_view p) {
    if (!at_punct(p)) expected("'" + std::string(p) + "'");
    take();
  }
  void expect_word(std::string_view w) {
    if (!at_word(w)) expected("'" + std::string(w) + "'");
    take();
  }
  token expect_name(const std::string& what) {
    if (current_.kind != token_kind::identifier || is_statement_keyword(current_.text) ||
        std::find(reserved_in_expressions.begin(), reserved_in_expressions.end(), current_.text) !=
            reserved_in_expressions.end())
      expected(what);
    return take();
  }

  // --- statements ---
  void statement() {
    if (current_.kind != token_kind::identifier || !is_statement_keyword(current_.text))
      expected("a statement (op, description, type, field, require, let, result, identity, commute)");
    const token keyword = take();
    const std::string_view k = keyword.text;
    if (k == "op") return op_name(keyword);
    if (k == "description") return description();
    if (k == "type") return type_parameter(keyword);
    if (k == "field") return field();
    if (k == "require") return op_.requires_.push_back({"", keyword.loc, expression()});
    if (k == "let") return binding(op_.lets, "a name for the 'let'");
    if (k == "result") return binding(op_.results, "a field name after 'result'");
    if (k == "identity") return identity(keyword);
    return commute(keyword);
  }

  void op_name(const token& keyword) {
    if (!op_.name.empty()) throw syntax_error(keyword.loc, "second 'op' statement: a file defines one op");
    const token name = expect_name("the op's name after 'op'");
    op_.name = name.text;
    op_.name_loc = name.loc;
  }

  void description() {
    if (current_.kind != token_kind::string) expected("a string in double quotes after 'description'");
    op_.description += (op_.description.empty() ? "" : " ") + take().value;
  }

  void type_parameter(const token& keyword) {
    if (op_.param) throw syntax_error(keyword.loc, "second 'type' statement: an op has at most one type parameter");
    type_param param;
    const token name = expect_name("a type parameter name after 'type'");
    param.name = name.text;
    param.loc = name.loc;
    if (parse_field_type(param.name)) throw syntax_error(name.loc, "type parameter '" + param.name + "' is the name of a type");
    expect_word("in");
    expect_punct("{");
    do {
      const token t = current_;
      const auto type = parse_field_type(expect_name("a type name").text);
      if (!type) throw syntax_error(t.loc, "expected a type name (bool, int8 ... uint64, float, double, long_double), found '" + std::string(t.text) + "'");
      if (param.choices.size() >= 16) throw syntax_error(t.loc, "more than 16 type choices");
      if (std::find(param.choices.begin(), param.choices.end(), *type) == param.choices.end()) param.choices.push_back(*type);
    } while (at_punct(",") && (take(), true));
    expect_punct("}");
    op_.param = std::move(param);
  }

  void field() {
    const token name = expect_name("a field name after 'field'");
    for (const auto& f : op_.fields)
      if (f.name == name.text) throw syntax_error(name.loc, "field '" + f.name + "' declared twice");
    if (op_.fields.size() >= limits_.max_fields) throw syntax_error(name.loc, "more than " + std::to_string(limits_.max_fields) + " fields");
    expect_punct(":");
    const token type = expect_name("a type name or the type parameter after ':'");
    op_.fields.push_back({std::string(name.text), std::string(type.text), name.loc});
  }

  void binding(std::vector<named_expr>& into, const std::string& what) {
    const token name = expect_name(what);
    expect_punct("=");
    into.push_back({std::string(name.text), name.loc, expression()});
  }

  void identity(const token& keyword) {
    if (!op_.identity.empty()) throw syntax_error(keyword.loc, "second 'identity' statement");
    op_.identity_loc = keyword.loc;
    do binding(op_.identity, "a field name in 'identity FIELD = VALUE, ...'");
    while (at_punct(",") && (take(), true));
  }

  void commute(const token& keyword) {
    if (op_.commute) throw syntax_error(keyword.loc, "second 'commute' statement");
    op_.commute_loc = keyword.loc;
    if (at_word("true")) op_.commute = true;
    else if (at_word("false")) op_.commute = false;
    else expected("'true' or 'false' after 'commute'");
    take();
  }

  // --- expressions, loosest binding first ---
  struct depth_guard {
    explicit depth_guard(parser& p) : p_(p) {
      if (++p_.depth_ > p_.limits_.max_depth)
        throw syntax_error(p_.current_.loc, "expression nested deeper than " + std::to_string(p_.limits_.max_depth) + " levels");
    }
    ~depth_guard() { --p_.depth_; }
    depth_guard(const depth_guard&) = delete;
    depth_guard& operator=(const depth_guard&) = delete;
    parser& p_;
  };

  int add(syntax_node n) {
    if (op_.nodes.size() >= limits_.max_nodes)
      throw syntax_error(n.loc, "more than " + std::to_string(limits_.max_nodes) + " expression nodes");
    // Later passes recurse over the tree; a long chain `x+x+...` is a deep left spine.
    int height = 1;
    for (int c : n.children) height = std::max(height, heights_[static_cast<std::size_t>(c)] + 1);
    if (height > limits_.max_depth)
      throw syntax_error(n.loc, "expression nested deeper than " + std::to_string(limits_.max_depth) + " levels");
    heights_.push_back(height);
    op_.nodes.push_back(std::move(n));
    return static_cast<int>(op_.nodes.size() - 1);
  }
  int make_binary(syntax_op op, source_loc loc, int x, int y) {
    syntax_node n = make_node(syntax_kind::binary, op, loc);
    n.children = {x, y};
    return add(std::move(n));
  }

  int expression() {
    depth_guard guard(*this);
    return logical_or();
  }

  // One level of left-associative binary operators.
  template <class Next>
  int left_assoc(Next next, std::initializer_list<std::pair<std::string_view, syntax_op>> ops) {
    int x = (this->*next)();
    for (;;) {
      const auto it = std::find_if(ops.begin(), ops.end(), [&](const auto& o) { return at_punct(o.first); });
      if (it == ops.end()) return x;
      const source_loc loc = take().loc;
      x = make_binary(it->second, loc, x, (this->*next)());
    }
  }
  int logical_or() { return left_assoc(&parser::logical_and, {{"||", syntax_op::lor}}); }
  int logical_and() { return left_assoc(&parser::comparison, {{"&&", syntax_op::land}}); }

  int comparison() {
    const int x = bit_or();
    static constexpr std::array<std::pair<std::string_view, syntax_op>, 6> ops{
        {{"==", syntax_op::eq}, {"!=", syntax_op::ne}, {"<", syntax_op::lt},
         {"<=", syntax_op::le}, {">", syntax_op::gt}, {">=", syntax_op::ge}}};
    for (const auto& [text, op] : ops) {
      if (at_punct(text)) {
        const source_loc loc = take().loc;
        const int r = make_binary(op, loc, x, bit_or());
        no_chained_comparison();
        return r;
      }
    }
    if (at_word("in")) {
      syntax_node n = make_node(syntax_kind::member_of, syntax_op::none, take().loc);
      n.children.push_back(x);
      expect_punct("{");
      do {
        if (n.children.size() > limits_.max_set_size) throw syntax_error(current_.loc, "set larger than " + std::to_string(limits_.max_set_size));
        n.children.push_back(bit_or());
      } while (at_punct(",") && (take(), true));
      expect_punct("}");
      const int r = add(std::move(n));
      no_chained_comparison();
      return r;
    }
    return x;
  }
  void no_chained_comparison() const {
    for (std::string_view p : {"==", "!=", "<", "<=", ">", ">="})
      if (at_punct(p)) throw syntax_error(current_.loc, "comparisons do not chain: use && between them, or parentheses");
    if (at_word("in")) throw syntax_error(current_.loc, "comparisons do not chain: use && between them, or parentheses");
  }

  int bit_or() { return left_assoc(&parser::bit_xor, {{"|", syntax_op::bor}}); }
  int bit_xor() { return left_assoc(&parser::bit_and, {{"^", syntax_op::bxor}}); }
  int bit_and() { return left_assoc(&parser::shift, {{"&", syntax_op::band}}); }
  int shift() { return left_assoc(&parser::additive, {{"<<", syntax_op::shl}, {">>", syntax_op::shr}}); }
  int additive() { return left_assoc(&parser::multiplicative, {{"+", syntax_op::add}, {"-", syntax_op::sub}}); }
  int multiplicative() { return left_assoc(&parser::unary, {{"*", syntax_op::mul}}); }

  int unary() {
    static constexpr std::array<std::pair<std::string_view, syntax_op>, 3> ops{
        {{"-", syntax_op::neg}, {"!", syntax_op::lnot}, {"~", syntax_op::bnot}}};
    for (const auto& [text, op] : ops) {
      if (at_punct(text)) {
        syntax_node n = make_node(syntax_kind::unary, op, take().loc);
        depth_guard guard(*this);
        n.children.push_back(unary());
        return add(std::move(n));
      }
    }
    return primary();
  }

  int primary();
  int call(const token& name, syntax_op op, std::size_t arity);
  int type_limit(const token& name);

  detail::lexer lex_;
  parse_limits limits_;
  token current_;
  op_syntax op_;
  std::vector<int> heights_;  // of each node in op_.nodes
  int depth_ = 0;
};

int parser::primary() {
  const token t = current_;
  if (t.kind == token_kind::integer || t.kind == token_kind::floating) {
    take();
    syntax_node n = make_node(t.kind == token_kind::integer ? syntax_kind::int_literal : syntax_kind::float_literal, syntax_op::none, t.loc);
    n.integer = t.integer;
    if (t.kind == token_kind::floating) n.numeral = t.text;
    return add(std::move(n));
  }
  if (at_punct("(")) {
    take();
    const int x = expression();
    expect_punct(")");
    return x;
  }
  if (t.kind != token_kind::identifier || is_statement_keyword(t.text)) expected("an expression");
  take();
  const std::string_view w = t.text;
  if (w == "true" || w == "false") {
    syntax_node n = make_node(syntax_kind::bool_literal, syntax_op::none, t.loc);
    n.boolean = w == "true";
    return add(std::move(n));
  }
  if (w == "inf" || w == "nan") {
    syntax_node n = make_node(syntax_kind::float_literal, syntax_op::none, t.loc);
    n.numeral = w;
    return add(std::move(n));
  }
  if (w == "if") {
    syntax_node n = make_node(syntax_kind::conditional, syntax_op::none, t.loc);
    n.children.push_back(expression());
    expect_word("then");
    n.children.push_back(expression());
    expect_word("else");
    n.children.push_back(expression());
    return add(std::move(n));
  }
  if (w == "a" || w == "b") {
    if (!at_punct(".")) throw syntax_error(current_.loc, "expected '.' and a field name after '" + std::string(w) + "'");
    take();
    const token f = expect_name("a field name after '" + std::string(w) + ".'");
    syntax_node n = make_node(syntax_kind::operand_field, syntax_op::none, t.loc);
    n.operand = w == "a" ? 0 : 1;
    n.name = f.text;
    return add(std::move(n));
  }
  if (w == "min") return call(t, syntax_op::min, 2);
  if (w == "max") return call(t, syntax_op::max, 2);
  if (w == "rotl") return call(t, syntax_op::rotl, 2);
  if (w == "rotr") return call(t, syntax_op::rotr, 2);
  if (w == "isnan") return call(t, syntax_op::isnan, 1);
  if (w == "min_of" || w == "max_of") return type_limit(t);
  if (std::find(reserved_in_expressions.begin(), reserved_in_expressions.end(), w) != reserved_in_expressions.end())
    throw syntax_error(t.loc, "expected an expression, found '" + std::string(w) + "'");
  syntax_node n = make_node(syntax_kind::name, syntax_op::none, t.loc);
  n.name = w;
  return add(std::move(n));
}

int parser::call(const token& name, syntax_op op, std::size_t arity) {
  syntax_node n = make_node(syntax_kind::call, op, name.loc);
  expect_punct("(");
  for (std::size_t i = 0; i < arity; ++i) {
    if (i > 0) expect_punct(",");
    n.children.push_back(expression());
  }
  if (at_punct(",")) throw syntax_error(current_.loc, std::string(name.text) + " takes " + std::to_string(arity) + " argument(s)");
  expect_punct(")");
  return add(std::move(n));
}

int parser::type_limit(const token& name) {
  syntax_node n = make_node(syntax_kind::type_limit, name.text == "min_of" ? syntax_op::min : syntax_op::max, name.loc);
  expect_punct("(");
  n.name = expect_name("a type name or the type parameter").text;
  expect_punct(")");
  return add(std::move(n));
}

}  // namespace

std::string_view spelling(syntax_op op) {
  static constexpr std::array<std::string_view, 25> text{
      "if", "-",  "!",  "~",  "+",  "-", "*", "&",   "|",   "^",    "<<",   ">>",   "&&",
      "||", "==", "!=", "<",  "<=", ">", ">=", "min", "max", "rotl", "rotr", "isnan"};
  return text[static_cast<std::size_t>(op)];
}

std::string diagnostic::to_string() const {
  return file + ":" + std::to_string(loc.line) + ":" + std::to_string(loc.col) + ": error: " + message;
}

parse_result parse_op_text(std::string_view text, const std::string& file, const parse_limits& limits) {
  parse_result r;
  if (text.size() > limits.max_bytes) {
    r.error = {file, {1, 1}, "file larger than " + std::to_string(limits.max_bytes) + " bytes"};
    return r;
  }
  try {
    r.op = parser(text, file, limits).parse_file();
  } catch (const syntax_error& e) {
    r.error = {file, e.loc, e.what()};
  }
  return r;
}

parse_result parse_op_path(const std::string& path, const parse_limits& limits) {
  const input_file in = read_input_file(path, limits.max_bytes);
  if (!in.text) return {std::nullopt, {path, {1, 1}, in.error}};
  return parse_op_text(*in.text, path, limits);
}

}  // namespace redsem::opfile
