// SPDX-License-Identifier: BSD-3-Clause
// The symbolic IR executor's instructions (ir_executor.h): one instruction of a path, and the
// inputs on which an integer operation is undefined in C.
#include "props/smt/ir_executor.h"
#include "props/smt/ir_ops.h"

namespace redsem::smt::cexec::detail {

using csource::ir_function;
using csource::ir_instr;
using csource::ir_type;
using csource::ir_value;

void executor::check_int_binary(state& s, const ir_instr& ins, const sval& a, const sval& b) {
  const std::string& op = ins.op;
  if (a.k != sval::kind::bits) return;
  const unsigned w = a.term().get_sort().bv_size();
  const z3::expr zero = c_.bv_val(0, w);
  if (op == "udiv" || op == "urem") guard(s, b.term() == zero, "a division by zero (undefined in C)");
  if (op == "sdiv" || op == "srem") {
    guard(s, b.term() == zero, "a division by zero (undefined in C)");
    const z3::expr min = z3::shl(c_.bv_val(1, w), c_.bv_val(w - 1, w));
    guard(s, a.term() == min && b.term() == ~zero, "a signed division overflow (undefined in C)");
  }
  if (op == "shl" || op == "lshr" || op == "ashr")
    guard(s, z3::uge(b.term(), c_.bv_val(w, w)), "a shift by the width or more (undefined in C)");
}

bool executor::step(state& s) {
  frame& fr = s.frames.back();
  if (fr.at >= fr.block->instrs.size()) throw unmodelled_error{"a block without a terminator"};
  const ir_instr& ins = fr.block->instrs[fr.at++];
  if (ins.line) line_ = ins.line;
  const std::string& op = ins.op;
  if (ins.fast_math && (out_.fast_math_lines.empty() || out_.fast_math_lines.back() != ins.line))
    out_.fast_math_lines.push_back(ins.line);
  if (op == "dbg") return false;
  if (op == "unparsed") throw unmodelled_error{"an instruction this reader cannot parse: " + ins.callee};
  if (op == "br") {
    if (ins.labels.size() == 1)
      jump(s, ins.labels[0]);
    else
      fork(s, eval(s, ins.args[0]).term(), ins.labels[0], ins.labels[1]);
    return false;
  }
  if (op == "switch") {
    const z3::expr v = as_bits(c_, eval(s, ins.args[0]));
    for (const auto& [k, label] : ins.pairs) {
      const z3::expr hit = (v == as_bits(c_, eval(s, k))).simplify();
      if (hit.is_true()) return jump(s, label), false;
      if (hit.is_false()) continue;
      if (++paths_ > limits_.max_paths) throw too_many_paths{};
      state other = s;
      other.pc = s.pc && hit;
      jump(other, label);
      work_.push_back(std::move(other));
      s.pc = s.pc && !hit;
    }
    jump(s, ins.labels[0]);
    return false;
  }
  if (op == "ret") {
    std::optional<sval> v;
    if (!ins.args.empty()) v = eval(s, ins.args[0]);
    const std::string to = fr.ret_to;
    s.frames.pop_back();
    if (s.frames.empty()) {
      out_.ends.push_back({s.pc, s.mem[1]});
      return true;
    }
    if (v && !to.empty()) s.frames.back().regs.insert_or_assign(to, std::move(*v));
    return false;
  }
  if (op == "unreachable")
    throw unmodelled_error{"code the compiler marks unreachable (after a call that does not return)"};
  if (op == "call") return call(s, ins);
  if (op == "load") {
    const sval p = eval(s, ins.args[0]);
    set(s, ins, load(c_, target(s, p, "reads"), static_cast<std::uint64_t>(p.p.offset), *ins.type));
    return false;
  }
  if (op == "store") {
    const sval v = eval(s, ins.args[0]), p = eval(s, ins.args[1]);
    store(c_, target(s, p, "writes"), static_cast<std::uint64_t>(p.p.offset), *ins.args[0].type, v);
    return false;
  }
  if (op == "getelementptr") {
    std::vector<sval> idx;
    for (std::size_t i = 1; i < ins.args.size(); ++i) idx.push_back(eval(s, ins.args[i]));
    set(s, ins, sval::ptr(gep(eval(s, ins.args[0]), *ins.source, idx)));
    return false;
  }
  if (op == "alloca") {
    std::int64_t n = 1;
    if (!ins.args.empty()) n = concrete(as_bits(c_, eval(s, ins.args[0])), "an alloca size");
    s.mem.push_back({"a local variable", csource::size_of(*ins.source) * static_cast<std::uint64_t>(n), true, {}});
    set(s, ins, sval::ptr({static_cast<int>(s.mem.size() - 1), 0}));
    return false;
  }
  if (op == "fadd" || op == "fsub" || op == "fmul" || op == "fdiv" || op == "frem")
    return set(s, ins, float_binary(c_, op, eval(s, ins.args[0]), eval(s, ins.args[1]))), false;
  if (op == "fneg") return set(s, ins, float_negate(c_, eval(s, ins.args[0]))), false;
  if (op == "freeze") return set(s, ins, eval(s, ins.args[0])), false;
  if (op == "icmp" || op == "fcmp")
    return set(s, ins, compare(c_, op, ins.pred, eval(s, ins.args[0]), eval(s, ins.args[1]))), false;
  if (op == "select")
    return set(s, ins, select(c_, eval(s, ins.args[0]), eval(s, ins.args[1]), eval(s, ins.args[2]))), false;
  if (op == "extractvalue" || op == "insertvalue") {
    sval agg = eval(s, ins.args[0]);
    sval* at = &agg;
    for (unsigned i : ins.indices) {
      if (at->k != sval::kind::agg || i >= at->parts.size()) throw unmodelled_error{"an aggregate index out of range"};
      at = &at->parts[i];
    }
    if (op == "extractvalue") return set(s, ins, *at), false;
    *at = eval(s, ins.args[1]);
    return set(s, ins, agg), false;
  }
  if (ins.args.size() == 1 && ins.type && !ins.source && ins.pred.empty() && op != "fneg")
    return set(s, ins, cast(c_, op, eval(s, ins.args[0]), *ins.type)), false;
  if (ins.args.size() == 2 && ins.type) {
    const sval a = eval(s, ins.args[0]), b = eval(s, ins.args[1]);
    check_int_binary(s, ins, a, b);
    return set(s, ins, int_binary(c_, op, a, b)), false;
  }
  throw unmodelled_error{"the instruction '" + op + "'"};
}

}  // namespace redsem::smt::cexec::detail
