// SPDX-License-Identifier: BSD-3-Clause
// `redsem completion bash`: prints the bash completion script (tools/cli/completion.h). Hidden
// from --help: packaging installs its output, and a user rarely runs it.
#include "tools/cli/command.h"
#include "tools/cli/completion.h"

namespace redsem::tools {

command add_completion_command(CLI::App& app) {
  auto shell = std::make_shared<std::string>();
  CLI::App* cmd = app.add_subcommand("completion", "Print a shell completion script")->group("");
  cmd->add_option("shell", *shell, "The shell: bash")->required()->check(CLI::IsMember({"bash"}));
  return {cmd, [&app, shell](std::ostream& out, std::ostream&) {
            out << bash_completion(app, "redsem");
            return int{ok};
          }};
}

}  // namespace redsem::tools
