// redsem: simulate and verify MPI reduction semantics.
#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

#include "tools/cli/command.h"
#include "tools/cli/standard_output.h"
#include "tools/cli/version.h"

int main(int argc, char** argv) {
  redsem::tools::standard_output stdout_checked;
  CLI::App app{"redsem: simulation and verification of MPI reduction semantics"};
  app.require_subcommand(1);
  app.set_version_flag("--version", redsem::tools::version_text);
  const std::vector<redsem::tools::command> commands{
      redsem::tools::add_verify_command(app),
      redsem::tools::add_opcheck_command(app),
      redsem::tools::add_fuzz_command(app),
      redsem::tools::add_laws_command(app),
      redsem::tools::add_emit_c_command(app),
      redsem::tools::add_orders_command(app),
      redsem::tools::add_simulate_command(app),
      redsem::tools::add_rma_command(app),
      redsem::tools::add_probe_command(app),
      redsem::tools::add_check_command(app),
  };
  // CLI11 would only say "A subcommand is required": name the word it did not know.
  if (argc > 1 && argv[1][0] != '-' &&
      std::none_of(commands.begin(), commands.end(), [&](const auto& c) { return c.app->get_name() == argv[1]; })) {
    std::string known;
    for (const auto& c : commands) known += (known.empty() ? "" : ", ") + c.app->get_name();
    std::cerr << "redsem: unknown command '" << argv[1] << "' (commands: " << known << ")\n";
    return redsem::tools::bad_input;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);  // --help and --version print on stdout
    return stdout_checked.finish(code == 0 ? 0 : redsem::tools::bad_input, "", std::cerr);
  }
  for (const auto& c : commands)
    if (c.app->parsed())
      return stdout_checked.finish(redsem::tools::run_subcommand(c, std::cout, std::cerr), c.app->get_name(), std::cerr);
  return redsem::tools::bad_input;
}
