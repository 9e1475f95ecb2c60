// SPDX-License-Identifier: BSD-3-Clause
// `redsem simulate`: one collective algorithm run symbolically on P ranks — every rank's
// result tree per element, its value, whether each tree is a legal order for the op, whether
// an Allreduce gives identical results everywhere, and which other results MPI would allow.
#include <fmt/format.h>

#include <map>
#include <nlohmann/json.hpp>

#include "sim/order_results.h"
#include "sim/schedule.h"
#include "sim/simulate.h"
#include "tools/cli/command.h"
#include "tools/cli/common_options.h"
#include "tools/cli/json_document.h"
#include "tools/cli/json_text.h"
#include "tools/cli/number_options.h"
#include "tools/cli/policy_option.h"
#include "tools/cli/progress.h"
#include "tools/cli/sim_inputs.h"

namespace redsem::tools {
namespace {

struct simulate_options {
  std::string collective, algorithm, op, op_file, kernel, commute, type, values, policy_text;
  kernel_mpi_choice mpi;
  int procs = 0, root = 0, count = 0, segment = 0;
  bool in_place = false, json = false, list = false;
  std::uint64_t seed = 1;
};

// The bounds that keep a run's memory and output bounded (docs/commands/simulate.md).
constexpr std::uint64_t max_procs = 4096;
constexpr std::uint64_t max_result_leaves = std::uint64_t{1} << 22;  // ranks × ranks × elements per rank
constexpr std::size_t max_alternative_searches = 1024;               // full searches of the other legal results

// The other results legal orders of the same ranks give (small P only: it is a full search).
struct alternatives {
  bool searched = false;
  std::vector<sim::element> values;
};

// Each (ranks, element) is searched once (Allreduce asks the same for every rank), and a run
// searches at most max_alternative_searches of them: beyond, the others are not listed.
class alternative_finder {
 public:
  alternative_finder(const chosen_op& c, const sim::rank_inputs& inputs) : c_(c), inputs_(inputs) {}
  alternatives find(const std::vector<int>& ranks, int element) {
    if (ranks.empty() || ranks.size() > (c_.op.commutative ? 10u : 14u)) return {};
    const auto key = std::make_pair(ranks, element);
    if (const auto it = memo_.find(key); it != memo_.end()) return it->second;
    if (memo_.size() >= max_alternative_searches) return capped_ = true, alternatives{};
    std::vector<sim::element> column;
    for (int r : ranks) column.push_back(inputs_[static_cast<std::size_t>(r)][static_cast<std::size_t>(element)]);
    const auto found = sim::all_order_results(c_.op, column, c_.typed);
    alternatives a{found.complete, {}};
    for (const auto& d : found.results) a.values.push_back(d.value);
    return memo_.emplace(key, std::move(a)).first->second;
  }
  bool capped() const { return capped_; }

