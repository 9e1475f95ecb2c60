// SPDX-License-Identifier: BSD-3-Clause
#include "check/analysis/run_report.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "check/analysis/record_fields.h"
#include "check/analysis/symbolize.h"
#include "check/analysis/user_op_names.h"

namespace redsem::check {
namespace {

rank_summary summarise(const rank_records& r) {
  rank_summary s;
  s.rank = r.rank;
  s.status = !r.unreadable.empty() ? rank_status::unreadable
             : r.finalize          ? rank_status::finished
                                   : rank_status::ended_early;
  s.truncated_last_line = r.truncated_last_line;
  s.unreadable_lines = r.unreadable_lines;
  s.invalid_lines = r.invalid_lines + r.oversized_lines;
  s.unreadable = r.unreadable;
  s.cut = r.cut;
  if (r.start) s.host = text_of(*r.start, "host");
  return s;
}

}  // namespace

std::string_view to_string(rank_status s) {
  switch (s) {
    case rank_status::finished:
      return "finished";
    case rank_status::ended_early:
      return "ended before MPI_Finalize (crashed or killed)";
    case rank_status::unreadable:
      return "record unreadable";
  }
  return "";
}

run_identity identify_run(const run_records& records) {
  run_identity who;
  for (const auto& r : records.ranks)  // a start line that does not say what it was built for is passed over
    if (r.start && who.built_for.empty())
      who = {text_of(*r.start, "built_for"), text_of(*r.start, "library"), text_of(*r.start, "program"),
             static_cast<int>(int_of(*r.start, "size"))};
  return who;
}

run_report analyse_run(const run_records& records, const analysis_options& options, const analysis_progress& on_step) {
  const auto analyses = post_run_analyses();
  const std::size_t steps = analyses.size() + 2;  // the ranks' own findings, each analysis, the symbols
  const auto step = [&](std::size_t done, std::string_view what) {
    if (on_step) on_step(done, steps, what);
  };
  run_report report;
  const run_identity who = identify_run(records);
  report.built_for = who.built_for;
  report.library = who.library;
  report.program = who.program;
  report.size = who.size;
  std::vector<finding> all;
  step(0, "the ranks' findings");
  for (const auto& r : records.ranks) {
    rank_summary s = summarise(r);
    for (const auto& line : r.lines)
      if (line["ev"] == "finding") all.push_back(finding_from_record(line, r.rank));
    s.findings = r.findings_seen;
    report.ranks.push_back(std::move(s));
  }
  report.coverage = record_coverage(records, report.size, options.command);
  for (std::size_t i = 0; i < analyses.size(); ++i) {
    step(i + 1, analyses[i].name);
    analysis_outcome o = analyses[i].run(records, options);
    all.insert(all.end(), o.findings.begin(), o.findings.end());
    auto& c = report.coverage;
    c.not_observed.insert(c.not_observed.end(), o.notes.begin(), o.notes.end());
    c.rma_analysed.insert(c.rma_analysed.end(), o.analysed.begin(), o.analysed.end());
  }
  report.coverage.not_observed = merge_notes(std::move(report.coverage.not_observed));
  step(steps - 1, "source locations");
  report.findings = merge_findings(all);
  symbolize(report.findings);
  name_user_ops(records, report.findings);
  step(steps, "done");
  return report;
}

void apply_suppressions(run_report& report, const std::vector<suppression>& list) {
  std::vector<finding> kept;
  for (auto& f : report.findings) {
    const bool covered = std::any_of(list.begin(), list.end(), [&](const auto& s) { return suppresses(s, f); });
    (covered ? report.suppressed : kept).push_back(std::move(f));
  }
  report.findings = std::move(kept);
}

std::size_t count_at(const std::vector<finding>& findings, severity level) {
  return static_cast<std::size_t>(
      std::count_if(findings.begin(), findings.end(), [&](const auto& f) { return f.level == level; }));
}

verdict verdict_of(const run_report& report, int program_status) {
  if (count_at(report.findings, severity::error)) return verdict::errors;
  if (program_status != 0) return verdict::program_failed;
  if (count_at(report.findings, severity::warning)) return verdict::warnings;
  return report.coverage.not_observed.empty() ? verdict::clean : verdict::clean_partial;
}

std::string_view to_string(verdict v) {
  constexpr std::array<std::string_view, 5> names{"errors", "program failed", "warnings", "clean (partial)", "clean"};
  return names[static_cast<std::size_t>(v)];
}

std::string_view json_name(verdict v) {
  constexpr std::array<std::string_view, 5> names{"errors", "program_failed", "warnings", "clean_partial", "clean"};
  return names[static_cast<std::size_t>(v)];
}

}  // namespace redsem::check
