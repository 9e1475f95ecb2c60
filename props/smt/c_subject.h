/* SPDX-License-Identifier: BSD-3-Clause */
// A C MPI_User_function as the law engine's subject (props/smt/law_engine.h): a ∘ b is what
// the function, executed symbolically from clang's IR (props/smt/ir_exec.h), leaves in
// inoutvec after a call with *len = 1, invec = a, inoutvec = b. Its concrete op (the engine's
// replay) runs the same executor on constants in a context of its own.
#pragma once

#include <z3++.h>

#include <functional>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "props/csource/ir.h"
#include "props/laws/c_prove.h"
#include "props/laws/concrete_laws.h"
#include "props/smt/ir_exec.h"
#include "props/smt/symbolic_domain.h"

namespace redsem::smt {

// The parsed function and what a call needs: the handle constant and the element's fields.
struct c_function {
  csource::ir_module module, handle_module;
  const csource::ir_function* f = nullptr;
  csource::ir_value handle;
  const laws::c_source_op* op = nullptr;
  std::vector<csource::ir_type> field_types;  // IR types of the element's fields
};

// Reads both IR texts; throws std::runtime_error on a missing or ill-shaped function.
std::shared_ptr<const c_function> load_c_function(const laws::c_source_op& op);

using c_element = std::vector<z3::expr>;  // one term per field

// One call on `in.size()` symbolic elements; `pad` gives the terms of the bytes between fields
// (pad(element, byte offset in the element) → an 8-bit term).
struct c_call {
  std::vector<c_element> result;  // per element of inoutvec, merged over the paths
  cexec::run_result run;
};
c_call call_c_function(z3::context& c, const c_function& fn, const std::vector<c_element>& in,
                       const std::vector<c_element>& inout,
                       const std::function<z3::expr(bool inout, std::size_t element, std::size_t byte)>& pad);

// A field's stored bits as a fresh variable, and the value it stands for.
c_element fresh_element(z3::context& c, const c_function& fn, const std::string& name, std::vector<z3::expr>* bits);
c_element element_at(z3::context& c, const c_function& fn, const std::byte* p);
bool holds_float(const c_function& fn);  // some field is a float
void decode_element(const z3::model& m, const c_function& fn, const std::vector<z3::expr>& bits, std::byte* p);

class c_subject {
 public:
  // With ordinary_only, the inputs are the elements without a NaN or a -0 field: a law refuted
  // over all inputs is decided again there, to tell a rule that breaks only on values a
  // comparison cannot order (every comparison with NaN is false, -0 == +0).
  explicit c_subject(std::shared_ptr<const c_function> fn, bool ordinary_only = false);

  const laws::model_op& model() const { return m_; }
  const policy& semantics() const { return fn_->op->semantics; }
  bool holds_float() const;
  bool has_domain() const { return ordinary_only_; }
  std::vector<laws::element_bytes> candidates(std::mt19937_64& rng) const;

  class session {
   public:
    using value = c_element;
    struct var {
      c_element value;
      std::vector<z3::expr> bits;
    };
    session(const c_subject& s, z3::context& c)
        : fn_(*s.fn_), c_(c), d_(c, s.semantics()), ordinary_only_(s.ordinary_only_) {}
    var make_var(const std::string& name) {
      var v;
      v.value = fresh_element(c_, fn_, name, &v.bits);
      return v;
    }
    value constant_at(const std::byte* p) { return element_at(c_, fn_, p); }
    void decode(const z3::model& m, const var& v, std::byte* p) const { decode_element(m, fn_, v.bits, p); }
    value combine(const value& a, const value& b);
    z3::expr same(const value& a, const value& b) const;
    z3::expr legal(const value& x) const;
    const symbolic_domain& domain() const { return d_; }

   private:
    const c_function& fn_;
    z3::context& c_;
    symbolic_domain d_;
    bool ordinary_only_;
    std::size_t pads_ = 0;
  };
  session open(z3::context& c) const { return session(*this, c); }

 private:
  std::shared_ptr<const c_function> fn_;
  bool ordinary_only_;
  laws::model_op m_;
};

}  // namespace redsem::smt
