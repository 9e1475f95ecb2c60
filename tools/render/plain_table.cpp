// SPDX-License-Identifier: BSD-3-Clause
#include "tools/render/plain_table.h"

#include <fmt/format.h>

#include <algorithm>

#include "tools/render/table_render.h"

namespace redsem::tools {
namespace {

// Display width in code points, so "∘" and "§" count once.
std::size_t width(const std::string& s) {
  return static_cast<std::size_t>(std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

}  // namespace

std::string render_text(const plain_table& t) {
  std::vector<std::size_t> widths(t.header.size(), 0);
  auto widen = [&](const std::vector<std::string>& row) {
    for (std::size_t i = 0; i < row.size() && i < widths.size(); ++i) widths[i] = std::max(widths[i], width(row[i]));
  };
  widen(t.header);
  for (const auto& r : t.rows) widen(r);
  auto line = [&](const std::vector<std::string>& row) {
    std::string s;
    for (std::size_t i = 0; i < row.size(); ++i) {
      s += row[i];
      if (i + 1 < row.size()) s += std::string(widths[i] - width(row[i]) + 2, ' ');
    }
    return s + "\n";
  };
  std::string s = t.caption.empty() ? "" : t.caption + "\n\n";
  s += line(t.header);
  for (const auto& r : t.rows) s += line(r);
  return s;
}

std::string render_html(const plain_table& t) {
  std::string s = "<table>";
  if (!t.caption.empty()) s += "<caption>" + html_escape(t.caption) + "</caption>";
  s += "<thead><tr>";
  for (const auto& h : t.header) s += "<th>" + html_escape(h) + "</th>";
  s += "</tr></thead><tbody>\n";
  for (const auto& r : t.rows) {
    s += "<tr>";
    for (const auto& c : r) s += "<td>" + html_escape(c) + "</td>";
    s += "</tr>\n";
  }
  return s + "</tbody></table>\n";
}

nlohmann::json to_json(const plain_table& t) {
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& r : t.rows) {
    nlohmann::json row = nlohmann::json::object();
    for (std::size_t i = 0; i < r.size() && i < t.header.size(); ++i) row[t.header[i]] = r[i];
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace redsem::tools
