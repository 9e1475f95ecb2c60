#include "tools/cli/policy_option.h"

namespace redsem::tools {

CLI::Option* add_policy_option(CLI::App* cmd, std::string& text) {
  return cmd->add_option("--policy", text, "Semantics policy, key=value[,key=value…] (see README)")
      ->type_name("POLICY");
}

std::optional<policy> policy_from_option(const std::string& text, std::string* error) {
  if (text.empty()) return policy{};
  std::string why;
  auto parsed = parse_policy(text, &why);
  if (!parsed) *error = "--policy: " + why;
  return parsed;
}

}  // namespace redsem::tools
