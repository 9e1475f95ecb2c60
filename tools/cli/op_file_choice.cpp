#include "tools/cli/op_file_choice.h"

namespace redsem::tools {

std::optional<opfile::op_definition> load_op_file(const std::string& file, std::ostream& err) {
  auto loaded = opfile::load_op_path(file);
  if (!loaded.op) err << loaded.error.to_string() << "\n";
  return std::move(loaded.op);
}

std::vector<const opfile::typed_op*> choose_instances(const opfile::op_definition& op, const std::string& type, bool all,
                                                      const std::string& command, const std::string& file,
                                                      std::ostream& err) {
  std::vector<const opfile::typed_op*> chosen;
  if (all) {
    for (const auto& i : op.instances) chosen.push_back(&i);
  } else if (const auto* i = op.instance(type)) {
    chosen.push_back(i);
  } else {
    err << "redsem " << command << ": --type " << type << ": " << file << " has no such type choice\n";
  }
  return chosen;
}

}  // namespace redsem::tools
