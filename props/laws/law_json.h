/* SPDX-License-Identifier: BSD-3-Clause */
// Law verdicts as JSON, for `redsem laws --json` and the proof cache (which reads them back).
#pragma once

#include <nlohmann/json.hpp>

#include "props/laws/law.h"

namespace redsem::laws {

nlohmann::json to_json(const law_result& r);
// Throws nlohmann::json::exception on a malformed document.
law_result law_result_from_json(const nlohmann::json& j);

}  // namespace redsem::laws
