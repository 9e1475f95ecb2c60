// redsem: simulate and verify MPI reduction semantics.
#include <iostream>
#include <vector>

#include "tools/command.h"
#include "tools/version.h"

int main(int argc, char** argv) {
  CLI::App app{"redsem: simulation and verification of MPI reduction semantics"};
  app.require_subcommand(1);
  app.set_version_flag("--version", redsem::tools::version_text);
  const std::vector<redsem::tools::command> commands{
      redsem::tools::add_verify_command(app),
      redsem::tools::add_opcheck_command(app),
      redsem::tools::add_fuzz_command(app),
      redsem::tools::add_laws_command(app),
      redsem::tools::add_orders_command(app),
      redsem::tools::add_simulate_command(app),
      redsem::tools::add_rma_command(app),
      redsem::tools::add_probe_command(app),
  };
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? 0 : redsem::tools::bad_input;
  }
  for (const auto& c : commands)
    if (c.app->parsed()) return c.run(std::cout, std::cerr);
  return redsem::tools::bad_input;
}
