// SPDX-License-Identifier: BSD-3-Clause
// The symbolic IR executor (props/smt/ir_exec.h): a work list of paths, each a stack of
// frames over its own copy of memory and the condition on the inputs that leads there.
#include "props/smt/ir_exec.h"

#include <set>

#include "props/smt/ir_ops.h"

namespace redsem::smt::cexec {
namespace {

using csource::ir_function;
using csource::ir_instr;
using csource::ir_type;
using csource::ir_value;

struct frame {
  const ir_function* f = nullptr;
  const csource::ir_block* block = nullptr;
  std::size_t at = 0;
  std::map<std::string, sval> regs;
  std::string ret_to;
};

struct state {
  std::vector<frame> frames;
  std::vector<region> mem;
  z3::expr pc;
  std::uint64_t steps = 0;
};

struct too_many_paths {};

std::int64_t concrete(const z3::expr& e, const char* what) {
  const z3::expr k = e.simplify();
  if (!k.is_numeral()) throw unmodelled_error{std::string(what) + " that depends on the data"};
  const unsigned w = k.get_sort().bv_size();
  const std::uint64_t u = k.get_numeral_uint64();
  if (w < 64 && (u >> (w - 1)) & 1) return static_cast<std::int64_t>(u) - (std::int64_t{1} << w);
  return static_cast<std::int64_t>(u);
}

void collect_globals(const ir_value& v, std::set<std::string>& out) {
  if (v.k == ir_value::kind::global) out.insert(v.text);
  for (const auto& o : v.operands) collect_globals(o, out);
}

class executor {
 public:
  executor(z3::context& c, const csource::ir_module& m, const run_limits& l) : c_(c), m_(m), limits_(l) {}