 private:
  const chosen_op& c_;
  const sim::rank_inputs& inputs_;
  std::map<std::pair<std::vector<int>, int>, alternatives> memo_;
  bool capped_ = false;
};

std::string list_algorithms() {
  std::string s;
  for (sim::collective c : sim::all_collectives) {
    s += std::string(sim::to_string(c)) + ":\n";
    for (const auto& a : sim::algorithms_of(c)) s += fmt::format("  {:<20} {}\n", a.name, a.origin);
  }
  return s;
}

// The inputs, inputs[rank][k]: P values give every element of a rank that value; P·count values are
// rank-major; no values draw them from the seed. An error message on bad text.
std::optional<std::string> make_inputs(const simulate_options& o, const chosen_op& c, int count,
                                       sim::rank_inputs& inputs) {
  const auto procs = static_cast<std::size_t>(o.procs), per_rank = static_cast<std::size_t>(count);
  std::vector<sim::element> flat;
  if (!o.values.empty()) {
    std::string why;
    const auto parsed = parse_values(o.values, c, &why);
    if (!parsed) return why;
    flat = *parsed;
    if (flat.size() != procs && flat.size() != procs * per_rank)
      return fmt::format("--values gives {} elements; give {} (one per rank) or {} (count per rank)", flat.size(),
                         procs, procs * per_rank);
  } else {
    flat = random_values(procs * per_rank, c, o.seed);
  }
  inputs.assign(procs, {});
  for (std::size_t r = 0; r < procs; ++r)
    for (std::size_t k = 0; k < per_rank; ++k)
      inputs[r].push_back(flat.size() == procs ? flat[r] : flat[r * per_rank + k]);
  return std::nullopt;
}

// Refuses a run whose result trees would not fit the bound: every rank may hold every element's
// tree, of up to P leaves each, and each is printed.
std::optional<std::string> too_large(const simulate_options& o) {
  const auto procs = static_cast<std::uint64_t>(o.procs);
  const std::uint64_t count = o.count == 0 ? procs : static_cast<std::uint64_t>(o.count);
  if (procs * procs * count <= max_result_leaves) return std::nullopt;
  return fmt::format(
      "{} ranks × {} elements per rank: the result trees could hold {} leaves (ranks × ranks × elements); "
      "at most {} (give fewer --procs or a smaller --count)",
      procs, count, procs * procs * count, max_result_leaves);
}

std::string header_text(const simulate_options& o, const sim::schedule& s, sim::collective kind, const chosen_op& c) {
  return fmt::format("redsem simulate — {} / {} on {} ranks{}, {} ({}), count {}\n", sim::to_string(kind),
                     s.request.algorithm, o.procs,
                     kind == sim::collective::reduce ? fmt::format(", root {}", o.root) : "", c.description,
                     c.op.commutative ? "commutative" : "non-commutative", s.request.count);
}

// One rank's results, as text and as JSON (only the one asked for is filled).
void render_rank(const simulate_options& o, const sim::schedule& s, sim::collective kind, const chosen_op& c,
                 alternative_finder& finder, const std::vector<sim::rank_values>& values, int rank, std::string* text,
                 nlohmann::json* rj) {
  const auto& res = s.ranks[static_cast<std::size_t>(rank)];
  if (rj) *rj = {{"rank", rank}, {"note", res.note}, {"elements", nlohmann::json::array()}};
  if (text) *text = fmt::format("rank {}:{}\n", rank, res.note.empty() ? "" : " " + res.note);
  for (std::size_t i = 0; i < res.trees.size(); ++i) {
    const int k = res.element_index[i];
    const sim::element& v = values[static_cast<std::size_t>(rank)].values[i];
    const auto alt = finder.find(sim::required_ranks(kind, rank, o.procs), k);
    if (rj) {
      nlohmann::json ej{{"element", k}, {"tree", sim::to_string(res.trees[i])}, {"value", value_json(c.op.type, v)}};
      if (alt.searched) {
        ej["legal_results"] = nlohmann::json::array();
        for (const auto& a : alt.values) ej["legal_results"].push_back(value_json(c.op.type, a));
      }
      (*rj)["elements"].push_back(std::move(ej));
    }
    if (!text) continue;
    *text += fmt::format("  e{} = {}  tree {}\n", k, format_value(c.op.type, v), sim::to_string(res.trees[i]));
    std::string others;
    for (const auto& a : alt.values)
      if (a != v) others += (others.empty() ? "" : ", ") + format_value(c.op.type, a);
    if (alt.searched && alt.values.size() > 1)
      *text += fmt::format("       {} legal results for these ranks; the others: {}\n", alt.values.size(), others);
  }
}

nlohmann::json identity_json(const chosen_op& c, const std::optional<sim::identity_break>& identity) {
  if (!identity) return {{"identical", true}};
  return {{"identical", false},
          {"element", identity->element_at},
          {"rank_a", identity->rank_a},
          {"value_a", value_json(c.op.type, identity->value_a)},
          {"tree_a", sim::to_string(identity->tree_a)},
          {"rank_b", identity->rank_b},
          {"value_b", value_json(c.op.type, identity->value_b)},
          {"tree_b", sim::to_string(identity->tree_b)}};
}

std::string identity_text(const chosen_op& c, const std::optional<sim::identity_break>& identity) {
  if (!identity) return "rank identity: every rank holds identical results (MPI-4.1 §7.9.6)\n";
  return fmt::format(
      "rank identity: BROKEN (MPI-4.1 §7.9.6 requires identical results): e{} is {} at rank {} by {} but {} at rank {} "
      "by {}\n",
      identity->element_at, format_value(c.op.type, identity->value_a), identity->rank_a,
      sim::to_string(identity->tree_a), format_value(c.op.type, identity->value_b), identity->rank_b,
      sim::to_string(identity->tree_b));
}

// Writes the report rank by rank, so that no more than one rank's text is held at a time; the
// text report's header is printed before the work (run_simulate).
void write_report(const simulate_options& o, const sim::schedule& s, sim::collective kind, const chosen_op& c,
                  const sim::rank_inputs& inputs, const std::vector<sim::rank_values>& values,
                  const std::vector<sim::schedule_problem>& problems,
                  const std::optional<sim::identity_break>& identity, std::ostream& out) {
  const bool pass = problems.empty() && !identity;
  alternative_finder finder(c, inputs);
  const std::string capped_note = fmt::format(
      "other legal results: listed for the first {} (ranks, element) searches only", max_alternative_searches);
  if (o.json) {
    json_object_stream js(out);
    js.member("schema_version", json_schema_version);
    js.member("command", "simulate");
    js.member("collective", std::string(sim::to_string(kind)));
    js.member("algorithm", s.request.algorithm);
    js.member("procs", o.procs);
    js.member("root", o.root);
    js.member("in_place", o.in_place);
    js.member("count", s.request.count);
    js.member("op", c.description);
    js.member("commutative", c.op.commutative);
    js.begin_array("ranks");
    for (int rank = 0; rank < o.procs; ++rank) {
      nlohmann::json rj;
      render_rank(o, s, kind, c, finder, values, rank, nullptr, &rj);
      js.item(rj);
    }
    js.end_array();
    nlohmann::json pj = nlohmann::json::array();
    for (const auto& p : problems)
      pj.push_back({{"rank", p.rank}, {"element", p.element}, {"evidence", p.check.evidence}});
    js.member("problems", pj);
    if (kind == sim::collective::allreduce) js.member("rank_identity", identity_json(c, identity));
    if (finder.capped()) js.member("note", capped_note);
    js.member("verdict", pass ? "pass" : "fail");
    js.finish();
    return;
  }
  for (int rank = 0; rank < o.procs; ++rank) {
    std::string text;
    render_rank(o, s, kind, c, finder, values, rank, &text, nullptr);
    out << text;
  }
  out << (problems.empty() ? "legality: every tree is a legal order for this op\n"
                           : fmt::format("legality: {} ILLEGAL TREES for a non-commutative op\n", problems.size()));
  for (std::size_t i = 0; i < problems.size() && i < 10; ++i)
    out << fmt::format("  rank {} e{}: {}\n", problems[i].rank, problems[i].element, problems[i].check.evidence);
  if (kind == sim::collective::allreduce) out << identity_text(c, identity);
  if (finder.capped()) out << capped_note << "\n";
}

int run_simulate(const simulate_options& o, std::ostream& out, std::ostream& err) {
  if (o.list) return out << list_algorithms(), int{ok};
  std::string why;
  const auto parsed = policy_from_option(o.policy_text, &why);
  if (!parsed) return err << "redsem simulate: " << why << "\n", int{bad_input};
  const policy semantics = *parsed;
  const auto kind = sim::parse_collective(o.collective);
  if (!kind)
    return err << "redsem simulate: --collective: unknown collective '" << o.collective << "'\n", int{bad_input};
  if (const auto problem = too_large(o)) return err << "redsem simulate: " << *problem << "\n", int{bad_input};
  bool breach = false;
  const auto chosen = o.kernel.empty()
                          ? choose_op(o.op, o.op_file, o.type, semantics, &why)
                          : choose_kernel_op(o.kernel, o.commute, o.type, o.mpi, semantics, "simulate", &why, &breach);
  if (!chosen) return err << "redsem simulate: " << why << "\n", breach ? int{mismatch} : int{bad_input};
  sim::schedule_request req{*kind,   o.algorithm, o.procs, o.root, o.in_place, chosen->op.commutative,
                            o.count, o.segment};
  const sim::schedule_outcome built = sim::build_schedule(req);
  if (!built.value) return err << "redsem simulate: " << built.error << "\n", int{bad_input};
  const sim::schedule& s = *built.value;
  sim::rank_inputs inputs;
  if (const auto problem = make_inputs(o, *chosen, s.request.count, inputs))
    return err << "redsem simulate: " << *problem << "\n", int{bad_input};
  if (!o.json) out << header_text(o, s, *kind, *chosen) << std::flush;  // before the work, which may take a while
  // Each rank's trees are checked, then evaluated: two steps per rank. The bar ends before the
  // report, which goes rank by rank to a stdout that may be the same terminal.
  const auto steps = 2 * static_cast<std::uint64_t>(o.procs);
  progress bar(err, stderr_is_terminal(), fmt::format("simulate --procs {}", o.procs), steps);
  const auto problems = sim::check_schedule(s, [&](int rank) {
    bar.update(static_cast<std::uint64_t>(rank) + 1, steps, fmt::format("checking rank {}'s trees", rank));
  });
  const auto values = sim::run_schedule(s, chosen->op, inputs, [&](int rank) {
    bar.update(static_cast<std::uint64_t>(o.procs + rank) + 1, steps, fmt::format("evaluating rank {}'s trees", rank));
  });
  bar.finish();
  const auto identity =
      *kind == sim::collective::allreduce ? sim::find_rank_identity_break(s, chosen->op, values) : std::nullopt;
  write_report(o, s, *kind, *chosen, inputs, values, problems, identity, out);
  return problems.empty() && !identity ? ok : mismatch;
}

}  // namespace

command add_simulate_command(CLI::App& app) {
  auto o = std::make_shared<simulate_options>();
  CLI::App* cmd = app.add_subcommand("simulate", "Run a collective algorithm's schedule on simulated ranks");
  cmd->add_option("--collective", o->collective,
                  "reduce, allreduce, reduce_scatter, reduce_scatter_block, scan, exscan");
  cmd->add_option("--algorithm", o->algorithm, "The algorithm (--list shows them)");
  add_whole_option(cmd, "--procs", o->procs, {1, max_procs}, "Number of ranks");
  add_op_choice_options(cmd, o->op, o->op_file, o->kernel, o->commute, o->type, o->mpi);
  add_whole_option(cmd, "--root", o->root, {0, max_procs - 1}, "Root rank (MPI_Reduce)");
  cmd->add_flag("--in-place", o->in_place, "MPI_IN_PLACE as sendbuf");
  add_whole_option(cmd, "--count", o->count, {0, max_result_leaves}, "Elements per rank (default: one per rank)");
  add_whole_option(cmd, "--segment", o->segment, {0, max_result_leaves}, "Pipeline segment size in elements");
  cmd->add_option("--values", o->values, "P values (one per rank) or P·count values, rank-major");
  add_whole_option(cmd, "--random", o->seed, {}, "Random inputs from SEED (the default, seed 1)")->type_name("SEED");
  add_policy_option(cmd, o->policy_text);
  add_json_flag(cmd, o->json);
  cmd->add_flag("--list", o->list, "List the collectives and their algorithms");
  cmd->callback([cmd, o] {
    if (o->list) return;
    for (const char* required : {"--collective", "--algorithm", "--procs"})
      if (!cmd->count(required)) throw CLI::ValidationError(std::string(required) + " is required");
    check_op_choice(*cmd, o->kernel, o->mpi);
  });
  return {cmd, [o](std::ostream& out, std::ostream& err) { return run_simulate(*o, out, err); }};
}

}  // namespace redsem::tools
