/* SPDX-License-Identifier: BSD-3-Clause */
// Rendering the model's tables as text a person reads, JSON a program parses, and HTML.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "model/locals_table.h"
#include "model/validity_table.h"

namespace redsem::tools {

std::string render_text(const std::vector<std::vector<validity_cell>>& table);
std::string render_text(const std::vector<locals_row>& table);
nlohmann::json to_json(const std::vector<std::vector<validity_cell>>& table);
nlohmann::json to_json(const std::vector<locals_row>& table);
nlohmann::json to_json(const outcome& o);

// HTML fragments (a <table> with a caption) for the self-contained verify report.
std::string render_html(const std::vector<std::vector<validity_cell>>& table);
std::string render_html(const std::vector<locals_row>& table);

// Escapes text for HTML.
std::string html_escape(std::string_view text);

}  // namespace redsem::tools
