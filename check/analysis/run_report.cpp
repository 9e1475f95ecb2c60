#include "check/analysis/run_report.h"

#include <fmt/format.h>

#include <algorithm>

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
  s.unreadable = r.unreadable;
  return s;
}

void count_calls(const rank_records& r, run_report& report) {
  if (r.finalize && r.finalize->contains("calls") && (*r.finalize)["calls"].is_object())
    for (const auto& [name, n] : (*r.finalize)["calls"].items())
      if (n.is_number_unsigned() || n.is_number_integer()) report.calls[name] += n.get<std::uint64_t>();
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

run_report analyse_run(const run_records& records, const analysis_options& options) {
  run_report report;
  std::vector<finding> all;
  for (const auto& r : records.ranks) {
    rank_summary s = summarise(r);
    if (r.start && report.built_for.empty()) {
      report.built_for = r.start->value("built_for", "");
      report.library = r.start->value("library", "");
      report.program = r.start->value("program", "");
      report.size = r.start->value("size", 0);
    }
    for (const auto& line : r.lines) {
      const std::string ev = line.value("ev", "");
      if (ev == "finding") {
        all.push_back(finding_from_record(line, r.rank));
        ++s.findings;
      } else if (ev == "reduction") {
        ++report.sampled[line.value("call", "?")];
      }
    }
    count_calls(r, report);
    report.ranks.push_back(std::move(s));
  }
  for (const auto& a : post_run_analyses()) {
    analysis_outcome o = a.run(records, options);
    all.insert(all.end(), o.findings.begin(), o.findings.end());
    report.notes.insert(report.notes.end(), o.notes.begin(), o.notes.end());
  }
  report.findings = merge_findings(all);
  symbolize(report.findings);
  name_user_ops(records, report.findings);
  // A rank of the world that left no file never reached MPI_Init's end.
  for (int rank = 0; rank < report.size; ++rank)
    if (std::none_of(report.ranks.begin(), report.ranks.end(), [&](const auto& s) { return s.rank == rank; }))
      report.notes.push_back(fmt::format("rank {} left no record (it never returned from MPI_Init)", rank));
  return report;
}

}  // namespace redsem::check
