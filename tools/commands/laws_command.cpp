// SPDX-License-Identifier: BSD-3-Clause
// `redsem laws`: which laws (associativity, commutativity, identity, idempotence, absorbing)
// each predefined op has on each type, proved or refuted with a counterexample replayed in the
// model. The logic lives in props/laws; this file parses and renders.
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <nlohmann/json.hpp>

#include "model/opfile/concrete_op.h"
#include "props/laws/element_parse.h"
#include "props/laws/law_json.h"
#include "props/laws/law_table.h"
#include "props/laws/opfile_prove.h"
#include "props/laws/opfile_table.h"
#include "props/laws/proof_cache.h"
#include "props/laws/prove.h"
#include "tools/cli/command.h"
#include "tools/cli/common_options.h"
#include "tools/cli/json_document.h"
#include "tools/cli/json_text.h"
#include "tools/cli/number_options.h"
#include "tools/cli/op_file_choice.h"
#include "tools/cli/policy_option.h"
#include "tools/cli/progress.h"
#include "tools/commands/opcheck.h"
#include "tools/render/law_cell.h"

namespace redsem::tools {
namespace {

struct options {
  std::string op, type, policy_text, cache_dir, element, op_file;
  std::vector<std::string> laws;
  double timeout_seconds = 10;
  unsigned jobs = 2;
  bool json = false, no_cache = false, details = false;
};

void render_details(std::ostream& out, const laws::table_entry& e, const std::vector<laws::law>& which) {
  for (std::size_t i = 0; i < which.size(); ++i) {
    const auto& r = e.results[i];
    out << fmt::format("  {} {}: {} — {}\n", to_string(e.op), to_string(which[i]), to_string(r.outcome), r.reason);
    if (r.element) out << "    element: " << r.element->text << "\n";
    if (!r.example) continue;
    for (const auto& [name, v] : r.example->inputs) out << "    " << name << " = " << v.text << "\n";
    out << "    " << r.example->lhs_expression << " = " << r.example->lhs.text << "\n";
    out << "    " << r.example->rhs_expression << " = " << r.example->rhs.text << "\n";
  }
}

void render_text(std::ostream& out, const std::vector<laws::table_entry>& table, const laws::table_request& r,
                 bool details, double seconds) {
  out << "redsem laws — policy " << to_string(r.semantics) << "\n\n";
  // Columns as wide as their widest cell (an identity cell names its element).
  std::vector<std::size_t> width;
  for (laws::law l : r.which) width.push_back(to_string(l).size());
  for (const auto& e : table)
    for (std::size_t i = 0; i < e.results.size(); ++i) width[i] = std::max(width[i], law_cell(e.results[i]).size());
  std::string header = fmt::format("{:<12} {:<28}", "op", "type");
  for (std::size_t i = 0; i < r.which.size(); ++i) header += fmt::format(" {:<{}}", to_string(r.which[i]), width[i]);
  while (!header.empty() && header.back() == ' ') header.pop_back();
  out << header << "\n";
  std::size_t unknown = 0;
  for (const auto& e : table) {
    std::string line = fmt::format("{:<12} {:<28}", to_string(e.op), to_string(e.type));
    for (std::size_t i = 0; i < e.results.size(); ++i) {
      line += fmt::format(" {:<{}}", law_cell(e.results[i]), width[i]);
      unknown += e.results[i].outcome == laws::verdict::unknown;
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out << line << "\n";
    if (details) render_details(out, e, r.which);
  }
  out << fmt::format("\n{} pairs, {} unknown, {:.1f} s\n", table.size(), unknown, seconds);
}

// One (op, type) entry of the JSON array, the same for predefined ops and op files.
nlohmann::json entry_json(std::string_view op, std::string_view type, const laws::table_request& r,
                          const std::vector<laws::law_result>& results) {
  nlohmann::json laws_json = nlohmann::json::object();
  for (std::size_t i = 0; i < r.which.size(); ++i)
    laws_json[std::string(to_string(r.which[i]))] = laws::to_json(results[i]);
  return {{"op", op}, {"type", type}, {"policy", to_string(r.semantics)}, {"laws", laws_json}};
}

// The document: the policy and one entry per (op, type) (or per type choice of an op file).
nlohmann::json laws_document(const laws::table_request& r, nlohmann::json entries) {
  return json_document("laws", {{"policy", to_string(r.semantics)}, {"entries", std::move(entries)}});
}

nlohmann::json render_json(const std::vector<laws::table_entry>& table, const laws::table_request& r) {
  nlohmann::json all = nlohmann::json::array();
  for (const auto& e : table) all.push_back(entry_json(to_string(e.op), to_string(e.type), r, e.results));
  return laws_document(r, std::move(all));
}

// Fills the request from the options; an error message on bad input.
std::optional<std::string> build_request(const options& o, laws::table_request& r) {
  std::string bad_name;
  if (!o.op.empty() && !(r.op = op_from_option(o.op, &bad_name))) return bad_name;
  if (!o.type.empty() && !(r.type = type_from_option(o.type, &bad_name))) return bad_name;
  {
    std::string why;
    const auto p = policy_from_option(o.policy_text, &why);
    if (!p) return why;
    r.semantics = *p;
  }
  if (!o.laws.empty()) {
    r.which.clear();
    for (const auto& name : o.laws) {
      const auto l = laws::parse_law(name);
      if (!l) return "unknown law '" + name + "' (associativity, commutativity, identity, idempotence, absorbing)";
      r.which.push_back(*l);
    }
  }
  r.options.timeout_ms = static_cast<unsigned>(o.timeout_seconds * 1000);
  r.threads = o.jobs;
  if (r.op && r.type && !op_allows(*r.op, *r.type))
    return std::string(to_string(*r.op)) + " is not defined on " + std::string(to_string(*r.type)) +
           " (MPI-4.1 §7.9.2)";
  if (laws::selected_pairs(r).empty()) return "no legal (op, type) pair matches the selection";
  if (!o.element.empty()) {
    if (!r.op || !r.type) return "--element needs --op and --type";
    if (o.laws.empty()) r.which = {laws::law::identity};
    for (laws::law l : r.which)
      if (l != laws::law::identity && l != laws::law::absorbing)
        return "--element applies to --law identity or absorbing";
  }
  return std::nullopt;
}

// The table for one declared element: is it an identity (absorbing element) of the pair?
std::optional<std::string> declared_element_table(const options& o, const laws::table_request& r,
                                                  std::vector<laws::table_entry>& table) {
  std::string why;
  const auto element = laws::parse_element(datatype::predefined(*r.type), o.element, &why);
  if (!element) return "--element: " + why;
  laws::table_entry entry{*r.op, *r.type, {}};
  for (laws::law l : r.which)
    entry.results.push_back(laws::prove_predefined_element(*r.op, *r.type, l, *element, r.semantics, r.options));
  table.push_back(std::move(entry));
  return std::nullopt;
}

// A declared element is a claim the user makes (the identity an MPI_Op_create call relies on, say):
// exit 1 unless it is proved, so a script can act on it. An unknown leaves the claim unestablished.
int declared_element_status(const std::vector<laws::table_entry>& table) {
  for (const auto& entry : table)
    for (const auto& result : entry.results)
      if (result.outcome != laws::verdict::proved) return int{mismatch};
  return int{ok};
}

// The proof cache the options ask for: none with --no-cache, when no directory is found or when
// the directory is not the user's alone (each said on err); false after saying why --cache-dir
// cannot hold it.
bool open_cache(const options& o, std::optional<laws::proof_cache>& cache, std::ostream& err) {
  if (o.no_cache) return true;
  if (!o.cache_dir.empty()) {
    if (auto why = laws::proof_cache::unusable(o.cache_dir)) {
      err << "redsem laws: --cache-dir " << o.cache_dir << ": " << *why << "\n";
      return false;
    }
  }
  const auto dir =
      o.cache_dir.empty() ? laws::proof_cache::default_dir() : std::optional(std::filesystem::path(o.cache_dir));
  if (dir)
    cache = laws::proof_cache::open(*dir, err, "redsem laws");
  else
    err << "redsem laws: " << laws::no_cache_dir_note << "\n";
  return true;
}

// `laws --op-file F --json`: each chosen type choice of the op file (every one without --type)
// as one entry of the predefined table's JSON, its laws decided by the same engine.
int op_file_json(const options& o, std::ostream& out, std::ostream& err) {
  laws::table_request r;
  options predefined_part = o;  // what --op-file shares with the predefined table: policy, laws, timeout
  predefined_part.op = predefined_part.type = predefined_part.element = "";
  if (auto problem = build_request(predefined_part, r)) {
    err << "redsem laws: " << *problem << "\n";
    return bad_input;
  }
  if (!o.op.empty() || !o.element.empty()) {
    err << "redsem laws: --op-file takes neither --op nor --element (the file is the op; its identity is declared in "
           "it)\n";
    return bad_input;
  }
  std::optional<laws::proof_cache> cache;
  if (!open_cache(o, cache, err)) return bad_input;
  const auto loaded = load_op_file(o.op_file, err);
  if (!loaded) return bad_input;
  const auto chosen = choose_instances(*loaded, o.type, o.type.empty(), "laws", o.op_file, err);
  if (chosen.empty()) return bad_input;
  nlohmann::json all = nlohmann::json::array();
  for (const auto* instance : chosen) {
    const opfile::concrete_op op(*instance, r.semantics);
    std::mt19937_64 rng(r.options.random_seed);
    if (laws::opfile_candidates(op, rng).empty())
      if (const auto concrete = laws::check_laws(op); concrete.empty_domain) {
        err << "redsem laws: " << o.op_file << ": " << laws::empty_domain_message(concrete) << "\n";
        return bad_input;
      }
    const auto row = laws::opfile_law_row(op, r.which, r.options, cache ? &*cache : nullptr);
    all.push_back(entry_json(instance->name, instance->instance, r, row));
  }
  out << json_text(laws_document(r, std::move(all))) << "\n";
  return ok;
}

}  // namespace

command add_laws_command(CLI::App& app) {
  auto opts = std::make_shared<options>();
  CLI::App* cmd = app.add_subcommand("laws", "Prove or refute the algebraic laws of the predefined ops (Z3)");
  cmd->add_option("--op-file", opts->op_file,
                  "Laws of an op definition file instead (docs/op-files.md); --type picks its type choice")
      ->type_name("FILE");
  add_op_option(cmd, opts->op, "Only this op");
  add_type_option(cmd, opts->type, "Only this type");
  cmd->add_option("--law", opts->laws, "Only these laws (repeatable)");
  cmd->add_option(
         "--element", opts->element,
         "Check this declared identity/absorbing element, e.g. -0.0, '[0x80000000]', '(1.5, 3)'; exit 1 unless proved")
      ->type_name("VALUE");
  add_policy_option(cmd, opts->policy_text);
  add_seconds_option(cmd, "--timeout", opts->timeout_seconds, 3600,
                     "Solver work per query, in seconds of a current core (default 10; see redsem-laws(1))");
  add_whole_option(cmd, "--jobs", opts->jobs, {1, 64}, "Proofs run in parallel (default 2)");
  add_json_flag(cmd, opts->json, "Print one JSON document: the policy and one entry per (op, type)");
  cmd->add_flag("--details", opts->details, "Text: every verdict's reason and counterexample");
  cmd->add_flag("--no-cache", opts->no_cache, "Neither read nor write the proof cache");
  cmd->add_option("--cache-dir", opts->cache_dir, "Proof cache directory (default $XDG_CACHE_HOME/redsem)")
      ->type_name("DIR");
  return {cmd, [opts](std::ostream& out, std::ostream& err) {
            if (!opts->op_file.empty() && opts->json) return op_file_json(*opts, out, err);
            if (!opts->op_file.empty()) {  // the op file's table, concrete search then Z3
              opcheck_request q;
              q.file = opts->op_file;
              q.type = opts->type;
              q.json = opts->json;
              q.prove = true;
              q.timeout_ms = static_cast<unsigned>(opts->timeout_seconds * 1000);
              q.policy_text = opts->policy_text;
              return run_opcheck(q, out, err);
            }
            laws::table_request r;
            if (auto problem = build_request(*opts, r)) {
              err << "redsem laws: " << *problem << "\n";
              return int{bad_input};
            }
            std::optional<laws::proof_cache> cache;
            if (!open_cache(*opts, cache, err)) return int{bad_input};
            r.cache = cache ? &*cache : nullptr;
            const auto started = std::chrono::steady_clock::now();
            std::vector<laws::table_entry> table;
            if (!opts->element.empty()) {
              if (auto problem = declared_element_table(*opts, r, table)) {
                err << "redsem laws: " << *problem << "\n";
                return int{bad_input};
              }
            } else {
              progress bar(err, stderr_is_terminal(), "laws");
              table =
                  laws::law_table(r, [&](std::size_t done, std::size_t total) { bar.update(done, total, "proofs"); });
            }
            const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
            if (opts->json)
              out << json_text(render_json(table, r)) << "\n";
            else
              render_text(out, table, r, opts->details || (r.op && r.type), seconds);
            return opts->element.empty() ? int{ok} : declared_element_status(table);
          }};
}

}  // namespace redsem::tools
