// SPDX-License-Identifier: BSD-3-Clause
// redsem: simulate and verify MPI reduction semantics.
#include <iostream>
#include <string>
#include <vector>

#include "tools/cli/command.h"
#include "tools/cli/parse_errors.h"
#include "tools/cli/standard_output.h"
#include "tools/cli/version.h"

namespace {

// `redsem check --json FILE -- mpirun …`: the old spelling of --json-file FILE. CLI11 does not
// give an option that takes zero or one value the value that follows it when `--` comes after,
// so before parsing the pair becomes --json=FILE (the spelling it takes).
std::vector<std::string> arguments(int argc, char** argv) {
  std::vector<std::string> out(argv, argv + argc);
  const bool check = argc > 1 && out[1] == "check";
  for (std::size_t i = 2; check && i + 1 < out.size() && out[i] != "--"; ++i)
    if (out[i] == "--json" && !out[i + 1].empty() && out[i + 1][0] != '-') {
      out[i] = "--json=" + out[i + 1];
      out.erase(out.begin() + static_cast<std::ptrdiff_t>(i) + 1);
    }
  return out;
}

}  // namespace

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
      redsem::tools::add_mpi_command(app),
      redsem::tools::add_completion_command(app),
  };
  if (const auto rc = redsem::tools::reject_unknown_command(app, "redsem", argc, argv, std::cerr)) return *rc;
  std::vector<std::string> args = arguments(argc, argv);
  std::vector<char*> pointers;
  for (auto& a : args) pointers.push_back(a.data());
  try {
    app.parse(static_cast<int>(pointers.size()), pointers.data());
  } catch (const CLI::ParseError& e) {
    return stdout_checked.finish(redsem::tools::report_parse_error(app, "redsem", e, std::cout, std::cerr), "",
                                 std::cerr);
  }
  for (const auto& c : commands)
    if (c.app->parsed())
      return stdout_checked.finish(redsem::tools::run_subcommand(c, std::cout, std::cerr), c.app->get_name(), std::cerr);
  return redsem::tools::bad_input;
}
