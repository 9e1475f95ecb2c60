/* SPDX-License-Identifier: BSD-3-Clause */
// Law verdicts as JSON, for `redsem laws --json` (docs/schemas/laws.schema.json) and the proof
// cache (which reads them back). A value is an element object (model/element_json.h): numbers
// beside their bits and the text the report shows.
#pragma once

#include <nlohmann/json.hpp>

#include "model/typemap.h"
#include "props/laws/law.h"

namespace redsem::laws {

nlohmann::json to_json(const law_result& r);
// The values read back as elements of `type`. Throws nlohmann::json::exception on a malformed
// document.
law_result law_result_from_json(const nlohmann::json& j, const datatype& type);

}  // namespace redsem::laws