  run_result run(state init) {
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

  std::map<std::string, int> globals;
  sval constant(const state& s, const ir_value& v) { return eval(s, v); }

 private:
  z3::context& c_;
  const csource::ir_module& m_;
  run_limits limits_;
  std::vector<state> work_;
  run_result out_;
  std::size_t paths_ = 1;
  int line_ = 0;

  void run_path(state& s) {
    try {
      while (!step(s))
        if (++s.steps > limits_.max_steps)
          throw unmodelled_error{"a loop still running after " + std::to_string(limits_.max_steps) + " instructions"};
    } catch (const unmodelled_error& e) {
      out_.stops.push_back({s.pc, e.what, line_});
    }
  }

  sval eval(const state& s, const ir_value& v) {
    using VK = ir_value::kind;
    switch (v.k) {
      case VK::local: {
        const auto& regs = s.frames.back().regs;
        const auto it = regs.find(v.text);
        if (it == regs.end()) throw unmodelled_error{"a use of %" + v.text + " before its definition"};
        return it->second;
      }
      case VK::global: {
        const auto it = globals.find(v.text);
        if (it == globals.end()) throw unmodelled_error{"the global @" + v.text};
        return sval::ptr({it->second, 0});
      }
      case VK::integer:
      case VK::floating:
        return literal(c_, v);
      case VK::null:
        return sval::ptr({-1, 0});
      case VK::undef:
        return fresh(*v.type);
      case VK::zero:
        return zero(*v.type);
      case VK::constexpr_: {
        if (v.op == "getelementptr") {
          std::vector<sval> idx;
          for (std::size_t i = 1; i < v.operands.size(); ++i) idx.push_back(eval(s, v.operands[i]));
          return sval::ptr(gep(eval(s, v.operands[0]), *v.source, idx));
        }
        return cast(c_, v.op, eval(s, v.operands[0]), *v.type);
      }
    }
    throw unmodelled_error{"an operand of unknown kind"};
  }

  sval fresh(const ir_type& t) {
    if (t.k == ir_type::kind::integer && t.bits == 1)
      return sval::of(sval::kind::boolean, c_.bool_const(fresh_name().c_str()));
    if (t.k == ir_type::kind::integer) return sval::of(sval::kind::bits, c_.bv_const(fresh_name().c_str(), t.bits));
    if (csource::is_float(t)) return sval::of(sval::kind::fp, c_.constant(fresh_name().c_str(), fp_sort(c_, t)));
    throw unmodelled_error{"an undefined value of type " + t.text};
  }
  std::string fresh_name() { return "undef!" + std::to_string(++undefs_); }
  std::uint64_t undefs_ = 0;

  sval zero(const ir_type& t) {
    using TK = ir_type::kind;
    if (t.k == TK::pointer) return sval::ptr({-1, 0});
    if (t.k == TK::structure || t.k == TK::array) {
      sval a{sval::kind::agg, std::nullopt, {}, {}};
      for (std::size_t i = 0; i < (t.k == TK::array ? t.count : t.elems.size()); ++i)
        a.parts.push_back(zero(*t.elems[t.k == TK::array ? 0 : i]));
      return a;
    }
    if (t.k == TK::integer && t.bits == 1) return sval::of(sval::kind::boolean, c_.bool_val(false));
    if (t.k == TK::integer) return sval::of(sval::kind::bits, c_.bv_val(0, t.bits));
    return from_bits(c_, c_.bv_val(0, t.k == TK::f80 ? 80 : static_cast<unsigned>(csource::size_of(t) * 8)), t);
  }

  pointer gep(const sval& base, const ir_type& source, const std::vector<sval>& idx) {
    if (base.k != sval::kind::ptr) throw unmodelled_error{"an address computed from an integer"};
    pointer p = base.p;
    const ir_type* cur = &source;
    for (std::size_t i = 0; i < idx.size(); ++i) {
      const std::int64_t k = concrete(as_bits(c_, idx[i]), "an address");
      if (i == 0) {
        p.offset += k * static_cast<std::int64_t>(csource::size_of(source));
      } else if (cur->k == ir_type::kind::structure) {
        p.offset += static_cast<std::int64_t>(csource::field_offset(*cur, static_cast<std::size_t>(k)));
        cur = cur->elems.at(static_cast<std::size_t>(k)).get();
      } else {
        cur = cur->elems.at(0).get();
        p.offset += k * static_cast<std::int64_t>(csource::size_of(*cur));
      }
    }
    return p;
  }

  region& target(state& s, const sval& p, const char* verb) {
    if (p.k != sval::kind::ptr) throw unmodelled_error{std::string(verb) + " through a value that is not a pointer"};
    if (p.p.region < 0) throw unmodelled_error{std::string(verb) + " through a null pointer"};
    if (p.p.offset < 0)
      throw unmodelled_error{std::string(verb) + " before the start of " +
                             s.mem[static_cast<std::size_t>(p.p.region)].name};
    region& r = s.mem[static_cast<std::size_t>(p.p.region)];
    if (!r.bounded)  // a global: its value is not the function's to know
      throw unmodelled_error{std::string(verb) + " " + r.name + ", whose value is set at run time"};
    return r;
  }

  void jump(state& s, const std::string& label) {
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

  // Continues s where `cond` holds; the other inputs continue at `otherwise` as a new path.
  void fork(state& s, const z3::expr& cond, const std::string& taken, const std::string& otherwise) {
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

  // The inputs where `bad` holds end here, as a path the model does not cover (undefined behaviour).
  void guard(state& s, const z3::expr& bad, const std::string& what) {
    const z3::expr k = bad.simplify();
    if (k.is_false()) return;
    if (k.is_true()) throw unmodelled_error{what};
    out_.stops.push_back({s.pc && bad, what, line_});
    s.pc = s.pc && !bad;
  }

  void check_int_binary(state& s, const ir_instr& ins, const sval& a, const sval& b) {
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

  bool step(state& s);
  bool call(state& s, const ir_instr& ins);

  // MPI_Type_size(handle, &size) and MPI_Type_get_extent(handle, &lb, &extent) on the handle the
  // function was given: the answers of its datatype, and MPI_SUCCESS (0).
  bool mpi_type_query(state& s, const ir_instr& ins, const std::vector<sval>& args) {
    const std::string& f = ins.callee;
    const bool size = f == "MPI_Type_size" || f == "PMPI_Type_size";
    const bool extent = f == "MPI_Type_get_extent" || f == "PMPI_Type_get_extent";
    if (!size && !extent) return false;
    const sval given = load(c_, s.mem[3], 0, *ins.args.at(0).type);
    const bool same =
        given.k == sval::kind::ptr
            ? args[0].k == sval::kind::ptr && args[0].p.region == given.p.region && args[0].p.offset == given.p.offset
            : args[0].k == sval::kind::bits && z3::eq(args[0].term(), given.term());
    if (!same) throw unmodelled_error{f + " on a datatype other than the one the function was given"};
    ir_type word;
    word.k = ir_type::kind::integer;
    word.bits = size ? 32 : 64;
    const auto put = [&](const sval& p, std::int64_t v) {
      store(c_, target(s, p, "writes"), static_cast<std::uint64_t>(p.p.offset), word,
            sval::of(sval::kind::bits, c_.bv_val(static_cast<std::uint64_t>(v), word.bits)));
    };
    if (size)
      put(args.at(1), limits_.type_size);
    else
      put(args.at(1), 0), put(args.at(2), limits_.type_extent);
    if (!ins.result.empty()) set(s, ins, sval::of(sval::kind::bits, c_.bv_val(0, ins.type->bits)));
    return true;
  }
  void set(state& s, const ir_instr& ins, sval v) { s.frames.back().regs.insert_or_assign(ins.result, std::move(v)); }
};

bool executor::call(state& s, const ir_instr& ins) {
  if (ins.callee == "asm") throw unmodelled_error{"inline assembly"};
  std::vector<sval> args;
  for (const auto& a : ins.args) args.push_back(eval(s, a));
  const std::string base = intrinsic_base(ins.callee);
  static const std::set<std::string> no_effect{
      "lifetime.start", "lifetime.end", "assume",   "experimental.noalias.scope.decl",
      "dbg.value",      "dbg.declare",  "dbg.label"};
  if (no_effect.count(base)) return false;
  if (base == "memcpy" || base == "memmove") {
    const std::int64_t n = concrete(as_bits(c_, args.at(2)), "a copy length");
    region& from = target(s, args[1], "copies from");
    const region snapshot = from;
    copy(c_, target(s, args[0], "copies to"), static_cast<std::uint64_t>(args[0].p.offset), snapshot,
         static_cast<std::uint64_t>(args[1].p.offset), static_cast<std::uint64_t>(n));
    return false;
  }
  if (base == "memset") {
    const std::int64_t n = concrete(as_bits(c_, args.at(2)), "a memset length");
    region& to = target(s, args[0], "sets");
    ir_type byte;
    byte.k = ir_type::kind::integer;
    byte.bits = 8;
    for (std::int64_t i = 0; i < n; ++i) store(c_, to, static_cast<std::uint64_t>(args[0].p.offset + i), byte, args[1]);
    return false;
  }
  if (auto v = pure_call(c_, ins.callee, args, *ins.type)) {
    if (!ins.result.empty()) set(s, ins, std::move(*v));
    return false;
  }
  if (mpi_type_query(s, ins, args)) return false;
  const auto it = m_.functions.find(ins.callee);
  if (it == m_.functions.end() || it->second.blocks.empty())
    throw unmodelled_error{"a call to " + ins.callee + ", which is not modelled"};
  if (s.frames.size() > 64) throw unmodelled_error{"calls nested more than 64 deep (recursion)"};
  frame callee;
  callee.f = &it->second;
  callee.block = &it->second.blocks.front();
  callee.ret_to = ins.result;
  for (std::size_t i = 0; i < args.size() && i < callee.f->params.size(); ++i)
    callee.regs.insert_or_assign(callee.f->params[i].second, args[i]);
  s.frames.push_back(std::move(callee));
  return false;
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

}  // namespace

run_result run_function(z3::context& c, const csource::ir_module& m, const ir_function& f, region invec,
                        region inoutvec, std::int64_t len, const ir_value& handle, const run_limits& limits) {
  executor ex(c, m, limits);
  state s{{}, {}, c.bool_val(true), 0};
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
  frame top;
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
