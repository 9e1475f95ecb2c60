// SPDX-License-Identifier: BSD-3-Clause
#include "tools/render/check_render.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "check/analysis/coverage_note.h"
#include "tools/cli/json_document.h"
#include "tools/cli/json_text.h"
#include "tools/render/html_report.h"
#include "tools/render/table_render.h"

namespace redsem::tools {

// "0-3", "0, 2": ascending ranks, runs shortened.
std::string ranks_text(const std::vector<int>& ranks) {
  std::string s;
  for (std::size_t i = 0; i < ranks.size();) {
    std::size_t j = i;
    while (j + 1 < ranks.size() && ranks[j + 1] == ranks[j] + 1) ++j;
    s += (s.empty() ? "" : ", ") + (j == i ? std::to_string(ranks[i]) : fmt::format("{}-{}", ranks[i], ranks[j]));
    i = j + 1;
  }
  return s;
}

// MPICH's version text holds a tab ("MPICH Version:\t4.0.2").
std::string one_line(std::string text) {
  for (char& c : text)
    if (c == '\t') c = ' ';
  return text;
}

std::string rank_word(const std::vector<int>& ranks) { return ranks.size() == 1 ? "rank" : "ranks"; }

std::string merged_text(const check::finding& f) {
  return f.count > 1 ? fmt::format(" ({} alike, merged)", f.count) : "";
}

namespace {

std::size_t ended_early(const check::run_report& report) {
  std::size_t n = 0;
  for (const auto& r : report.ranks) n += r.status != check::rank_status::finished;
  return n;
}
}  // namespace

std::string status_line(const check::run_report& report, const check_run& run) {
  const auto v = check::verdict_of(report, run.program_status);
  std::string s = fmt::format("verdict: {} — {} error(s), {} warning(s)", to_string(v),
                              count_at(report.findings, severity::error), count_at(report.findings, severity::warning));
  if (const auto notes = count_at(report.findings, severity::note)) s += fmt::format(", {} note(s)", notes);
  if (!report.suppressed.empty()) s += fmt::format(", {} suppressed", report.suppressed.size());
  if (const auto early = ended_early(report)) s += fmt::format(", {} rank(s) ended before MPI_Finalize", early);
  if (!report.coverage.not_observed.empty())
    s += fmt::format("; {} part(s) not observed (coverage above)", report.coverage.not_observed.size());
  if (run.program_status != 0)
    s += v == check::verdict::program_failed
             ? fmt::format("; the program failed with status {} and no finding explains it: its status is kept",
                           run.program_status)
             : fmt::format("; the program's own status was {}", run.program_status);
  return s;
}

std::string counts_text(const std::map<std::string, std::uint64_t>& counts) {
  std::string s;
  for (const auto& [name, count] : counts) s += fmt::format(" {} {};", name, count);
  if (!s.empty()) s.back() = '\n';
  return s;
}

std::string depth_text(const check::coverage& c) {
  if (c.sample == "all") return "every call";
  return fmt::format(
      "the first {} calls of each kind and communicator, then those at power-of-two indexes (--sample); the others "
      "got only the checks without communication",
      c.sample.empty() ? "?" : c.sample);
}

namespace {

// `on_host`: the run spanned hosts, so each rank's is said.
std::string rank_line(const check::rank_summary& r, bool on_host) {
  std::string s = fmt::format("  rank {}: {}", r.rank, to_string(r.status));
  if (on_host && !r.host.empty()) s += " on " + r.host;
  if (r.status == check::rank_status::ended_early)
    s += fmt::format(" — {} finding(s) recorded before it ended", r.findings);
  if (!r.unreadable.empty()) s += ": " + r.unreadable;
  if (r.truncated_last_line) s += " (its last line was cut short)";
  if (r.unreadable_lines) s += fmt::format(" ({} unreadable line(s) skipped)", r.unreadable_lines);
  if (r.invalid_lines) s += fmt::format(" ({} damaged line(s) not believed)", r.invalid_lines);
  if (r.cut) s += " (its record " + check::record_cut_text(*r.cut) + ")";
  return s + "\n";
}

}  // namespace

std::string evidence_value_text(const nlohmann::json& value) {
  if (value.is_string()) return value.get<std::string>();
  if (value.is_object() && value.contains("display") && value["display"].is_string())
    return value["display"].get<std::string>();
  if (value.is_array() && !value.empty() &&
      std::all_of(value.begin(), value.end(), [](const auto& v) { return v.is_object() && v.contains("display"); })) {
    std::string s;
    for (const auto& v : value) s += (s.empty() ? "" : ", ") + evidence_value_text(v);
    return "[" + s + "]";
  }
  if (value.is_object() && !value.empty() &&
      std::all_of(value.begin(), value.end(), [](const auto& v) { return v.is_string(); })) {
    std::string s;
    for (const auto& [key, v] : value.items()) s += (s.empty() ? "" : "; ") + key + ": " + v.get<std::string>();
    return s;
  }
  return json_text(value, -1);
}

namespace {

// Members drawn in the HTML report and given whole in the JSON, too long for a line of text.
bool drawn_only(const std::string& key) { return key == "tree_shapes" || key == "results"; }

// One member per line; elements by their display text, anything else as one-line JSON.
std::string evidence_text(const nlohmann::json& evidence) {
  if (!evidence.is_object() || evidence.empty())
    return evidence.empty() ? "" : "  evidence: " + json_text(evidence, -1) + "\n";
  std::string s = "  evidence:\n";
  for (const auto& [key, value] : evidence.items())
    if (!drawn_only(key)) s += fmt::format("    {}: {}\n", key, evidence_value_text(value));
  return s;
}

// Where the finding was made: the call's site, or, for a finding about the program's own load or
// store (its evidence says which `access`), the access's site, since the call named beside it may
// be another rank's or made elsewhere.
std::string site_text(const check::finding& f) {
  const auto access = f.evidence.is_object() ? f.evidence.find("access") : f.evidence.end();
  if (access == f.evidence.end() || !access->is_string() || access->get<std::string>().empty())
    return fmt::format("  call:     {} at {}\n", f.call, f.location);
  return fmt::format("  access:   {} at {}\n  call:     {}\n", access->get<std::string>(), f.location, f.call);
}

std::string finding_text(const check::finding& f, std::size_t n) {
  std::string s = fmt::format("\n{} {}: {} on {} {}{}\n", to_string(f.level), n, f.check, rank_word(f.ranks),
                              ranks_text(f.ranks), merged_text(f));
  s += site_text(f) + fmt::format("  rule:     {}\n  message:  {}\n", f.rule, f.message);
  s += evidence_text(f.evidence);
  for (const auto& o : f.other_ranks)
    if (o.message != f.message) s += fmt::format("  on rank {}: {}\n", o.rank, o.message);
  return s;
}

// The epochs analysed whole, the first 8 kinds, alike ones once with their count: a library's
// lock_all epoch gives one set of calls in flight together per flush, all named alike.
std::string analysed_text(const std::vector<std::string>& analysed) {
  std::vector<check::coverage_note> alike;
  for (const auto& a : analysed) alike.push_back({a});
  const auto kinds = check::merge_notes(std::move(alike));
  std::string s;
  for (std::size_t i = 0; i < kinds.size() && i < 8; ++i) s += (i ? "; " : ": ") + check::note_line(kinds[i]);
  return s + (kinds.size() > 8 ? "; …" : "");
}

std::string coverage_text(const check::coverage& c) {
  std::string s = "coverage:\n";
  if (!c.calls.empty()) s += "  calls intercepted (ranks that finished):" + counts_text(c.calls);
  s += "  checked in depth: " + depth_text(c) + "\n";
  if (!c.sampled.empty()) s += "  reductions recorded for the post-run analyses:" + counts_text(c.sampled);
  if (c.windows) {
    s += fmt::format("  RMA: {} window(s), counted per rank; {} epoch(s) analysed whole{}\n", c.windows,
                     c.rma_analysed.size(), analysed_text(c.rma_analysed));
  }
  if (c.windows || !c.watched.empty()) {
    s += "  memory watched for the program's own accesses:";
    s += c.watched.empty() ? " none\n" : "\n";
    for (const auto& w : c.watched) s += "    " + w + "\n";
  }
  if (!c.not_observed.empty()) s += "  not observed:\n";
  for (const auto& n : c.not_observed) s += "    - " + check::note_line(n) + "\n";
  return s;
}

nlohmann::json finding_json(const check::finding& f) {
  nlohmann::json j{{"check", f.check},       {"severity", to_string(f.level)},
                   {"ranks", f.ranks},       {"call", f.call},
                   {"location", f.location}, {"caller", f.caller},
                   {"rule", f.rule},         {"message", f.message},
                   {"evidence", f.evidence}, {"frames", f.frames.is_array() ? f.frames : nlohmann::json::array()},
                   {"count", f.count}};
  j["other_ranks"] = nlohmann::json::array();
  for (const auto& o : f.other_ranks)
    j["other_ranks"].push_back({{"rank", o.rank}, {"message", o.message}, {"evidence", o.evidence}});
  return j;
}

// --sample as given: N a number, "all" (every call) the word.
nlohmann::json sample_json(const std::string& sample) {
  const bool digits =
      !sample.empty() && sample.size() <= 10 && sample.find_first_not_of("0123456789") == std::string::npos;
  return digits ? nlohmann::json(std::stoull(sample)) : nlohmann::json(sample);
}

// A note merged from `count` instances of one cause, with the first distinct ones.
nlohmann::json note_json(const check::coverage_note& n) {
  return {{"text", n.text},
          {"count", n.count},
          {"unit", n.unit},
          {"examples", n.examples},
          {"more_examples", n.more_examples}};
}

nlohmann::json coverage_json(const check::coverage& c) {
  // not_observed keeps its one line per entry (schema_version 1 readers take strings); the
  // merged notes' parts are a member of their own.
  nlohmann::json not_observed = nlohmann::json::array();
  nlohmann::json detail = nlohmann::json::array();
  for (const auto& n : c.not_observed) {
    not_observed.push_back(check::note_line(n));
    detail.push_back(note_json(n));
  }
  return {{"sample", sample_json(c.sample)},
          {"calls", c.calls},
          {"sampled", c.sampled},
          {"windows", c.windows},
          {"rma_analysed", c.rma_analysed},
          {"watched", c.watched},
          {"not_observed", std::move(not_observed)},
          {"not_observed_detail", std::move(detail)}};
}

}  // namespace

std::string check_header_text(const check::run_identity& who, const std::string& sample,
                              const redsem::policy& semantics) {
  const std::string policy = semantics == redsem::policy{} ? "" : ", policy " + to_string(semantics);
  return fmt::format("redsem check — {} rank(s) of {} under {} (library built for {}), sample {}{}\n", who.size,
                     who.program, one_line(who.library), who.built_for, sample, policy);
}

std::string check_text(const check::run_report& report, const check_run& run) {
  std::string s;
  std::size_t n = 0;
  for (const auto& f : report.findings) s += finding_text(f, ++n);
  s += "\nranks:\n";
  std::set<std::string> hosts;
  for (const auto& r : report.ranks) hosts.insert(r.host);
  for (const auto& r : report.ranks) s += rank_line(r, hosts.size() > 1);
  if (!report.suppressed.empty()) {
    s += fmt::format("suppressed ({} finding(s), --suppressions {}):\n", report.suppressed.size(), run.suppressions);
    for (const auto& f : report.suppressed)
      s += fmt::format("  {} {} on {} {} at {}\n", to_string(f.level), f.check, rank_word(f.ranks), ranks_text(f.ranks),
                       f.location);
  }
  s += coverage_text(report.coverage);
  return s + status_line(report, run) + "\n";
}

nlohmann::json check_json(const check::run_report& report, const check_run& run) {
  const auto v = check::verdict_of(report, run.program_status);
  nlohmann::json j{{"verdict", json_name(v)},
                   {"program_command", run.command},
                   {"mpi", run.mpi},
                   {"library", report.library},
                   {"program", report.program},
                   {"size", report.size},
                   {"sample", sample_json(run.sample)},
                   {"tolerance_ulps", run.tolerance_ulps},
                   {"policy", run.policy},
                   {"program_status", run.program_status},
                   {"errors", count_at(report.findings, severity::error)},
                   {"warnings", count_at(report.findings, severity::warning)},
                   {"notes", count_at(report.findings, severity::note)},
                   {"coverage", coverage_json(report.coverage)}};
  j["findings"] = nlohmann::json::array();
  for (const auto& f : report.findings) j["findings"].push_back(finding_json(f));
  j["suppressed"] = nlohmann::json::array();
  for (const auto& f : report.suppressed) j["suppressed"].push_back(finding_json(f));
  j["ranks"] = nlohmann::json::array();
  for (const auto& r : report.ranks)
    j["ranks"].push_back({{"rank", r.rank},
                          {"status", r.status == check::rank_status::finished      ? "finished"
                                     : r.status == check::rank_status::ended_early ? "ended_early"
                                                                                   : "unreadable"},
                          {"findings", r.findings},
                          {"truncated_last_line", r.truncated_last_line},
                          {"unreadable_lines", r.unreadable_lines},
                          {"invalid_lines", r.invalid_lines}});
  for (std::size_t i = 0; i < report.ranks.size(); ++i) {
    const auto& r = report.ranks[i];
    if (!r.host.empty()) j["ranks"][i]["host"] = r.host;
    if (r.cut)
      j["ranks"][i]["record_cut"] = {{"line", r.cut->line},
                                     {"lines", r.cut->lines},
                                     {"bytes", r.cut->bytes},
                                     {"findings", r.cut->findings},
                                     {"findings_kept", r.cut->findings_kept},
                                     {"share_bytes", r.cut->share},
                                     {"text", check::record_cut_text(*r.cut)}};
  }
  return json_document("check", std::move(j));
}

}  // namespace redsem::tools
