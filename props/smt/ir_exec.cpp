// SPDX-License-Identifier: BSD-3-Clause
// The symbolic IR executor (props/smt/ir_exec.h): a work list of paths, each a stack of
// frames over its own copy of memory and the condition on the inputs that leads there
// (ir_executor.h). Here: the work list, the branches between blocks and the forks of paths.
#include "props/smt/ir_exec.h"

#include <set>

#include "props/smt/ir_executor.h"
#include "props/smt/ir_ops.h"

namespace redsem::smt::cexec {

using csource::ir_function;
using csource::ir_instr;
using csource::ir_type;
using csource::ir_value;

namespace detail {

std::int64_t concrete(const z3::expr& e, const char* what) {
  const z3::expr k = e.simplify();
  if (!k.is_numeral()) throw unmodelled_error{std::string(what) + " that depends on the data"};
  const unsigned w = k.get_sort().bv_size();
  const std::uint64_t u = k.get_numeral_uint64();
  if (w < 64 && (u >> (w - 1)) & 1) return static_cast<std::int64_t>(u) - (std::int64_t{1} << w);
  return static_cast<std::int64_t>(u);
}

run_result executor::run(state init) {
  work_.push_back(std::move(init));
  try {
    while (!work_.empty()) {
      state s = std::move(work_.back());
      work_.pop_back();
      run_path(s);
    }
  } catch (const too_many_paths&) {
    out_.too_many_paths = "more than " + std::to_string(limits_.max_paths) + " paths through the function";
  }
  return std::move(out_);
}

void executor::run_path(state& s) {
  try {
    while (!step(s))
      if (++s.steps > limits_.max_steps)
        throw unmodelled_error{"a loop still running after " + std::to_string(limits_.max_steps) + " instructions"};
  } catch (const unmodelled_error& e) {
    out_.stops.push_back({s.pc, e.what, line_});
  }
}

void executor::jump(state& s, const std::string& label) {
  frame& fr = s.frames.back();
  const std::string prev = fr.block->label;
  fr.block = fr.f->block(label);
  if (!fr.block) throw unmodelled_error{"a branch to an unknown block " + label};
  fr.at = 0;
  std::vector<std::pair<std::string, sval>> assigned;
  for (; fr.at < fr.block->instrs.size() && fr.block->instrs[fr.at].op == "phi"; ++fr.at) {
    const ir_instr& phi = fr.block->instrs[fr.at];
    bool found = false;
    for (const auto& [v, from] : phi.pairs)
      if (from == prev) {
        assigned.emplace_back(phi.result, eval(s, v));
        found = true;
        break;
      }
    if (!found) throw unmodelled_error{"a phi without a value for its predecessor"};
  }
  for (auto& [name, v] : assigned) fr.regs.insert_or_assign(name, std::move(v));
}

void executor::fork(state& s, const z3::expr& cond, const std::string& taken, const std::string& otherwise) {
  const z3::expr k = cond.simplify();
  if (k.is_true() || k.is_false()) return jump(s, k.is_true() ? taken : otherwise);
  if (++paths_ > limits_.max_paths) throw too_many_paths{};
  state other = s;
  other.pc = s.pc && !cond;
  jump(other, otherwise);
  work_.push_back(std::move(other));
  s.pc = s.pc && cond;
  jump(s, taken);
}

void executor::guard(state& s, const z3::expr& bad, const std::string& what) {
  const z3::expr k = bad.simplify();
  if (k.is_false()) return;
  if (k.is_true()) throw unmodelled_error{what};
  out_.stops.push_back({s.pc && bad, what, line_});
  s.pc = s.pc && !bad;
}

}  // namespace detail

namespace {

void collect_globals(const ir_value& v, std::set<std::string>& out) {
  if (v.k == ir_value::kind::global) out.insert(v.text);
  for (const auto& o : v.operands) collect_globals(o, out);
}

}  // namespace

run_result run_function(z3::context& c, const csource::ir_module& m, const ir_function& f, region invec,
                        region inoutvec, std::int64_t len, const ir_value& handle, const run_limits& limits) {
  detail::executor ex(c, m, limits);
  detail::state s{{}, {}, c.bool_val(true), 0};
  s.mem.push_back(std::move(invec));
  s.mem.push_back(std::move(inoutvec));
  s.mem.push_back({"*len", 4, true, {}});
  s.mem.push_back({"*datatype", 8, true, {}});
  std::set<std::string> names;
  for (const auto& [name, g] : m.globals) names.insert(name);
  collect_globals(handle, names);
  for (const auto& name : names) {
    ex.globals[name] = static_cast<int>(s.mem.size());
    s.mem.push_back({"the global variable @" + name, 0, false, {}});
  }
  ir_type i32;
  i32.k = ir_type::kind::integer;
  i32.bits = 32;
  store(c, s.mem[2], 0, i32, sval::of(sval::kind::bits, c.bv_val(static_cast<std::uint64_t>(len), 32)));
  detail::frame top;
  top.f = &f;
  top.block = &f.blocks.front();
  for (std::size_t i = 0; i < f.params.size() && i < 4; ++i)
    top.regs.insert_or_assign(f.params[i].second, sval::ptr({static_cast<int>(i), 0}));
  s.frames.push_back(std::move(top));
  // *datatype: the handle constant, evaluated among the function's globals.
  try {
    store(c, s.mem[3], 0, *handle.type, ex.constant(s, handle));
  } catch (const unmodelled_error& e) {
    run_result r;
    r.stops.push_back({c.bool_val(true), "the datatype handle: " + e.what, 0});
    return r;
  }
  return ex.run(std::move(s));
}

}  // namespace redsem::smt::cexec
