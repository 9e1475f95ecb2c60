// SPDX-License-Identifier: BSD-3-Clause
// The algorithms section of `redsem verify`: every schedule sim/ knows (the algorithms Open MPI
// and MPICH use for Reduce, Allreduce, Reduce_scatter(_block), Scan and Exscan), built for
// P = 2…8, every root of MPI_Reduce, with and without MPI_IN_PLACE, and checked: does each
// rank's result combine exactly the ranks MPI requires, in rank order when the op is not
// commutative (§7.9.1)? And does an Allreduce of floats give every rank the same bits (§7.9.6)?
#include <fmt/format.h>

#include "model/element_compare.h"
#include "model/element_op.h"
#include "sim/schedule.h"
#include "sim/simulate.h"
#include "tools/render/plain_table.h"
#include "tools/verify/catalogue_inputs.h"
#include "tools/verify/verify_section.h"

namespace redsem::tools {
namespace {

constexpr int min_procs = 2;
constexpr int max_procs = 8;

// The first problem over every P, root and in-place choice, or "" when there is none.
std::string first_order_problem(sim::collective c, const std::string& algorithm, bool commutative) {
  for (int procs = min_procs; procs <= max_procs; ++procs)
    for (int root = 0; root < (c == sim::collective::reduce ? procs : 1); ++root)
      for (const bool in_place : {false, true}) {
        sim::schedule_request req;
        req.kind = c;
        req.algorithm = algorithm;
        req.procs = procs;
        req.root = root;
        req.in_place = in_place;
        req.commutative = commutative;
        if (c == sim::collective::reduce_scatter_block) req.count = procs;
        const auto built = sim::build_schedule(req);
        if (!built.value) return fmt::format("not built at P={}: {}", procs, built.error);
        const auto problems = sim::check_schedule(*built.value);
        if (!problems.empty()) {
          const auto& p = problems.front();
          const std::string where = c == sim::collective::reduce ? fmt::format(" root {}", root) : "";
          return fmt::format("P={}{}{}: rank {} element {}: {}", procs, where, in_place ? " in place" : "", p.rank,
                             p.element, p.check.evidence);
        }
      }
  return "";
}

// Allreduce of the catalogue's float inputs (element k of rank r: value r + k): the first P at
// which two ranks receive different bits, with both values and trees.
std::string first_identity_break(const std::string& algorithm) {
  const element_op sum = predefined_element_op(op_id::sum, basic_type::float_, policy{});
  for (int procs = min_procs; procs <= max_procs; ++procs) {
    sim::schedule_request req;
    req.kind = sim::collective::allreduce;
    req.algorithm = algorithm;
    req.procs = procs;
    const auto built = sim::build_schedule(req);
    if (!built.value) return fmt::format("not built at P={}: {}", procs, built.error);
    const int count = procs;
    const auto values = catalogue_inputs(basic_type::float_, 8);
    sim::rank_inputs inputs(static_cast<std::size_t>(procs));
    for (int r = 0; r < procs; ++r)
      for (int k = 0; k < count; ++k) inputs[static_cast<std::size_t>(r)].push_back(values[static_cast<std::size_t>((r + k) % 8)]);
    const auto results = sim::run_schedule(*built.value, sum, inputs);
    if (const auto b = sim::find_rank_identity_break(*built.value, sum, results)) {
      const auto type = datatype::predefined(basic_type::float_);
      return fmt::format("P={} element {}: rank {} has {} by {}, rank {} has {} by {}", procs, b->element_at, b->rank_a,
                         format_element(type, b->value_a.data()), sim::to_string(b->tree_a), b->rank_b,
                         format_element(type, b->value_b.data()), sim::to_string(b->tree_b));
    }
  }
  return "";
}

}  // namespace

verify_section algorithms_section() {
  return {"algorithms", fmt::format("Collective algorithms of Open MPI and MPICH, P = {}…{} (MPI-4.1 §7.9–7.11)", min_procs, max_procs),
          [](const verify_options& vo) {
            plain_table t;
            t.caption =
                "Each algorithm's schedule, run symbolically for every P, root and MPI_IN_PLACE choice: which ranks "
                "each result combines, in which order; Allreduce run on float SUM";
            t.header = {"collective", "algorithm", "non-commutative op", "float SUM on every rank", "evidence"};
            section_report r;
            for (const auto c : sim::all_collectives)
              for (const auto& a : sim::algorithms_of(c)) {
                const std::string name(a.name);
                const std::string key = fmt::format("{} {}", sim::to_string(c), name);
                // A commutative op may be reordered freely: any problem there is a wrong schedule.
                const std::string commutative_problem = first_order_problem(c, name, true);
                if (!commutative_problem.empty())
                  r.mismatches.push_back(fmt::format("algorithms: {}: wrong ranks for a commutative op: {}", key,
                                                     commutative_problem));
                const std::string order_problem = first_order_problem(c, name, false);
                const std::string order_verdict = order_problem.empty() ? "keeps rank order" : "reorders ranks";
                r.verdicts[key + " non-commutative"] = order_verdict;
                std::string identity_verdict = "-";
                std::string evidence = order_problem;
                if (c == sim::collective::allreduce) {
                  const std::string br = first_identity_break(name);
                  identity_verdict = br.empty() ? "identical" : "ranks differ";
                  r.verdicts[key + " float SUM identical on all ranks"] = identity_verdict;
                  if (!br.empty()) evidence += (evidence.empty() ? "" : "; ") + br;
                }
                t.rows.push_back({std::string(sim::to_string(c)), name, order_verdict, identity_verdict, evidence});
              }
            finish_report(r, "algorithms", t, vo.quick);
            return r;
          }};
}

}  // namespace redsem::tools
