// SPDX-License-Identifier: BSD-3-Clause
#include "tools/cli/command.h"

#include <optional>
#include <sstream>

#include "model/output_file.h"
#include "tools/cli/output_file.h"

namespace redsem::tools {

namespace {

int run_caught(const command& c, std::ostream& out, std::ostream& err) {
  try {
    return c.run(out, err);
  } catch (const fuzz::slow_call& slow) {
    out.flush();
    err << "redsem " << c.app->get_name() << ": " << slow.what() << "\n";
    return no_verdict;
  }
}

// The FILE of --json-file, when the command (or the subcommand of it that ran: `mpi list`)
// takes it and it was given.
std::optional<std::string> json_file_of(const CLI::App& app) {
  const CLI::Option* option = app.get_option_no_throw("--json-file");
  if (option != nullptr && option->count() != 0) return option->as<std::string>();
  for (const CLI::App* sub : app.get_subcommands())
    if (auto file = json_file_of(*sub)) return file;
  return std::nullopt;
}

}  // namespace

int run_subcommand(const command& c, std::ostream& out, std::ostream& err, bool writes_files) {
  const auto json_file = json_file_of(*c.app);
  if (!json_file || !writes_files) return run_caught(c, out, err);
  const std::string head = "redsem " + c.app->get_name() + ": --json-file: ";
  // Tried first, so that an unwritable path is exit 2 before the work, not after it.
  if (const auto problem = unwritable_file(*json_file)) return err << head << *problem << "\n", int{bad_input};
  std::ostringstream document;
  const int status = run_caught(c, document, err);
  if (document.str().empty()) return status;  // refused before any document was made
  if (const auto problem = write_output_file(*json_file, document.str()))
    return err << head << *problem << "\n", int{bad_input};
  return status;
}

}  // namespace redsem::tools
