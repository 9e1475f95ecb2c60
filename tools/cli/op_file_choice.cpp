// SPDX-License-Identifier: BSD-3-Clause
#include "tools/cli/op_file_choice.h"

#include "tools/cli/suggest.h"

namespace redsem::tools {

std::optional<opfile::op_definition> load_op_file(const std::string& file, std::ostream& err) {
  auto loaded = opfile::load_op_path(file);
  if (!loaded.op) err << loaded.error.to_string() << "\n";
  return std::move(loaded.op);
}

const opfile::typed_op* choose_instance(const opfile::op_definition& op, const std::string& type,
                                        const std::string& file, std::string* error) {
  const auto* instance = op.instance(type);
  if (!instance) {
    // The choices as `--type` takes them: "int32" of "T=int32".
    std::vector<std::string> choices;
    for (const auto& i : op.instances) choices.push_back(i.instance.substr(i.instance.find('=') + 1));
    *error = "--type " + type + ": " + file + " has no such type choice" + did_you_mean(type, choices);
  }
  return instance;
}

std::vector<const opfile::typed_op*> choose_instances(const opfile::op_definition& op, const std::string& type, bool all,
                                                      const std::string& command, const std::string& file,
                                                      std::ostream& err) {
  std::vector<const opfile::typed_op*> chosen;
  if (all) {
    for (const auto& i : op.instances) chosen.push_back(&i);
  } else {
    std::string why;
    if (const auto* i = choose_instance(op, type, file, &why))
      chosen.push_back(i);
    else
      err << "redsem " << command << ": " << why << "\n";
  }
  return chosen;
}

}  // namespace redsem::tools
