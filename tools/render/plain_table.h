/* SPDX-License-Identifier: BSD-3-Clause */
// A table of text cells, the shape most verify sections report in: rendered for people
// (aligned text, an HTML <table>) and for programs (JSON objects keyed by the header).
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace redsem::tools {

struct plain_table {
  std::string caption;                         // one line above the table
  std::vector<std::string> header;             // column names; JSON keys
  std::vector<std::vector<std::string>> rows;  // each as long as header
};

std::string render_text(const plain_table& t);
std::string render_html(const plain_table& t);
nlohmann::json to_json(const plain_table& t);  // [{header[0]: cell, …}, …]

}  // namespace redsem::tools
