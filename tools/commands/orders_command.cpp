// SPDX-License-Identifier: BSD-3-Clause
// `redsem orders`: every result some legal evaluation order of a reduction over P ranks can
// give for the given (or random) inputs; whether the op is order-invariant; for floats how far
// the results spread and stray from the exact sum; optionally a picture of two disagreeing orders.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <nlohmann/json.hpp>

#include "model/output_file.h"
#include "sim/float_spread.h"
#include "sim/invariance.h"
#include "tools/cli/command.h"
#include "tools/cli/common_options.h"
#include "tools/cli/json_document.h"
#include "tools/cli/json_text.h"
#include "tools/cli/number_options.h"
#include "tools/cli/output_file.h"
#include "tools/cli/policy_option.h"
#include "tools/cli/progress.h"
#include "tools/cli/sim_inputs.h"
#include "tools/render/order_svg.h"

namespace redsem::tools {
namespace {

struct orders_options {
  int procs = 0;
  std::string op, op_file, kernel, commute, type, values, policy_text, svg;
  kernel_mpi_choice mpi;
  std::uint64_t seed = 1;
  bool json = false;
  std::size_t list = 20;
  std::uint64_t budget = 20'000'000'000;  // op applications the search may make (about a minute at most)
};

// The largest search the command takes: more ranks than this exhaust the stack and memory long before a
// search of their orders could say anything (their trees are counted by numbers past 10^10000).
constexpr std::uint64_t max_procs = 4096;

// Floats listed by value; everything else in the order found.
void sort_for_display(std::vector<sim::distinct_result>& results, const datatype& type) {
  const auto kind = type.is_predefined() && info(*type.predefined_type()).field_count == 1
                        ? std::optional(info(*type.predefined_type()).fields[0].kind)
                        : std::nullopt;
  if (kind != scalar_kind::f32 && kind != scalar_kind::f64) return;
  auto as_double = [&](const sim::element& e) {
    if (*kind == scalar_kind::f32) {
      float f;
      std::memcpy(&f, e.data(), 4);
      return static_cast<double>(f);
    }
    double d;
    std::memcpy(&d, e.data(), 8);
    return d;
  };
  std::stable_sort(results.begin(), results.end(),
                   [&](const auto& a, const auto& b) { return as_double(a.value) < as_double(b.value); });
}

nlohmann::json spread_json(const sim::float_spread& s) {
  nlohmann::json j{{"distinct", s.distinct},
                   {"smallest", s.smallest},
                   {"largest", s.largest},
                   {"spread_ulps", s.spread_ulps},
                   {"has_nan", s.has_nan}};
  if (s.exact_rounded) j["exact_sum_rounded"] = *s.exact_rounded;
  if (s.max_ulps_from_exact) j["max_ulps_from_exact"] = *s.max_ulps_from_exact;
  return j;
}

int write_svg(const orders_options& o, const chosen_op& c, const std::vector<sim::element>& inputs,
              const std::vector<sim::distinct_result>& results, const std::optional<sim::float_spread>& spread,
              std::ostream& err) {
  if (results.size() < 2) {
    err << "orders: every legal order gives the same result; no picture written to " << o.svg << "\n";
    return ok;
  }
  std::string why;
  const auto picture = disagreement_svg(c.op, inputs, results, spread.has_value(), c.description, &why);
  if (!picture) {
    err << "redsem orders: --svg: " << why << "\n";
    return bad_input;
  }
  if (const auto problem = write_output_file(o.svg, *picture)) {
    err << "redsem orders: --svg: " << *problem << "\n";
    return bad_input;
  }
  err << "orders: picture of two disagreeing orders in " << o.svg << "\n";
  return ok;
}

// What is searched: the op, the ranks, the legal trees and the inputs.
void print_header(std::ostream& out, const chosen_op& c, const std::vector<sim::element>& inputs,
                  const opfile::domain_draws& draws, double trees) {
  out << fmt::format(
      "redsem orders — {}, {} ranks, {}: {} legal trees\n", c.description, inputs.size(),
      c.op.commutative ? "commutative (any tree, any operand order)" : "non-commutative (ranks stay in order)",
      std::isfinite(trees) ? sim::format_count(trees) : std::string("more than 10^308"));  // a double's range
  out << "inputs:";
  for (std::size_t r = 0; r < inputs.size(); ++r)
    out << (r ? ", " : " ") << "r" << r << "=" << format_value(c.op.type, inputs[r]);
  if (c.domain && c.domain->constrained())
    out << "\n(inputs inside the op file's 'require' domain" << describe_draws(draws) << ")";
  out << "\n\n" << std::flush;
}

int run_orders(const orders_options& o, const sim::search_share& share, std::ostream& out, std::ostream& err) {
  std::string why;
  const auto parsed = policy_from_option(o.policy_text, &why);
  if (!parsed) return err << "redsem orders: " << why << "\n", int{bad_input};
  const policy semantics = *parsed;
  if (const auto problem = o.svg.empty() ? std::nullopt : unwritable_file(o.svg))  // before the search, not after it
    return err << "redsem orders: --svg: " << *problem << "\n", int{bad_input};
  bool breach = false;
  const auto chosen = o.kernel.empty()
                          ? choose_op(o.op, o.op_file, o.type, semantics, &why)
                          : choose_kernel_op(o.kernel, o.commute, o.type, o.mpi, semantics, "orders", &why, &breach);
  if (!chosen) return err << "redsem orders: " << why << "\n", breach ? int{mismatch} : int{bad_input};
  std::vector<sim::element> inputs;
  opfile::domain_draws draws;
  if (!o.values.empty()) {
    const auto parsed = parse_values(o.values, *chosen, &why);
    if (!parsed) return err << "redsem orders: " << why << "\n", int{bad_input};
    inputs = *parsed;
    if (inputs.size() > max_procs)
      return err << "redsem orders: --values gives " << inputs.size() << " elements: at most " << max_procs
                 << " ranks\n",
             int{bad_input};
    if (o.procs != 0 && static_cast<std::size_t>(o.procs) != inputs.size())
      return err << "redsem orders: --procs " << o.procs << " but --values gives " << inputs.size() << "\n",
             int{bad_input};
  } else {
    if (o.procs < 1) return err << "redsem orders: --procs must be at least 1\n", int{bad_input};
    inputs = random_values(static_cast<std::size_t>(o.procs), *chosen, o.seed, &draws);
  }
  const int procs = static_cast<int>(inputs.size());
  const double trees = sim::legal_tree_count(procs, chosen->op.commutative);
  if (!o.json) print_header(out, *chosen, inputs, draws, trees);  // before the search, which may take a while
  sim::order_limits limits;
  limits.max_combinations = o.budget;
  limits.share = share;
  progress bar(err, share.index == 0 && stderr_is_terminal(), fmt::format("orders --procs {}", procs));
  limits.on_progress = [&](std::uint64_t applied, std::uint64_t budget) {
    bar.update(applied, budget, "op applications");
  };
  const sim::invariance_verdict verdict =
      sim::decide_invariance(chosen->op, inputs, chosen->laws, chosen->typed, limits, semantics);
  bar.finish();
  std::vector<sim::distinct_result> results;
  bool complete = true;
  if (verdict.search) {
    results = verdict.search->results;
    complete = verdict.search->complete;
  } else {  // settled by laws: the rank-order left fold is the one result
    sim::tree fold = sim::leaf(0);
    for (int r = 1; r < procs; ++r) fold = sim::combine(fold, sim::leaf(r));
    results.push_back({sim::evaluate(fold, chosen->op, inputs), fold, {}});  // its count is not shown ("all")
  }
  sort_for_display(results, chosen->op.type);
  std::optional<sim::float_spread> spread;
  if (chosen->typed && verdict.search && !verdict.search->results.empty()) {  // no results, no spread to speak of
    sim::order_results sorted = *verdict.search;
    spread = sim::spread_of(chosen->typed->type, chosen->typed->op, inputs, sorted);
  }
  const sim::count_unit unit = sim::count_unit_of(results, procs, chosen->op.commutative);

  if (o.json) {
    nlohmann::json j{{"op", chosen->description},
                     {"procs", procs},
                     {"commutative", chosen->op.commutative},
                     {"legal_trees", trees},
                     {"policy", to_string(semantics)},
                     {"verdict", std::string(sim::to_string(verdict.verdict))},
                     {"reason", verdict.reason},
                     {"complete", complete},
                     {"domain_rejected_draws", draws.rejected}};
    for (const auto& e : inputs) j["inputs"].push_back(value_json(chosen->op.type, e));
    j["results"] = nlohmann::json::array();
    if (unit.orders) j["legal_evaluation_orders"] = unit.total;
    for (const auto& r : results)
      j["results"].push_back({{"value", value_json(chosen->op.type, r.value)},
                              {unit.orders ? "evaluation_orders" : "trees", unit.of(r.trees)},
                              {"witness", sim::to_string(r.witness)}});
    if (spread) j["float"] = spread_json(*spread);
    out << json_text(json_document("orders", j)) << "\n";
  } else {
    out << fmt::format("verdict: {} — {}\n", sim::to_string(verdict.verdict), verdict.reason);
    out << fmt::format("distinct results: {}{}\n", results.size(), complete ? "" : " (search incomplete)");
    if (unit.orders)
      out << fmt::format(
          "  (counted in evaluation orders, a tree with one operand order at each node, {} in all: one "
          "tree gives a value here in some of its operand orders only)\n",
          sim::format_count(unit.total));
    for (std::size_t i = 0; i < results.size() && i < o.list; ++i)
      out << fmt::format("  {}  {} {}, e.g. {}\n", format_value(chosen->op.type, results[i].value),
                         verdict.search ? sim::format_count(unit.of(results[i].trees)) : "all", unit.noun(),
                         sim::to_string(results[i].witness));
    if (results.size() > o.list) out << fmt::format("  … {} more (--json lists all)\n", results.size() - o.list);
    if (spread) {  // an incomplete search bounds the spread from below only
      out << fmt::format("float spread: {}{} ulps between smallest and largest{}\n", complete ? "" : "at least ",
                         spread->spread_ulps, complete ? "" : " found (search incomplete)");
      if (spread->exact_rounded)
        out << fmt::format("exact sum, correctly rounded: {}; the worst order {}is {} ulps from it\n",
                           format_value(chosen->op.type, spread->exact_element), complete ? "" : "found ",
                           *spread->max_ulps_from_exact);
    }
  }
  if (!o.svg.empty()) return write_svg(o, *chosen, inputs, results, spread, err);
  return ok;
}

}  // namespace

command add_orders_command(CLI::App& app, sim::search_share share) {
  auto o = std::make_shared<orders_options>();
  CLI::App* cmd = app.add_subcommand("orders", "Every result a legal evaluation order of a reduction can give");
  add_whole_option(cmd, "--procs", o->procs, {1, max_procs}, "Number of ranks (defaults to the number of --values)");
  add_op_choice_options(cmd, o->op, o->op_file, o->kernel, o->commute, o->type, o->mpi);
  cmd->add_option("--values", o->values, "One element per rank: v0,v1,… (fields of a pair as a:b)");
  add_whole_option(cmd, "--random", o->seed, {}, "Random inputs from SEED (the default, seed 1)")->type_name("SEED");
  add_policy_option(cmd, o->policy_text);
  cmd->add_option("--svg", o->svg, "Draw two disagreeing orders (and a histogram for floats) to FILE")
      ->type_name("FILE");
  add_whole_option(cmd, "--list", o->list, {0, 1'000'000}, "How many results the text lists");
  add_whole_option(cmd, "--budget", o->budget, {1, 1'000'000'000'000'000},
                   "Op applications the search may make before it reports an incomplete set (default 2e10)");
  add_json_flag(cmd, o->json);
  cmd->callback([cmd, o] { check_op_choice(*cmd, o->kernel, o->mpi); });
  return {cmd, [o, share](std::ostream& out, std::ostream& err) { return run_orders(*o, share, out, err); }};
}

}  // namespace redsem::tools
