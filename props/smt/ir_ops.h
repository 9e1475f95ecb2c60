/* SPDX-License-Identifier: BSD-3-Clause */
// The value operations of the IR executor: integer and IEEE arithmetic, comparisons, casts
// and the pure intrinsics and math functions (fabs, fmin/fmax, copysign, sqrt, smax, sadd.sat,
// …), each as the solver term of what clang's x86-64 code computes. Throw unmodelled_error for
// what they do not cover.
#pragma once

#include <z3++.h>

#include <optional>
#include <string>
#include <vector>

#include "props/csource/ir.h"
#include "props/smt/ir_value.h"

namespace redsem::smt::cexec {

sval int_binary(z3::context& c, const std::string& op, const sval& a, const sval& b);
sval float_binary(z3::context& c, const std::string& op, const sval& a, const sval& b);
sval float_negate(z3::context& c, const sval& a);
sval compare(z3::context& c, const std::string& op, const std::string& pred, const sval& a, const sval& b);
sval cast(z3::context& c, const std::string& op, const sval& a, const csource::ir_type& to);
sval select(z3::context& c, const sval& cond, const sval& a, const sval& b);
// A constant operand (integer or float literal) of type t.
sval literal(z3::context& c, const csource::ir_value& v);

// The function or intrinsic `name` (llvm.smax.i32, fmax, …) on `args`, when it is a pure one
// this file models; nullopt otherwise.
std::optional<sval> pure_call(z3::context& c, const std::string& name, const std::vector<sval>& args,
                              const csource::ir_type& result);

// The name without "llvm." and the type suffixes: "llvm.smax.i32" → "smax", "fmaxf" stays.
std::string intrinsic_base(const std::string& name);

}  // namespace redsem::smt::cexec
