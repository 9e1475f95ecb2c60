/* SPDX-License-Identifier: BSD-3-Clause */
// The one way redsem turns JSON into text. A path, a scenario line or an op name the user gave
// may hold bytes that are not UTF-8; nlohmann's default dump throws on them (type_error 316),
// so every document is dumped here, with such bytes replaced by U+FFFD.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>
#include <string>

namespace redsem::tools {

// `indent` as nlohmann's dump: -1 for one line, otherwise spaces per level.
std::string json_text(const nlohmann::json& j, int indent = 2);

}  // namespace redsem::tools

namespace redsem::tools {

// One JSON object written member by member, so that a long array (a rank's results) goes out
// as it is made instead of being held whole. Members and items are dumped by json_text.
class json_object_stream {
 public:
  explicit json_object_stream(std::ostream& out);
  void member(const std::string& key, const nlohmann::json& value);
  void begin_array(const std::string& key);
  void item(const nlohmann::json& value);
  void end_array();
  void finish();

 private:
  void key(const std::string& k);
  std::ostream& out_;
  bool first_member_ = true, first_item_ = true;
};

}  // namespace redsem::tools
