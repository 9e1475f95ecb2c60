// SPDX-License-Identifier: BSD-3-Clause
#include "tools/render/table_render.h"

#include <fmt/format.h>

namespace redsem::tools {
namespace {

std::string_view short_name(op_id op) { return to_string(op).substr(4); }

std::string_view symbol(cell_verdict v) {
  switch (v) {
    case cell_verdict::valid: return "Y";
    case cell_verdict::rma_only: return "R";
    case cell_verdict::erroneous: return "-";
  }
  return "?";
}

std::string_view verdict_name(cell_verdict v) {
  switch (v) {
    case cell_verdict::valid: return "valid";
    case cell_verdict::rma_only: return "rma_only";
    case cell_verdict::erroneous: return "erroneous";
  }
  return "?";
}

}  // namespace

std::string render_text(const std::vector<std::vector<validity_cell>>& table) {
  std::string s = "Op × datatype validity (MPI-4.1 §7.9.2–7.9.4), as MPI_Reduce_local in the model decides it\n";
  s += "  Y valid in reductions and accumulates · R accumulates only (§13.3.4) · - erroneous\n\n";
  s += fmt::format("{:<28} {:<17}", "datatype", "group");
  for (std::size_t o = 0; o < op_count; ++o) s += fmt::format(" {:>7}", short_name(static_cast<op_id>(o)));
  s += "\n";
  for (const auto& row : table) {
    s += fmt::format("{:<28} {:<17}", to_string(row.front().type), to_string(group_of(row.front().type)));
    for (const auto& cell : row) s += fmt::format(" {:>7}", symbol(cell.verdict));
    s += "\n";
  }
  return s;
}

std::string render_text(const std::vector<locals_row>& table) {
  std::string s =
      "MPI_Reduce_locals in-place and aliasing rules (mpi-issues #530), run in the model\n"
      "  op a∘b = 10a+b (not commutative) on MPI_INT; on entry X = 1, Y = 2, A = 3\n\n";
  s += fmt::format("{:<50} {:<46} {:<20} {}\n", "call", "proposal", "model", "verdict");
  for (const auto& r : table) {
    const std::string got = r.result.is_done() ? fmt::format("A = {}", *r.value)
                                                : std::string(describe(r.result.broken_rule()).name);
    s += fmt::format("{:<50} {:<46} {:<20} {}\n", r.call, r.expected, got,
                     r.verdict == row_verdict::agrees ? "agrees" : "DISAGREES");
    if (!r.result.is_done())
      s += fmt::format("{:<50} {}\n", "", fmt::format("  {} ({})", r.result.evidence(),
                                                       describe(r.result.broken_rule()).section));
  }
  return s;
}

nlohmann::json to_json(const outcome& o) {
  if (o.is_done()) return {{"status", "done"}};
  const rule_info& i = describe(o.broken_rule());
  return {{"status", "erroneous"}, {"rule", i.name}, {"section", i.section}, {"text", i.text}, {"evidence", o.evidence()}};
}

nlohmann::json to_json(const std::vector<std::vector<validity_cell>>& table) {
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& row : table) {
    nlohmann::json ops = nlohmann::json::object();
    for (const auto& cell : row) {
      nlohmann::json c{{"verdict", verdict_name(cell.verdict)}};
      if (cell.reason) c["rule"] = describe(*cell.reason).name;
      ops[std::string(to_string(cell.op))] = c;
    }
    rows.push_back({{"type", to_string(row.front().type)}, {"group", to_string(group_of(row.front().type))}, {"ops", ops}});
  }
  return rows;
}

nlohmann::json to_json(const std::vector<locals_row>& table) {
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& r : table) {
    nlohmann::json j{{"call", r.call}, {"expected", r.expected}, {"outcome", to_json(r.result)},
                     {"verdict", r.verdict == row_verdict::agrees ? "agrees" : "disagrees"}};
    if (r.value) j["A"] = *r.value;
    rows.push_back(j);
  }
  return rows;
}

std::string html_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string render_html(const std::vector<std::vector<validity_cell>>& table) {
  std::string s = "<table class=\"grid\" id=\"validity-table\"><caption>Y valid in reductions and accumulates · "
                  "R accumulates only (§13.3.4) · – erroneous</caption>\n<tr><th>datatype</th><th>group</th>";
  for (std::size_t o = 0; o < op_count; ++o) s += fmt::format("<th>{}</th>", short_name(static_cast<op_id>(o)));
  s += "</tr>\n";
  for (const auto& row : table) {
    s += fmt::format("<tr><th>{}</th><td>{}</td>", to_string(row.front().type), to_string(group_of(row.front().type)));
    for (const auto& cell : row) {
      const std::string title = cell.reason ? std::string(describe(*cell.reason).name) : std::string(verdict_name(cell.verdict));
      s += fmt::format("<td class=\"{}\" title=\"{}\">{}</td>", verdict_name(cell.verdict), html_escape(title),
                       symbol(cell.verdict));
    }
    s += "</tr>\n";
  }
  return s + "</table>\n";
}

std::string render_html(const std::vector<locals_row>& table) {
  std::string s = "<table class=\"rows\" id=\"reduce-locals-table\"><caption>op a∘b = 10a+b (not commutative) on "
                  "MPI_INT; on entry X = 1, Y = 2, A = 3</caption>\n"
                  "<tr><th>call</th><th>proposal</th><th>model</th><th>verdict</th></tr>\n";
  for (const auto& r : table) {
    const std::string got =
        r.result.is_done() ? fmt::format("A = {}", *r.value)
                           : fmt::format("{} ({}): {}", describe(r.result.broken_rule()).name,
                                         describe(r.result.broken_rule()).section, r.result.evidence());
    const bool agrees = r.verdict == row_verdict::agrees;
    s += fmt::format("<tr><td><code>{}</code></td><td>{}</td><td>{}</td><td class=\"{}\">{}</td></tr>\n",
                     html_escape(r.call), html_escape(r.expected), html_escape(got), agrees ? "pass" : "fail",
                     agrees ? "agrees" : "DISAGREES");
  }
  return s + "</table>\n";
}

}  // namespace redsem::tools
