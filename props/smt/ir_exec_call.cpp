// SPDX-License-Identifier: BSD-3-Clause
// The symbolic IR executor's calls (ir_executor.h): intrinsics without effect, memcpy, memmove
// and memset, pure library functions, the datatype queries on the function's own handle, and
// calls into the module's other functions as new frames.
#include <set>

#include "props/smt/ir_executor.h"
#include "props/smt/ir_ops.h"

namespace redsem::smt::cexec::detail {

using csource::ir_function;
using csource::ir_instr;
using csource::ir_type;
using csource::ir_value;

bool executor::mpi_type_query(state& s, const ir_instr& ins, const std::vector<sval>& args) {
  const std::string& f = ins.callee;
  const bool size = f == "MPI_Type_size" || f == "PMPI_Type_size";
  const bool extent = f == "MPI_Type_get_extent" || f == "PMPI_Type_get_extent";
  if (!size && !extent) return false;
  const sval given = load(c_, s.mem[3], 0, *ins.args.at(0).type);
  const bool same = given.k == sval::kind::ptr ? args[0].k == sval::kind::ptr && args[0].p.region == given.p.region &&
                                                     args[0].p.offset == given.p.offset
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

}  // namespace redsem::smt::cexec::detail
