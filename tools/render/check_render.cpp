#include "tools/render/check_render.h"

#include <fmt/format.h>

#include "tools/cli/json_text.h"
#include "tools/render/html_report.h"
#include "tools/render/table_render.h"

namespace redsem::tools {
namespace {

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

std::size_t ended_early(const check::run_report& report) {
  std::size_t n = 0;
  for (const auto& r : report.ranks) n += r.status != check::rank_status::finished;
  return n;
}

std::string status_line(const check::run_report& report, const check_run& run) {
  std::string s = fmt::format("verdict: {} — {} finding(s)", check_verdict(report, run), report.findings.size());
  if (const auto early = ended_early(report)) s += fmt::format(", {} rank(s) ended before MPI_Finalize", early);
  if (run.program_status != 0)
    s += report.findings.empty()
             ? fmt::format("; the program failed with status {} and no finding explains it: its status is kept",
                           run.program_status)
             : fmt::format("; the program's own status was {}", run.program_status);
  return s;
}

std::string rank_line(const check::rank_summary& r) {
  std::string s = fmt::format("  rank {}: {}", r.rank, to_string(r.status));
  if (r.status == check::rank_status::ended_early)
    s += fmt::format(" — {} finding(s) recorded before it ended", r.findings);
  if (!r.unreadable.empty()) s += ": " + r.unreadable;
  if (r.truncated_last_line) s += " (its last line was cut short)";
  if (r.unreadable_lines) s += fmt::format(" ({} unreadable line(s) skipped)", r.unreadable_lines);
  return s + "\n";
}

// One member per line; strings as they are, everything else as one-line JSON.
std::string evidence_text(const nlohmann::json& evidence) {
  if (!evidence.is_object() || evidence.empty())
    return evidence.empty() ? "" : "  evidence: " + json_text(evidence, -1) + "\n";
  std::string s = "  evidence:\n";
  for (const auto& [key, value] : evidence.items())
    s += fmt::format("    {}: {}\n", key, value.is_string() ? value.get<std::string>() : json_text(value, -1));
  return s;
}

nlohmann::json finding_json(const check::finding& f) {
  return {{"check", f.check},   {"ranks", f.ranks}, {"call", f.call},       {"location", f.location},
          {"caller", f.caller}, {"rule", f.rule},   {"message", f.message}, {"evidence", f.evidence}};
}

std::string html_finding(const check::finding& f, std::size_t n) {
  return fmt::format(
      "<section class=\"finding\"><h2>{}. {}</h2>\n<table><tr><th>{}</th><td>{}</td></tr><tr><th>call</th><td><code>{}"
      "</code> at "
      "<code>{}</code></td></tr><tr><th>rule</th><td>{}</td></tr><tr><th>message</th><td>{}</td></tr></table>\n"
      "<pre>{}</pre></section>\n",
      n, html_escape(f.check), rank_word(f.ranks), html_escape(ranks_text(f.ranks)), html_escape(f.call),
      html_escape(f.location), html_escape(f.rule), html_escape(f.message), html_escape(json_text(f.evidence)));
}

}  // namespace

std::string check_verdict(const check::run_report& report, const check_run& run) {
  if (!report.findings.empty()) return "findings";
  return run.program_status == 0 ? "clean" : "program failed";
}

std::string check_text(const check::run_report& report, const check_run& run) {
  std::string s = fmt::format("redsem check — {} rank(s) of {} under {} (library built for {}), sample {}\n",
                              report.size, report.program, one_line(report.library), report.built_for, run.sample);
  std::size_t n = 0;
  for (const auto& f : report.findings) {
    s += fmt::format("\nfinding {}: {} on {} {}\n", ++n, f.check, rank_word(f.ranks), ranks_text(f.ranks));
    s += fmt::format("  call:     {} at {}\n  rule:     {}\n  message:  {}\n", f.call, f.location, f.rule, f.message);
    s += evidence_text(f.evidence);
  }
  s += "\nranks:\n";
  for (const auto& r : report.ranks) s += rank_line(r);
  if (!report.calls.empty()) {
    s += "calls intercepted (ranks that finished):";
    for (const auto& [name, count] : report.calls) s += fmt::format(" {} {};", name, count);
    s.back() = '\n';
  }
  if (!report.sampled.empty()) {
    s += "reductions sampled for the post-run analyses:";
    for (const auto& [name, count] : report.sampled) s += fmt::format(" {} {};", name, count);
    s.back() = '\n';
  }
  for (const auto& note : report.notes) s += "note: " + note + "\n";
  return s + status_line(report, run) + "\n";
}

nlohmann::json check_json(const check::run_report& report, const check_run& run) {
  nlohmann::json j{{"verdict", check_verdict(report, run)},
                   {"command", run.command},
                   {"mpi", run.mpi},
                   {"library", report.library},
                   {"program", report.program},
                   {"size", report.size},
                   {"sample", run.sample},
                   {"tolerance_ulps", run.tolerance_ulps},
                   {"policy", run.policy},
                   {"program_status", run.program_status},
                   {"calls", report.calls},
                   {"sampled", report.sampled},
                   {"notes", report.notes}};
  j["findings"] = nlohmann::json::array();
  for (const auto& f : report.findings) j["findings"].push_back(finding_json(f));
  j["ranks"] = nlohmann::json::array();
  for (const auto& r : report.ranks)
    j["ranks"].push_back({{"rank", r.rank},
                          {"status", r.status == check::rank_status::finished      ? "finished"
                                     : r.status == check::rank_status::ended_early ? "ended_early"
                                                                                   : "unreadable"},
                          {"findings", r.findings},
                          {"truncated_last_line", r.truncated_last_line},
                          {"unreadable_lines", r.unreadable_lines}});
  return j;
}

std::filesystem::path write_check_html(const std::filesystem::path& dir, const check::run_report& report,
                                       const check_run& run) {
  const bool pass = report.findings.empty() && run.program_status == 0;
  std::string s = fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>redsem check</title>"
      "<style>{}</style></head>\n<body>\n<h1>redsem check</h1>\n<p><code>{}</code> — {} rank(s) under {}, sample "
      "{}</p>\n",
      report_style(), html_escape(run.command), report.size, html_escape(one_line(report.library)),
      html_escape(run.sample));
  s += fmt::format("<p id=\"verdict\" class=\"{}\">{}</p>\n", pass ? "pass" : "fail",
                   html_escape(status_line(report, run)));
  std::size_t n = 0;
  for (const auto& f : report.findings) s += html_finding(f, ++n);
  s += "<h2>Ranks</h2>\n<table id=\"ranks\"><tr><th>rank</th><th>status</th><th>findings recorded</th></tr>\n";
  for (const auto& r : report.ranks)
    s += fmt::format("<tr><td>{}</td><td class=\"{}\">{}</td><td>{}</td></tr>\n", r.rank,
                     r.status == check::rank_status::finished ? "pass" : "fail", html_escape(to_string(r.status)),
                     r.findings);
  s += "</table>\n";
  if (!report.notes.empty()) {
    s += "<ul>";
    for (const auto& note : report.notes) s += "<li>" + html_escape(note) + "</li>";
    s += "</ul>\n";
  }
  return write_index_html(dir, s + "</body></html>\n");
}

}  // namespace redsem::tools
