// SPDX-License-Identifier: BSD-3-Clause
#include "props/csource/ir_lexer.h"

#include <cctype>
#include <set>

namespace redsem::csource::detail {
namespace {

bool word_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '$' || c == '-' || c == '+';
}

type_ref make(ir_type t) { return std::make_shared<const ir_type>(std::move(t)); }

type_ref primitive(const std::string& w) {
  ir_type t;
  t.text = w;
  if (w.size() > 1 && w[0] == 'i' && std::isdigit(static_cast<unsigned char>(w[1]))) {
    t.k = ir_type::kind::integer;
    t.bits = static_cast<unsigned>(std::stoul(w.substr(1)));
  } else if (w == "float")
    t.k = ir_type::kind::f32;
  else if (w == "double")
    t.k = ir_type::kind::f64;
  else if (w == "x86_fp80")
    t.k = ir_type::kind::f80;
  else if (w == "void")
    t.k = ir_type::kind::void_;
  else if (w == "label")
    t.k = ir_type::kind::label;
  else if (w == "ptr")
    t.k = ir_type::kind::pointer;
  else
    return nullptr;
  return make(std::move(t));
}

}  // namespace

std::vector<std::string> tokenize(const std::string& s) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < s.size()) {
    const char c = s[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (c == ';') {
      break;  // a comment
    } else if (c == '"' || ((c == 'c') && i + 1 < s.size() && s[i + 1] == '"')) {
      const std::size_t start = i;
      i = s.find('"', c == 'c' ? i + 2 : i + 1);
      i = i == std::string::npos ? s.size() : i + 1;
      out.push_back(s.substr(start, i - start));
    } else if (c == '%' || c == '@' || c == '!' || c == '#' || word_char(c)) {
      const std::size_t start = i++;
      if ((c == '%' || c == '@') && i < s.size() && s[i] == '"') {  // %"quoted name"
        i = s.find('"', i + 1);
        i = i == std::string::npos ? s.size() : i + 1;
      } else {
        while (i < s.size() && word_char(s[i])) ++i;
      }
      out.push_back(s.substr(start, i - start));
    } else {
      out.emplace_back(1, c);
      ++i;
    }
  }
  return out;
}

type_ref type_table::named(const std::string& name) {
  if (auto it = done_.find(name); it != done_.end()) return it->second;
  auto it = pending_.find(name);
  if (it == pending_.end()) throw std::runtime_error("unknown type " + name);
  ir_type opaque;
  opaque.text = name;
  if (it->second.size() == 1 && it->second[0] == "opaque") return done_[name] = make(opaque);
  done_[name] = make(opaque);  // a recursive reference (through a pointer) sees it opaque
  cursor c(it->second, *this);
  ir_type t = *c.type();
  t.text = name;
  return done_[name] = make(std::move(t));
}

const std::string& cursor::peek(std::size_t ahead) const {
  static const std::string end;
  return i_ + ahead < t_.size() ? t_[i_ + ahead] : end;
}

std::string cursor::next() {
  if (done()) fail("unexpected end of line");
  return t_[i_++];
}

bool cursor::accept(const std::string& s) {
  if (peek() != s) return false;
  ++i_;
  return true;
}

void cursor::expect(const std::string& s) {
  if (!accept(s)) fail("expected '" + s + "'");
}

void cursor::fail(const std::string& what) const {
  throw std::runtime_error(what + " at '" + (done() ? std::string("end") : t_[i_]) + "'");
}

type_ref cursor::type() {
  type_ref base;
  const std::string w = next();
  if (w == "{" || (w == "<" && peek() == "{")) {
    ir_type t;
    t.k = ir_type::kind::structure;
    t.packed = w == "<";
    if (t.packed) next();
    if (!accept("}")) {
      do t.elems.push_back(type());
      while (accept(","));
      expect("}");
    }
    if (t.packed) expect(">");
    t.text = "struct";
    base = make(std::move(t));
  } else if (w == "[" || w == "<") {
    ir_type t;
    t.k = w == "[" ? ir_type::kind::array : ir_type::kind::vector;
    t.count = std::stoull(next());
    expect("x");
    t.elems.push_back(type());
    expect(w == "[" ? "]" : ">");
    t.text = w + std::to_string(t.count) + " x " + t.elems[0]->text + (w == "[" ? "]" : ">");
    base = make(std::move(t));
  } else if (w[0] == '%') {
    base = types_.named(w);
  } else if (!(base = primitive(w))) {
    fail("not a type: " + w);
  }
  for (;;) {
    if (accept("*")) {
      ir_type p;
      p.k = ir_type::kind::pointer;
      p.elems.push_back(base);
      p.text = base->text + "*";
      base = make(std::move(p));
    } else if (peek() == "(") {  // a function type: its parameters are skipped
      int depth = 0;
      do {
        const std::string s = next();
        depth += s == "(" ? 1 : s == ")" ? -1 : 0;
      } while (depth > 0);
      ir_type f;
      f.text = base->text + " (…)";
      base = make(std::move(f));
    } else {
      return base;
    }
  }
}

void cursor::skip_attributes() {
  static const std::set<std::string> attrs{"noundef", "nonnull", "nocapture", "readonly", "writeonly", "readnone",
                                           "signext", "zeroext", "immarg",    "noalias",  "returned",  "nofree",
                                           "inreg",   "byval",   "sret",      "noundef",  "nest",      "swiftself",
                                           "fastcc",  "coldcc",  "ccc",       "tailcc"};
  for (;;) {
    const std::string& w = peek();
    if (attrs.count(w))
      next();
    else if (w == "align")
      next(), next();
    else if ((w == "dereferenceable" || w == "dereferenceable_or_null" || w == "byval" || w == "sret") &&
             peek(1) == "(") {
      while (next() != ")") {
      }
    } else
      return;
  }
}

ir_value cursor::typed_value() {
  type_ref t = type();
  skip_attributes();
  return value(std::move(t));
}

ir_value cursor::value(type_ref t) {
  ir_value v;
  v.type = t;
  const std::string w = next();
  using K = ir_value::kind;
  if (w[0] == '%')
    v.k = K::local, v.text = w.substr(1);
  else if (w[0] == '@')
    v.k = K::global, v.text = w.substr(1);
  else if (w == "true" || w == "false")
    v.k = K::integer, v.text = w == "true" ? "1" : "0";
  else if (w == "null")
    v.k = K::null;
  else if (w == "undef" || w == "poison")
    v.k = K::undef;
  else if (w == "zeroinitializer")
    v.k = K::zero;
  else if (w == "bitcast" || w == "getelementptr" || w == "ptrtoint" || w == "inttoptr" || w == "addrspacecast")
    return constant_expression(t, w);
  else if (t && is_float(*t))
    v.k = K::floating, v.text = w;
  else if (std::isdigit(static_cast<unsigned char>(w[0])) || w[0] == '-')
    v.k = K::integer, v.text = w;
  else
    fail("not an operand");
  return v;
}

ir_value cursor::constant_expression(type_ref t, const std::string& op) {
  ir_value v;
  v.k = ir_value::kind::constexpr_;
  v.type = t;
  v.op = op;
  accept("inbounds");
  expect("(");
  if (op == "getelementptr") {
    v.source = type();
    while (accept(",")) {
      accept("inrange");
      v.operands.push_back(typed_value());
    }
  } else {
    v.operands.push_back(typed_value());
    expect("to");
    v.type = type();
  }
  expect(")");
  return v;
}

}  // namespace redsem::csource::detail
