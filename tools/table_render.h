// Rendering the model's tables as text a person reads and JSON a program parses.
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

}  // namespace redsem::tools
