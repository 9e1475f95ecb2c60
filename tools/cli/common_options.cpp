// SPDX-License-Identifier: BSD-3-Clause
#include "tools/cli/common_options.h"

#include <algorithm>

#include "tools/cli/suggest.h"

namespace redsem::tools {

namespace {
const std::string spelling = "; MPI names are case-insensitive, MPI_ optional";

// The name without an "MPI_" prefix (in any case), as the parsers read it.
std::string_view without_mpi(std::string_view name) {
  if (name.size() > 4 && (name.substr(0, 4) == "MPI_" || name.substr(0, 4) == "mpi_")) name.remove_prefix(4);
  return name;
}

// "; did you mean 'MPI_X'?" comparing the names as the parsers do, without the MPI_ prefix;
// `also` is one more name to compare with, as it is.
template <std::size_t N, class Name>
std::string nearest_mpi_name(const std::string& typed, Name name_of, const std::string& also = "") {
  std::vector<std::string> bare;
  for (std::size_t i = 0; i < N; ++i) bare.emplace_back(without_mpi(name_of(i)));
  if (!also.empty()) bare.push_back(also);
  const auto best = closest_word(without_mpi(typed), bare);
  if (!best) return "";
  const auto at = static_cast<std::size_t>(std::find(bare.begin(), bare.end(), *best) - bare.begin());
  return "; did you mean '" + (at < N ? std::string(name_of(at)) : also) + "'?";
}

}  // namespace

CLI::Option* add_json_flag(CLI::App* cmd, bool& json, const std::string& help) {
  CLI::Option* flag = cmd->add_flag("--json", json, help);
  add_json_file_option(cmd, json);
  return flag;
}

CLI::Option* add_json_file_option(CLI::App* cmd, bool& json) {
  return cmd
      ->add_option_function<std::string>(
          "--json-file", [&json](const std::string&) { json = true; },
          "Write the JSON document of --json to FILE instead of stdout")
      ->type_name("FILE");
}

CLI::Option* add_op_option(CLI::App* cmd, std::string& name, const std::string& what) {
  return cmd->add_option("--op", name, what + spelling)->type_name("OP");
}

CLI::Option* add_type_option(CLI::App* cmd, std::string& name, const std::string& what) {
  return cmd->add_option("--type", name, what + spelling)->type_name("TYPE");
}

std::optional<op_id> op_from_option(const std::string& name, std::string* error, const std::string& alternative) {
  const auto op = parse_op(name);
  if (!op)
    *error = "--op: unknown op '" + name + "' (an MPI predefined op such as MPI_SUM or sum)" +
             (alternative.empty() ? "" : "; or " + alternative) +
             nearest_mpi_name<op_count>(
                 name, [](std::size_t i) { return to_string(static_cast<op_id>(i)); },
                 alternative.substr(0, alternative.find(' ')));
  return op;
}

std::optional<basic_type> type_from_option(const std::string& name, std::string* error) {
  const auto type = parse_basic_type(name);
  if (!type)
    *error = "--type: unknown type '" + name + "' (an MPI predefined datatype such as MPI_INT32_T or int32_t)" +
             nearest_mpi_name<basic_type_count>(name, [](std::size_t i) { return type_table[i].name; });
  return type;
}

}  // namespace redsem::tools
