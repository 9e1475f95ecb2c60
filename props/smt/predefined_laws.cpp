// The predefined ops through the law engine: the symbolic op is ops::apply, the very template
// the model runs (docs/design.md, decision 1).
#include "model/check.h"
#include "model/op_definitions.h"
#include "props/laws/prove.h"
#include "props/smt/law_engine.h"

namespace redsem::laws {
namespace {

template <class F>
law_result decide_symbolically(op_id op, basic_type type, const policy& p, F& run) {
  return visit(type, [&](auto tag) {
    constexpr basic_type B = decltype(tag)::value;
    using E = element_t<B>;
    const smt::symbolic_op<E> f = [op, p](const smt::symbolic_domain& d, const smt::sym_of_t<E>& a,
                                          const smt::sym_of_t<E>& b) { return ops::apply<B>(op, d, p, a, b); };
    return run.template operator()<E>(f);
  });
}

// A solver error is an unknown verdict with its reason, never a crash of the whole table.
template <class F>
law_result with_symbolic_op(op_id op, basic_type type, law l, const policy& p, F&& run) {
  ensure(op_allows(op, type), "laws of an op on a type it does not allow");
  try {
    return decide_symbolically(op, type, p, run);
  } catch (const z3::exception& e) {
    law_result r;
    r.which = l;
    r.reason = std::string("solver error: ") + e.msg();
    return r;
  }
}

}  // namespace

law_result prove_predefined(op_id op, basic_type type, law l, const policy& p, const prove_options& o) {
  const model_op m = predefined_model_op(op, type, p);
  return with_symbolic_op(op, type, l, p, [&]<class E>(const smt::symbolic_op<E>& f) {
    return smt::prove_law<E>(l, m, f, p, o);
  });
}

law_result prove_predefined_element(op_id op, basic_type type, law l, const element_bytes& element,
                                    const policy& p, const prove_options& o) {
  ensure(l == law::identity || l == law::absorbing, "an element is given only for identity or absorbing");
  const model_op m = predefined_model_op(op, type, p);
  ensure(element.size() == static_cast<std::size_t>(m.type.extent()), "element size is the type's extent");
  return with_symbolic_op(op, type, l, p, [&]<class E>(const smt::symbolic_op<E>& f) {
    std::mt19937_64 rng(o.random_seed);
    const auto candidates = candidate_elements(m.type, 48, rng);
    return smt::prove_for_element<E>(l, m, f, p, o, &element, candidates);
  });
}

std::string solver_version() {
  unsigned major = 0, minor = 0, build = 0, revision = 0;
  Z3_get_version(&major, &minor, &build, &revision);
  return std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(build) + "." +
         std::to_string(revision);
}

}  // namespace redsem::laws
