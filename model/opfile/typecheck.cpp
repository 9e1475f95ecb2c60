// SPDX-License-Identifier: BSD-3-Clause
// Type checking an op file's statements: syntax → typed_op for one choice of the type
// parameter. Each statement's expressions are checked in their context (expr_check.h); here,
// what the statements must be together: one result and at most one identity per field, lets
// named apart from each other and from the fields, and a `require` that can hold.
#include "model/concrete_domain.h"
#include "model/opfile/evaluate.h"
#include "model/opfile/expr_check.h"
#include "model/opfile/parser.h"
#include "model/opfile/typed_op.h"

namespace redsem::opfile {
namespace {

using detail::context;
using detail::expr_checker;
using detail::type_error;

std::string name_of(field_type t) { return std::string(to_string(t)); }

class checker {
 public:
  checker(const op_syntax& s, std::optional<field_type> choice) : s_(s), choice_(choice), expr_(s, choice, out_) {}

  typed_op run() {
    out_.name = s_.name;
    out_.description = s_.description;
    out_.commute = *s_.commute;
    if (s_.param) out_.instance = s_.param->name + "=" + name_of(*choice_);
    for (const auto& f : s_.fields) out_.fields.push_back({f.name, expr_.resolve(f.type_name, f.loc)});

    expr_.enter(context::require);
    for (const auto& r : s_.requires_)
      out_.requires_.push_back(
          expr_.expect(expr_.check(r.expr, field_type::boolean), field_type::boolean, r.loc, "a 'require'"));
    no_constant_false_require();
    expr_.enter(context::combine);
    for (const auto& l : s_.lets) {
      for (std::size_t i = 0; i < out_.lets.size(); ++i)
        if (s_.lets[i].name == l.name) expr_.fail(l.loc, "'" + l.name + "' is already a let name");
      if (expr_.field_index(l.name) >= 0)
        expr_.fail(l.loc, "'" + l.name + "' is a field name: a let needs another name");
      out_.lets.push_back(expr_.check(l.expr, std::nullopt));
    }
    out_.results = per_field(s_.results, "result", source_loc{});
    expr_.enter(context::identity);
    if (!s_.identity.empty()) out_.identity = per_field(s_.identity, "identity", s_.identity_loc);
    return std::move(out_);
  }

 private:
  // One expression per field, in field order, each of the field's type.
  std::vector<int> per_field(const std::vector<named_expr>& given, const std::string& what, source_loc statement) {
    std::vector<int> roots(s_.fields.size(), -1);
    for (const auto& g : given) {
      const int f = expr_.field_index(g.name);
      if (f < 0) expr_.fail(g.loc, "'" + g.name + "' is not a field (" + what + ")");
      if (roots[static_cast<std::size_t>(f)] >= 0) expr_.fail(g.loc, "second " + what + " for field '" + g.name + "'");
      const field_type want = out_.fields[static_cast<std::size_t>(f)].type;
      roots[static_cast<std::size_t>(f)] =
          expr_.expect(expr_.check(g.expr, want), want, s_.nodes[static_cast<std::size_t>(g.expr)].loc,
                       "the " + what + " for field '" + g.name + "'");
    }
    for (std::size_t f = 0; f < roots.size(); ++f)
      if (roots[f] < 0)
        expr_.fail(what == "result" ? s_.fields[f].loc : statement,
                   "no " + what + " for field '" + s_.fields[f].name + "'");
    return roots;
  }

  // A `require` that uses no field is the same for every element: if it is false, the op has
  // no legal input at all, and every law would "hold" vacuously.
  void no_constant_false_require() {
    const concrete_domain d{policy{}};
    evaluator<concrete_domain> eval(out_, d, policy{});
    for (std::size_t k = 0; k < out_.requires_.size(); ++k) {
      const int root = out_.requires_[k];
      if (!expr_.uses_element(root) && !eval.holds(root, {}))
        expr_.fail(s_.requires_[k].loc,
                   "this 'require' uses no field and is false, so no element satisfies it: the op's "
                   "domain is empty");
    }
  }

  const op_syntax& s_;
  std::optional<field_type> choice_;
  typed_op out_;
  expr_checker expr_;  // appends to out_
};

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
