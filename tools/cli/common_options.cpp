#include "tools/cli/common_options.h"

namespace redsem::tools {

namespace {
const std::string spelling = "; MPI names are case-insensitive, MPI_ optional";
}

CLI::Option* add_json_flag(CLI::App* cmd, bool& json, const std::string& help) {
  return cmd->add_flag("--json", json, help);
}

CLI::Option* add_op_option(CLI::App* cmd, std::string& name, const std::string& what) {
  return cmd->add_option("--op", name, what + spelling)->type_name("OP");
}

CLI::Option* add_type_option(CLI::App* cmd, std::string& name, const std::string& what) {
  return cmd->add_option("--type", name, what + spelling)->type_name("TYPE");
}

std::optional<op_id> op_from_option(const std::string& name, std::string* error) {
  const auto op = parse_op(name);
  if (!op) *error = "--op: unknown op '" + name + "' (an MPI predefined op such as MPI_SUM or sum)";
  return op;
}

std::optional<basic_type> type_from_option(const std::string& name, std::string* error) {
  const auto type = parse_basic_type(name);
  if (!type) *error = "--type: unknown type '" + name + "' (an MPI predefined datatype such as MPI_INT32_T or int32_t)";
  return type;
}

}  // namespace redsem::tools
