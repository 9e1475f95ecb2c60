// SPDX-License-Identifier: BSD-3-Clause
#include "props/smt/normalise.h"

#include <algorithm>
#include <unordered_map>
#include <vector>

namespace redsem::smt {
namespace {

// Which arguments of an application may be put in any order ([first, end) of them).
// fp.add and fp.mul take the rounding mode first; only the two operands commute.
int first_commuting_argument(Z3_decl_kind k) {
  switch (k) {
    case Z3_OP_BADD: case Z3_OP_BMUL: case Z3_OP_BAND: case Z3_OP_BOR: case Z3_OP_BXOR:
    case Z3_OP_AND: case Z3_OP_OR: case Z3_OP_XOR: case Z3_OP_EQ: case Z3_OP_FPA_EQ:
      return 0;
    case Z3_OP_FPA_ADD: case Z3_OP_FPA_MUL:
      return 1;
    default:
      return -1;
  }
}

class normaliser {
 public:
  z3::expr run(const z3::expr& e) {
    if (!e.is_app() || e.num_args() == 0) return e;
    if (const auto hit = done_.find(e.id()); hit != done_.end()) return hit->second;
    std::vector<z3::expr> args;
    for (unsigned i = 0; i < e.num_args(); ++i) args.push_back(run(e.arg(i)));
    const int first = first_commuting_argument(e.decl().decl_kind());
    if (first >= 0)
      std::sort(args.begin() + first, args.end(), [](const z3::expr& a, const z3::expr& b) { return a.id() < b.id(); });
    z3::expr_vector v(e.ctx());
    for (const auto& a : args) v.push_back(a);
    z3::expr out = e.decl()(v);
    done_.emplace(e.id(), out);
    return out;
  }

 private:
  // Z3 hash-conses terms: equal structure means equal id, and ids are stable while terms live.
  std::unordered_map<unsigned, z3::expr> done_;
};

}  // namespace

z3::expr normalise_commutative(const z3::expr& e) {
  return normaliser{}.run(e);
}

}  // namespace redsem::smt
