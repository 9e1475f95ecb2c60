// `redsem simulate`: one collective algorithm run symbolically on P ranks — every rank's
// result tree per element, its value, whether each tree is a legal order for the op, whether
// an Allreduce gives identical results everywhere, and which other results MPI would allow.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "sim/order_results.h"
#include "sim/schedule.h"
#include "sim/simulate.h"
#include "tools/command.h"
#include "tools/sim_inputs.h"

namespace redsem::tools {
namespace {

struct simulate_options {
  std::string collective, algorithm, op, op_file, type, values, policy_text;
  int procs = 0, root = 0, count = 0, segment = 0;
  bool in_place = false, json = false, list = false;
  std::uint64_t seed = 1;
};

// The other results legal orders of the same ranks give (small P only: it is a full search).
struct alternatives {
  bool searched = false;
  std::vector<sim::element> values;
};
alternatives legal_alternatives(const chosen_op& c, const std::vector<int>& ranks, const sim::rank_inputs& inputs,
                                int element) {
  alternatives a;
  if (ranks.empty() || ranks.size() > (c.op.commutative ? 10u : 14u)) return a;
  std::vector<sim::element> column;
  for (int r : ranks) column.push_back(inputs[static_cast<std::size_t>(r)][static_cast<std::size_t>(element)]);
  const auto found = sim::all_order_results(c.op, column, c.typed);
  a.searched = found.complete;
  for (const auto& d : found.results) a.values.push_back(d.value);
  return a;
}

std::string list_algorithms() {
  std::string s;
  for (sim::collective c : sim::all_collectives) {
    s += std::string(sim::to_string(c)) + ":\n";
    for (const auto& a : sim::algorithms_of(c)) s += fmt::format("  {:<20} {}\n", a.name, a.origin);
  }
  return s;
}

int run_simulate(const simulate_options& o, std::ostream& out, std::ostream& err) {
  if (o.list) return out << list_algorithms(), int{ok};
  policy semantics;
  std::string why;
  if (!o.policy_text.empty()) {
    const auto parsed = parse_policy(o.policy_text, &why);
    if (!parsed) return err << "redsem simulate: --policy: " << why << "\n", int{bad_input};
    semantics = *parsed;
  }
  const auto kind = sim::parse_collective(o.collective);
  if (!kind) return err << "redsem simulate: --collective: unknown collective '" << o.collective << "'\n", int{bad_input};
  const auto chosen = choose_op(o.op, o.op_file, o.type, semantics, &why);
  if (!chosen) return err << "redsem simulate: " << why << "\n", int{bad_input};
  sim::schedule_request req{*kind, o.algorithm, o.procs, o.root, o.in_place, chosen->op.commutative, o.count, o.segment};
  const sim::schedule_outcome built = sim::build_schedule(req);
  if (!built.value) return err << "redsem simulate: " << built.error << "\n", int{bad_input};
  const sim::schedule& s = *built.value;
  const int count = s.request.count;

  // inputs[rank][k]: P values give every element of a rank that value; P·count values are rank-major.
  sim::rank_inputs inputs(static_cast<std::size_t>(o.procs));
  std::vector<sim::element> flat;
  if (!o.values.empty()) {
    const auto parsed = parse_values(o.values, *chosen, &why);
    if (!parsed) return err << "redsem simulate: " << why << "\n", int{bad_input};
    flat = *parsed;
    if (flat.size() != static_cast<std::size_t>(o.procs) && flat.size() != static_cast<std::size_t>(o.procs * count))
      return err << fmt::format("redsem simulate: --values gives {} elements; give {} (one per rank) or {} (count per rank)\n",
                                flat.size(), o.procs, o.procs * count),
             int{bad_input};
  } else {
    flat = random_values(static_cast<std::size_t>(o.procs * count), *chosen, o.seed);
  }
  for (int r = 0; r < o.procs; ++r)
    for (int k = 0; k < count; ++k)
      inputs[static_cast<std::size_t>(r)].push_back(
          flat.size() == static_cast<std::size_t>(o.procs) ? flat[static_cast<std::size_t>(r)]
                                                           : flat[static_cast<std::size_t>(r * count + k)]);

  const auto problems = sim::check_schedule(s);
  const auto values = sim::run_schedule(s, chosen->op, inputs);
  const auto identity = *kind == sim::collective::allreduce ? sim::find_rank_identity_break(s, chosen->op, values)
                                                             : std::nullopt;
  const bool pass = problems.empty() && !identity;

  nlohmann::json j{{"collective", std::string(sim::to_string(*kind))}, {"algorithm", s.request.algorithm},
                   {"procs", o.procs}, {"root", o.root}, {"in_place", o.in_place}, {"count", count},
                   {"op", chosen->description}, {"commutative", chosen->op.commutative}, {"ranks", nlohmann::json::array()}};
  std::string text = fmt::format("redsem simulate — {} / {} on {} ranks{}, {} ({}), count {}\n", sim::to_string(*kind),
                                 s.request.algorithm, o.procs,
                                 *kind == sim::collective::reduce ? fmt::format(", root {}", o.root) : "",
                                 chosen->description, chosen->op.commutative ? "commutative" : "non-commutative", count);
  for (int rank = 0; rank < o.procs; ++rank) {
    const auto& res = s.ranks[static_cast<std::size_t>(rank)];
    nlohmann::json rj{{"rank", rank}, {"note", res.note}, {"elements", nlohmann::json::array()}};
    text += fmt::format("rank {}:{}\n", rank, res.note.empty() ? "" : " " + res.note);
    for (std::size_t i = 0; i < res.trees.size(); ++i) {
      const int k = res.element_index[i];
      const sim::element& v = values[static_cast<std::size_t>(rank)].values[i];
      const auto alt = legal_alternatives(*chosen, sim::required_ranks(*kind, rank, o.procs), inputs, k);
      nlohmann::json ej{{"element", k}, {"tree", sim::to_string(res.trees[i])}, {"value", format_value(chosen->op.type, v)}};
      std::string others;
      if (alt.searched) {
        ej["legal_results"] = nlohmann::json::array();
        for (const auto& a : alt.values) {
          ej["legal_results"].push_back(format_value(chosen->op.type, a));
          if (a != v) others += (others.empty() ? "" : ", ") + format_value(chosen->op.type, a);
        }
      }
      text += fmt::format("  e{} = {}  tree {}\n", k, format_value(chosen->op.type, v), sim::to_string(res.trees[i]));
      if (alt.searched && alt.values.size() > 1)
        text += fmt::format("       {} legal results for these ranks; the others: {}\n", alt.values.size(), others);
      rj["elements"].push_back(ej);
    }
    j["ranks"].push_back(rj);
  }
  j["problems"] = nlohmann::json::array();
  text += problems.empty() ? "legality: every tree is a legal order for this op\n"
                           : fmt::format("legality: {} ILLEGAL TREES for a non-commutative op\n", problems.size());
  for (const auto& p : problems) {
    j["problems"].push_back({{"rank", p.rank}, {"element", p.element}, {"evidence", p.check.evidence}});
    if (j["problems"].size() <= 10) text += fmt::format("  rank {} e{}: {}\n", p.rank, p.element, p.check.evidence);
  }
  if (*kind == sim::collective::allreduce) {
    if (identity) {
      j["rank_identity"] = {{"identical", false}, {"element", identity->element_at},
                            {"rank_a", identity->rank_a}, {"value_a", format_value(chosen->op.type, identity->value_a)},
                            {"tree_a", sim::to_string(identity->tree_a)}, {"rank_b", identity->rank_b},
                            {"value_b", format_value(chosen->op.type, identity->value_b)},
                            {"tree_b", sim::to_string(identity->tree_b)}};
      text += fmt::format(
          "rank identity: BROKEN (MPI-4.1 §7.9.6 requires identical results): e{} is {} at rank {} by {} but {} at rank {} by {}\n",
          identity->element_at, format_value(chosen->op.type, identity->value_a), identity->rank_a,
          sim::to_string(identity->tree_a), format_value(chosen->op.type, identity->value_b), identity->rank_b,
          sim::to_string(identity->tree_b));
    } else {
      j["rank_identity"] = {{"identical", true}};
      text += "rank identity: every rank holds identical results (MPI-4.1 §7.9.6)\n";
    }
  }
  j["verdict"] = pass ? "pass" : "fail";
  out << (o.json ? j.dump(2) + "\n" : text);
  return pass ? ok : mismatch;
}

}  // namespace

command add_simulate_command(CLI::App& app) {
  auto o = std::make_shared<simulate_options>();
  CLI::App* cmd = app.add_subcommand("simulate", "Run a collective algorithm's schedule on simulated ranks");
  cmd->add_option("--collective", o->collective, "reduce, allreduce, reduce_scatter, reduce_scatter_block, scan, exscan");
  cmd->add_option("--algorithm", o->algorithm, "The algorithm (--list shows them)");
  cmd->add_option("--procs", o->procs, "Number of ranks");
  cmd->add_option("--op", o->op, "A predefined op (MPI_SUM, …) or segscan (MPI-4.1 §7.11.3's example)");
  cmd->add_option("--op-file", o->op_file, "An op definition file")->type_name("FILE");
  cmd->add_option("--type", o->type, "Datatype (MPI_FLOAT, MPI_INT, …)");
  cmd->add_option("--root", o->root, "Root rank (MPI_Reduce)");
  cmd->add_flag("--in-place", o->in_place, "MPI_IN_PLACE as sendbuf");
  cmd->add_option("--count", o->count, "Elements per rank (default: one per rank)");
  cmd->add_option("--segment", o->segment, "Pipeline segment size in elements");
  cmd->add_option("--values", o->values, "P values (one per rank) or P·count values, rank-major");
  cmd->add_option("--random", o->seed, "Random inputs from SEED (the default, seed 1)")->type_name("SEED");
  cmd->add_option("--policy", o->policy_text, "Semantics policy, key=value[,key=value…]")->type_name("POLICY");
  cmd->add_flag("--json", o->json, "Print one JSON document instead of text");
  cmd->add_flag("--list", o->list, "List the collectives and their algorithms");
  cmd->callback([cmd, o] {
    if (o->list) return;
    for (const char* required : {"--collective", "--algorithm", "--procs"})
      if (!cmd->count(required)) throw CLI::ValidationError(std::string(required) + " is required");
    if (cmd->count("--op") + cmd->count("--op-file") != 1) throw CLI::ValidationError("give exactly one of --op, --op-file");
    if (cmd->count("--values") && cmd->count("--random")) throw CLI::ValidationError("give --values or --random, not both");
  });
  return {cmd, [o](std::ostream& out, std::ostream& err) { return run_simulate(*o, out, err); }};
}

}  // namespace redsem::tools
