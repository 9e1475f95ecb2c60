// SPDX-License-Identifier: BSD-3-Clause
#include "tools/cli/json_document.h"

namespace redsem::tools {

nlohmann::json json_document(std::string_view command, nlohmann::json body) {
  body["schema_version"] = json_schema_version;
  body["command"] = std::string(command);
  return body;
}

}  // namespace redsem::tools
