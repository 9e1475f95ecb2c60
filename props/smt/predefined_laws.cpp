// SPDX-License-Identifier: BSD-3-Clause
// The predefined ops through the law engine: the symbolic op is ops::apply, the very template
// the model runs (docs/design.md, decision 1).
#include "model/check.h"
#include "model/op_definitions.h"
#include "props/laws/prove.h"
#include "props/smt/law_engine.h"
#include "props/smt/sym_element.h"

namespace redsem::smt {
namespace {

bool holds_float(const datatype& type) {
  const type_info& t = info(*type.predefined_type());
  bool any = false;
  for (std::size_t f = 0; f < t.field_count; ++f) any = any || is_float_kind(t.fields[f].kind);
  return any;
}

// A predefined op on a predefined type B as the law engine's subject (law_engine.h): every
// value of the type is an input, and the candidate elements are the type's special values.
template <basic_type B>
class predefined_subject {
 public:
  using E = element_t<B>;
  predefined_subject(op_id op, const policy& p) : op_(op), p_(p), m_(laws::predefined_model_op(op, B, p)) {}

  const laws::model_op& model() const { return m_; }
  const policy& semantics() const { return p_; }
  bool holds_float() const { return smt::holds_float(m_.type); }
  bool has_domain() const { return false; }
  std::vector<laws::element_bytes> candidates(std::mt19937_64& rng) const {
    return laws::candidate_elements(m_.type, 48, rng);
  }

  class session {
   public:
    using value = sym_of_t<E>;
    using var = element_var<E>;
    session(const predefined_subject& s, z3::context& c) : s_(s), c_(c), d_(c, s.p_) {}
    var make_var(const std::string& name) { return smt::make_var<E>(c_, name); }
    value constant_at(const std::byte* p) { return smt::constant_at<E>(c_, p); }
    void decode(const z3::model& m, const var& v, std::byte* p) { smt::decode(m, v, p); }
    value combine(const value& a, const value& b) { return ops::apply<B>(s_.op_, d_, s_.p_, a, b); }
    z3::expr same(const value& a, const value& b) const { return smt::same(a, b); }
    z3::expr legal(const value&) const { return c_.bool_val(true); }
    const symbolic_domain& domain() const { return d_; }

   private:
    const predefined_subject& s_;
    z3::context& c_;
    symbolic_domain d_;
  };
  session open(z3::context& c) const { return session(*this, c); }

 private:
  op_id op_;
  policy p_;
  laws::model_op m_;
};

}  // namespace
}  // namespace redsem::smt

namespace redsem::laws {
namespace {

template <class F>
law_result decide_symbolically(op_id op, basic_type type, const policy& p, F& run) {
  return visit(type, [&](auto tag) {
    constexpr basic_type B = decltype(tag)::value;
    return run(smt::predefined_subject<B>(op, p));
  });
}

template <class F>
law_result with_symbolic_op(op_id op, basic_type type, law l, const policy& p, F&& run) {
  ensure(op_allows(op, type), "laws of an op on a type it does not allow");
  return smt::unless_solver_error(l, [&] { return decide_symbolically(op, type, p, run); });
}

}  // namespace

law_result prove_predefined(op_id op, basic_type type, law l, const policy& p, const prove_options& o) {
  return with_symbolic_op(op, type, l, p, [&](const auto& subject) { return smt::prove_law(l, subject, o); });
}

law_result prove_predefined_element(op_id op, basic_type type, law l, const element_bytes& element,
                                    const policy& p, const prove_options& o) {
  ensure(l == law::identity || l == law::absorbing, "an element is given only for identity or absorbing");
  ensure(element.size() == static_cast<std::size_t>(datatype::predefined(type).extent()),
         "element size is the type's extent");
  return with_symbolic_op(op, type, l, p, [&](const auto& subject) {
    std::mt19937_64 rng(o.random_seed);
    return smt::prove_for_element(l, subject, o, &element, subject.candidates(rng));
  });
}

std::string solver_version() {
  unsigned major = 0, minor = 0, build = 0, revision = 0;
  Z3_get_version(&major, &minor, &build, &revision);
  return std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(build) + "." +
         std::to_string(revision);
}

}  // namespace redsem::laws
