// SPDX-License-Identifier: BSD-3-Clause
#include "tools/cli/json_text.h"

namespace redsem::tools {

std::string json_text(const nlohmann::json& j, int indent) {
  return j.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace redsem::tools

namespace redsem::tools {

json_object_stream::json_object_stream(std::ostream& out) : out_(out) { out_ << "{"; }

void json_object_stream::key(const std::string& k) {
  out_ << (first_member_ ? "\n  " : ",\n  ") << json_text(k, -1) << ": ";
  first_member_ = false;
}

void json_object_stream::member(const std::string& k, const nlohmann::json& value) {
  key(k);
  out_ << json_text(value, -1);
}

void json_object_stream::begin_array(const std::string& k) {
  key(k);
  out_ << "[";
  first_item_ = true;
}

void json_object_stream::item(const nlohmann::json& value) {
  out_ << (first_item_ ? "\n    " : ",\n    ") << json_text(value, -1);
  first_item_ = false;
}

void json_object_stream::end_array() { out_ << (first_item_ ? "]" : "\n  ]"); }

void json_object_stream::finish() { out_ << "\n}\n"; }

}  // namespace redsem::tools
