// SPDX-License-Identifier: BSD-3-Clause
#include "tools/render/html_report.h"

#include <fmt/format.h>

#include <stdexcept>

#include "model/output_file.h"
#include "tools/cli/output_file.h"
#include "tools/render/table_render.h"

namespace redsem::tools {
namespace {

constexpr std::string_view style = R"(
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 1200px; color: #222; }
h1 { font-size: 1.6em; } h2 { margin-top: 2em; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; margin: 1em 0; font-size: 0.85em; }
th, td { border: 1px solid #ddd; padding: 2px 6px; text-align: left; vertical-align: top; }
caption { text-align: left; color: #555; padding-bottom: 4px; }
table.grid td { text-align: center; }
td.valid { background: #e6f4e6; } td.rma_only { background: #fff4d6; } td.erroneous { color: #999; }
.pass { color: #176317; font-weight: bold; } .fail { color: #b00020; font-weight: bold; }
#verdict.pass { background: #e6f4e6; padding: 0.5em; } #verdict.fail { background: #fde7ea; padding: 0.5em; }
code, pre { font-family: ui-monospace, monospace; overflow-wrap: anywhere; } pre { background: #f6f6f6; padding: 0.5em; overflow-x: auto; }
svg { max-width: 100%; height: auto; }
figure.disagreement { border: 1px solid #ddd; padding: 0.5em; margin: 1em 0; }
figcaption { font-weight: bold; margin-bottom: 0.5em; }
)";

std::string summary_table(const std::vector<finished_section>& sections) {
  std::string s =
      "<table id=\"summary\"><tr><th>section</th><th>verdict</th><th>mismatches</th><th>seconds</th></tr>\n";
  for (const auto& f : sections) {
    const bool pass = f.report.mismatches.empty();
    s += fmt::format(
        "<tr><td><a href=\"#{}\">{}</a></td><td class=\"{}\">{}</td><td>{}</td><td>{:.1f}</td></tr>\n",
        f.section->id, html_escape(f.section->title), pass ? "pass" : "fail", pass ? "as expected" : "MISMATCH",
        f.report.mismatches.size(), f.seconds);
  }
  return s + "</table>\n";
}

}  // namespace

std::string render_html_report(const std::vector<finished_section>& sections, const verify_options& options) {
  std::size_t mismatches = 0;
  for (const auto& f : sections) mismatches += f.report.mismatches.size();
  std::string s = fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>redsem verify</title>"
      "<style>{}</style></head>\n<body>\n<h1>redsem verify</h1>\n<p>Policy <code>{}</code>{}</p>\n",
      style, html_escape(to_string(options.semantics)), options.quick ? " · quick run" : "");
  s += fmt::format("<p id=\"verdict\" class=\"{}\">{}</p>\n", mismatches == 0 ? "pass" : "fail",
                   mismatches == 0 ? std::string("Every verdict as expected.")
                                   : fmt::format("{} verdicts differ from the catalogue's expectations.", mismatches));
  s += summary_table(sections);
  for (const auto& f : sections) {
    s += fmt::format("<section id=\"{}\">\n<h2>{}</h2>\n", f.section->id, html_escape(f.section->title));
    if (!f.report.mismatches.empty()) {
      s += "<ul class=\"fail\">";
      for (const auto& m : f.report.mismatches) s += "<li>" + html_escape(m) + "</li>";
      s += "</ul>\n";
    }
    s += f.report.html + "</section>\n";
  }
  return s + "</body></html>\n";
}

std::filesystem::path write_html_report(const std::filesystem::path& dir, const std::vector<finished_section>& sections,
                                        const verify_options& options) {
  return write_index_html(dir, render_html_report(sections, options));
}

std::string_view report_style() { return style; }

std::filesystem::path write_index_html(const std::filesystem::path& dir, const std::string& page) {
  if (const auto problem = create_output_directory(dir)) throw std::runtime_error(*problem);
  const auto path = dir / "index.html";
  if (const auto problem = write_output_file(path, page)) throw std::runtime_error(*problem);
  return path;
}

}  // namespace redsem::tools
