/* SPDX-License-Identifier: BSD-3-Clause */
// The self-contained HTML report of `redsem verify --html DIR`: one index.html with inline
// style and inline SVG, so it can be mailed, archived or opened from a CI artefact as it is.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "tools/verify/verify_section.h"

namespace redsem::tools {

struct finished_section {
  const verify_section* section;
  section_report report;
  double seconds;
};

// The whole page.
std::string render_html_report(const std::vector<finished_section>& sections, const verify_options& options);

// Writes DIR/index.html (creating DIR) and returns its path; throws std::runtime_error with the
// reason when the directory or file cannot be written.
std::filesystem::path write_html_report(const std::filesystem::path& dir, const std::vector<finished_section>& sections,
                                        const verify_options& options);

// The reports' shared style sheet (`redsem check --html` uses it too).
std::string_view report_style();

// Writes `page` to DIR/index.html (creating DIR); throws std::runtime_error with the reason.
std::filesystem::path write_index_html(const std::filesystem::path& dir, const std::string& page);

}  // namespace redsem::tools
