// SPDX-License-Identifier: BSD-3-Clause
// `redsem check --html DIR`: one self-contained page (inline style and SVG, as verify's), one row
// per finding coloured by its severity, with its call stack and the source lines around each
// frame where the file can be read, its evidence, and for a float result that depends on the
// evaluation order the two trees that disagree (drawn as `verify --html` draws them) beside the
// histogram of every legal result with the library's own marked; then the ranks, the coverage
// and the verdict.
#include <fmt/format.h>

#include "check/analysis/float_order.h"
#include "model/element_json.h"
#include "model/input_file.h"
#include "tools/render/check_render.h"
#include "tools/render/html_report.h"
#include "tools/render/order_svg.h"
#include "tools/render/table_render.h"

namespace redsem::tools {
namespace {

constexpr std::string_view check_style = R"(
table#findings { width: 100%; }
tr.finding.error td.severity { background: #b00020; color: #fff; }
tr.finding.warning td.severity { background: #e6a700; color: #000; }
tr.finding.note td.severity { background: #1e63b5; color: #fff; }
tr.finding.error { background: #fde7ea; } tr.finding.warning { background: #fff4d6; } tr.finding.note { background: #e8f0fb; }
ol.stack { margin: 0.3em 0; padding-left: 1.5em; }
pre.source { margin: 0.2em 0 0.6em; padding: 0.3em; font-size: 0.85em; }
pre.source mark { background: #ffe08a; display: inline-block; width: 100%; }
figure.orders { border: 1px solid #ddd; padding: 0.5em; margin: 0.5em 0; }
.partial { color: #8a5a00; font-weight: bold; } #verdict.partial { background: #fff4d6; padding: 0.5em; }
)";

// The page's looks for the verdict and each rank: pass, fail, and partial for what was not seen
// whole (a verdict that its coverage leaves partial, a rank whose record the reader's memory bound
// cut), so that nothing partial looks like a rank or a run read whole.
std::string_view verdict_class(check::verdict v) {
  switch (v) {
    case check::verdict::errors:
    case check::verdict::program_failed:
      return "fail";
    case check::verdict::clean_partial:
      return "partial";
    case check::verdict::warnings:
    case check::verdict::clean:
      return "pass";
  }
  return "fail";
}

std::string_view rank_class(const check::rank_summary& r) {
  if (r.status != check::rank_status::finished) return "fail";
  return r.cut ? "partial" : "pass";
}

constexpr int source_context = 2;  // lines shown on each side of a frame's line

// The lines around `line` of `file`, the line itself marked; empty when the file cannot be read
// (a relative path from another directory, a file that is gone) or is shorter.
std::string source_lines(const std::string& file, int line) {
  if (file.empty() || line <= 0) return "";
  const input_file read = read_input_file(file, std::size_t{1} << 22);
  if (!read.text) return "";
  std::string s;
  int n = 0;
  std::size_t start = 0;
  while (start <= read.text->size() && n < line + source_context) {
    const auto end = std::min(read.text->find('\n', start), read.text->size());
    if (++n >= line - source_context) {
      const std::string text = fmt::format("{:>5}  {}", n, read.text->substr(start, end - start));
      s += (n == line ? "<mark>" + html_escape(text) + "</mark>" : html_escape(text)) + "\n";
    }
    start = end + 1;
  }
  return n < line ? "" : "<pre class=\"source\">" + s + "</pre>";
}

std::string stack_html(const check::finding& f) {
  if (!f.frames.is_array() || f.frames.empty())
    return "<p>at <code>" + html_escape(f.location.empty() ? "unknown caller" : f.location) + "</code></p>";
  std::string s = "<ol class=\"stack\">";
  for (const auto& frame : f.frames) {
    const std::string where = frame.value("location", std::string("unknown caller"));
    s += "<li><code>" + html_escape(where) + "</code>";
    if (frame.contains("file") && frame["line"].is_number_integer())
      s += source_lines(frame.value("file", std::string()), frame["line"].get<int>());
    s += "</li>";
  }
  return s + "</ol>\n";
}

std::string evidence_html(const nlohmann::json& evidence) {
  if (!evidence.is_object() || evidence.empty()) return "";
  std::string s = "<table class=\"evidence\">";
  for (const auto& [key, value] : evidence.items())
    if (key != "tree_shapes" && key != "results")
      s += "<tr><th>" + html_escape(key) + "</th><td><code>" + html_escape(evidence_value_text(value)) +
           "</code></td></tr>";
  return s + "</table>\n";
}

// The bars of the evidence's `results`, and the library's result as the mark.
std::vector<histogram_bar> result_bars(const nlohmann::json& results, const datatype& type) {
  std::vector<histogram_bar> bars;
  const std::string unit = results.value("unit", std::string("trees"));
  if (!results.contains("list") || !results["list"].is_array()) return bars;
  for (const auto& r : results["list"]) {
    const auto bytes = element_from_json(type, r.value("value", nlohmann::json()));
    if (!bytes || !r.contains("weight") || !r["weight"].is_number()) continue;
    const double weight = r["weight"].get<double>();
    bars.push_back(
        {scalar_as_double(*bytes), weight, fmt::format("{}: {} {}", evidence_value_text(r["value"]), weight, unit)});
  }
  return bars;
}

// The trees of the smallest and the largest result, each node with its value, and the histogram
// of the legal results with the library's marked; empty when the evidence is not of that shape.
std::string order_figure(const check::finding& f, const policy& p, std::string* why) {
  const auto& e = f.evidence;
  const auto op = parse_op(e.value("op", std::string()));
  const auto type = parse_basic_type(e.value("type", std::string()));
  if (!op || !type || !e.contains("contributions") || !e.contains("tree_shapes")) return "";
  const datatype dt = datatype::predefined(*type);
  std::vector<sim::element> inputs;
  for (const auto& c : e["contributions"]) {
    auto bytes = element_from_json(dt, c);
    if (!bytes) return "";
    inputs.push_back(std::move(*bytes));
  }
  const element_op eop = predefined_element_op(*op, *type, p);
  std::vector<pictured_tree> trees;
  for (const char* end : {"smallest", "largest"}) {
    auto t = check::tree_from_shape(e["tree_shapes"].value(end, nlohmann::json()));
    if (!t || !sim::check_tree(t, sim::rank_range(0, static_cast<int>(inputs.size()) - 1), eop.commutative).legal())
      return "";
    trees.push_back({fmt::format("{} = {}", end, evidence_value_text(e.value(end, nlohmann::json()))), t});
  }
  const auto drawn = trees_svg(trees, eop, inputs, why);
  if (!drawn) return "";
  std::optional<histogram_mark> mark;
  if (const auto mine = element_from_json(dt, e.value("library_result", nlohmann::json())))
    mark = histogram_mark{scalar_as_double(*mine), "this run: " + evidence_value_text(e["library_result"])};
  const auto bars = result_bars(e.value("results", nlohmann::json::object()), dt);
  std::string svg = side_by_side(
      {*drawn, histogram_svg(bars, fmt::format("legal results of {} on {}", to_string(*op), to_string(*type)), mark)});
  if (svg.starts_with("<?xml")) svg.erase(0, svg.find("?>") + 2);
  return fmt::format(
      "<figure class=\"orders\"><figcaption>Two legal evaluation orders of element {} and every "
      "legal result</figcaption>{}</figure>\n",
      e.value("element", 0), svg);
}

std::string finding_rows(const check::finding& f, std::size_t n, const policy& p) {
  const std::string level(to_string(f.level));
  std::string s = fmt::format(
      "<tr class=\"finding {}\" id=\"finding-{}\"><td>{}</td><td class=\"severity\">{}</td><td><code>{}</code></td>"
      "<td><code>{}</code></td><td>{} {}{}</td><td><code>{}</code></td><td>{}</td></tr>\n",
      level, n, n, level, html_escape(f.check), html_escape(f.call), rank_word(f.ranks),
      html_escape(ranks_text(f.ranks)), html_escape(merged_text(f)), html_escape(f.location), html_escape(f.message));
  std::string why;
  const std::string figure = order_figure(f, p, &why);
  s += fmt::format("<tr class=\"detail\"><td></td><td colspan=\"6\"><p>Rule: {}</p>\n{}{}{}{}", html_escape(f.rule),
                   stack_html(f), evidence_html(f.evidence), figure,
                   why.empty() ? "" : "<p>no picture: " + html_escape(why) + "</p>\n");
  for (const auto& o : f.other_ranks)
    if (o.message != f.message) s += fmt::format("<p>On rank {}: {}</p>\n", o.rank, html_escape(o.message));
  return s + "</td></tr>\n";
}

std::string html_list(const std::vector<std::string>& items) {
  std::string s = "<ul>";
  for (const auto& i : items) s += "<li>" + html_escape(i) + "</li>";
  return s + "</ul>\n";
}

std::string html_coverage(const check::run_report& report) {
  const auto& c = report.coverage;
  std::string s = "<section id=\"coverage-section\"><h2>Coverage</h2>\n<table id=\"coverage\">";
  s += "<tr><th>calls intercepted</th><td>" + html_escape(counts_text(c.calls)) + "</td></tr>";
  s += "<tr><th>checked in depth</th><td>" + html_escape(depth_text(c)) + "</td></tr>";
  s += "<tr><th>reductions sampled</th><td>" + html_escape(counts_text(c.sampled)) + "</td></tr>";
  s += fmt::format("<tr><th>RMA epochs analysed whole</th><td>{} ({} window(s), counted per rank)</td></tr>",
                   c.rma_analysed.size(), c.windows);
  s += "<tr><th>memory watched</th><td>" + (c.watched.empty() ? std::string("none") : html_list(c.watched)) +
       "</td></tr></table>\n";
  std::vector<std::string> not_observed;
  for (const auto& n : c.not_observed) not_observed.push_back(check::note_line(n));
  if (!not_observed.empty()) s += "<h3>Not observed</h3>\n" + html_list(not_observed);
  if (!report.suppressed.empty()) {
    std::vector<std::string> lines;
    for (const auto& f : report.suppressed) lines.push_back(f.check + " at " + f.location + ": " + f.message);
    s += fmt::format("<h3>{} suppressed</h3>\n", report.suppressed.size()) + html_list(lines);
  }
  return s + "</section>\n";
}

std::string ranks_html(const check::run_report& report) {
  std::string s =
      "<h2>Ranks</h2>\n<table id=\"ranks\"><tr><th>rank</th><th>status</th><th>findings recorded</th></tr>\n";
  for (const auto& r : report.ranks)
    s += fmt::format("<tr><td>{}</td><td class=\"{}\">{}</td><td>{}</td></tr>\n", r.rank, rank_class(r),
                     html_escape(std::string(to_string(r.status)) +
                                 (r.cut ? " (its record " + check::record_cut_text(*r.cut) + ")" : "")),
                     r.findings);
  return s + "</table>\n";
}

}  // namespace

std::filesystem::path write_check_html(const std::filesystem::path& dir, const check::run_report& report,
                                       const check_run& run) {
  const auto v = check::verdict_of(report, run.program_status);
  std::string s = fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>redsem check</title>"
      "<style>{}{}</style></head>\n<body>\n<h1>redsem check</h1>\n<p><code>{}</code> — {} rank(s) under {}, sample "
      "{}, policy <code>{}</code></p>\n",
      report_style(), check_style, html_escape(run.command), report.size, html_escape(one_line(report.library)),
      html_escape(run.sample), html_escape(run.policy));
  s += fmt::format("<p id=\"verdict\" class=\"{}\" data-verdict=\"{}\">{}</p>\n", verdict_class(v), json_name(v),
                   html_escape(status_line(report, run)));
  s += fmt::format("<h2>{} finding(s)</h2>\n", report.findings.size());
  if (!report.findings.empty()) {
    s += "<table id=\"findings\"><tr><th>#</th><th>severity</th><th>check</th><th>call</th><th>ranks</th>"
         "<th>where</th><th>message</th></tr>\n";
    std::size_t n = 0;
    for (const auto& f : report.findings) s += finding_rows(f, ++n, run.semantics);
    s += "</table>\n";
  }
  s += ranks_html(report) + html_coverage(report);
  return write_index_html(dir, s + "</body></html>\n");
}

}  // namespace redsem::tools
