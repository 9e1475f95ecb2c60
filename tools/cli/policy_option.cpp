// SPDX-License-Identifier: BSD-3-Clause
#include "tools/cli/policy_option.h"

#include <algorithm>
#include <string_view>

#include "tools/cli/suggest.h"

namespace redsem::tools {
namespace {

// "; did you mean …?" for the first key=value item of `text` whose key or (named) value
// parse_policy does not know; "" when it knows them all or none is near.
std::string policy_suggestion(std::string_view text) {
  const auto keys = policy_keys();
  while (!text.empty()) {
    const std::size_t comma = text.find(',');
    const std::string_view item = text.substr(0, comma);
    text = comma == std::string_view::npos ? std::string_view{} : text.substr(comma + 1);
    const std::size_t eq = item.find('=');
    if (eq == std::string_view::npos) continue;
    const std::string_view key = item.substr(0, eq), value = item.substr(eq + 1);
    if (std::find(keys.begin(), keys.end(), key) == keys.end()) return did_you_mean(key, keys);
    const auto choices = policy_choices(key);
    if (!choices.empty() && std::find(choices.begin(), choices.end(), value) == choices.end())
      return did_you_mean(value, choices);
  }
  return "";
}

}  // namespace

CLI::Option* add_policy_option(CLI::App* cmd, std::string& text) {
  return cmd->add_option("--policy", text, "Semantics policy, key=value[,key=value…] (see redsem(1))")
      ->type_name("POLICY");
}

std::optional<policy> policy_from_option(const std::string& text, std::string* error) {
  if (text.empty()) return policy{};
  std::string why;
  auto parsed = parse_policy(text, &why);
  if (!parsed) *error = "--policy: " + why + policy_suggestion(text);
  return parsed;
}

}  // namespace redsem::tools
