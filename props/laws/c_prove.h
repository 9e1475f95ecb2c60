/* SPDX-License-Identifier: BSD-3-Clause */
// Laws of a C MPI_User_function proved from its source (`redsem opcheck --source`): clang's IR
// of the function (props/csource) executed symbolically (props/smt/ir_exec.h) is the law
// engine's subject, as an op file's AST is (props/smt/law_engine.h): one solver call per law,
// the same verdicts and evidence. Solver-free interface.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/opfile/binary_op.h"
#include "props/laws/law.h"

namespace redsem::laws {

struct c_source_op {
  std::string ir;         // the user's file, as clang compiled it
  std::string handle_ir;  // redsem_handle(): the datatype handle --type names, for that MPI
  std::string function;
  datatype type;  // one element
  std::vector<opfile::field_type> fields;
  std::vector<std::size_t> offsets;
  policy semantics;
  std::optional<opfile::concrete_element> identity;  // the candidate, if declared
  bool commute = true;                               // as MPI_Op_create declares
};

struct c_report {
  std::string source_file;
  int line = 0;  // the function's
  // Element-wise: for *len = 2 and 3, each result element equals one call on that element.
  verdict element_wise = verdict::unknown;
  std::string element_wise_text;
  // Set when a path for *len = 1 reaches what is not modelled: every law is unknown for it.
  std::string not_modelled;
  std::vector<law_result> laws;    // commutativity, associativity, identity (if declared)
  std::vector<std::string> notes;  // what the compiler may do (fast-math), what the model assumes
  bool has_error() const;          // a declared or assumed law refuted, or element-wise refuted
};

class proof_cache;

// Throws std::runtime_error when the IR has no such function or it is not an MPI_User_function.
// With a cache, each law's verdict is looked up first and stored after (proof_cache.h).
c_report prove_c_op(const c_source_op& op, const prove_options& o, const proof_cache* cache = nullptr);

}  // namespace redsem::laws
