// SPDX-License-Identifier: BSD-3-Clause
// The symbolic IR executor's inner parts (props/smt/ir_exec.h), shared by its files: the paths
// and the executor that runs them. ir_exec.cpp runs the work list and forks paths,
// ir_exec_values.cpp evaluates operands and addresses, ir_exec_step.cpp runs one instruction and
// ir_exec_call.cpp one call.
#pragma once

#include <z3++.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "props/smt/ir_exec.h"

namespace redsem::smt::cexec::detail {

// One function's activation on a path.
struct frame {
  const csource::ir_function* f = nullptr;
  const csource::ir_block* block = nullptr;
  std::size_t at = 0;
  std::map<std::string, sval> regs;
  std::string ret_to;
};

// A path: a stack of frames over its own copy of memory and the condition on the inputs that
// leads there.
struct state {
  std::vector<frame> frames;
  std::vector<region> mem;
  z3::expr pc;
  std::uint64_t steps = 0;
};

struct too_many_paths {};

// The value of a term that must not depend on the inputs (`what` names it when it does).
std::int64_t concrete(const z3::expr& e, const char* what);

class executor {
 public:
  executor(z3::context& c, const csource::ir_module& m, const run_limits& l) : c_(c), m_(m), limits_(l) {}

  run_result run(state init);

  std::map<std::string, int> globals;
  sval constant(const state& s, const csource::ir_value& v) { return eval(s, v); }

 private:
  z3::context& c_;
  const csource::ir_module& m_;
  run_limits limits_;
  std::vector<state> work_;
  run_result out_;
  std::size_t paths_ = 1;
  int line_ = 0;
  std::uint64_t undefs_ = 0;

  // Paths (ir_exec.cpp).
  void run_path(state& s);
  void jump(state& s, const std::string& label);
  // Continues s where `cond` holds; the other inputs continue at `otherwise` as a new path.
  void fork(state& s, const z3::expr& cond, const std::string& taken, const std::string& otherwise);
  // The inputs where `bad` holds end here, as a path the model does not cover (undefined behaviour).
  void guard(state& s, const z3::expr& bad, const std::string& what);

  // Operands and addresses (ir_exec_values.cpp).
  sval eval(const state& s, const csource::ir_value& v);
  sval fresh(const csource::ir_type& t);
  std::string fresh_name() { return "undef!" + std::to_string(++undefs_); }
  sval zero(const csource::ir_type& t);
  pointer gep(const sval& base, const csource::ir_type& source, const std::vector<sval>& idx);
  region& target(state& s, const sval& p, const char* verb);

  // Instructions (ir_exec_step.cpp) and calls (ir_exec_call.cpp).
  bool step(state& s);
  void check_int_binary(state& s, const csource::ir_instr& ins, const sval& a, const sval& b);
  bool call(state& s, const csource::ir_instr& ins);
  // MPI_Type_size(handle, &size) and MPI_Type_get_extent(handle, &lb, &extent) on the handle the
  // function was given: the answers of its datatype, and MPI_SUCCESS (0).
  bool mpi_type_query(state& s, const csource::ir_instr& ins, const std::vector<sval>& args);
  void set(state& s, const csource::ir_instr& ins, sval v) {
    s.frames.back().regs.insert_or_assign(ins.result, std::move(v));
  }
};

}  // namespace redsem::smt::cexec::detail
