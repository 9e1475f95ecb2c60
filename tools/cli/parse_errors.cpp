// SPDX-License-Identifier: BSD-3-Clause
#include "tools/cli/parse_errors.h"

#include <algorithm>
#include <sstream>

#include "tools/cli/command.h"
#include "tools/cli/suggest.h"

namespace redsem::tools {
namespace {

// The subcommand the command line chose, deepest first; `app` itself when it chose none.
const CLI::App& chosen(const CLI::App& app) {
  const CLI::App* at = &app;
  while (!at->get_subcommands().empty()) at = at->get_subcommands().back();
  return *at;
}

std::string command_path(const CLI::App& app, const std::string& program) {
  std::string path;
  for (const CLI::App* at = &app; at->get_parent() != nullptr; at = at->get_parent())
    path = " " + at->get_name() + path;
  return program + path;
}

// Every spelling of every option of `cmd`: "--op", "-h"...
std::vector<std::string> option_names(const CLI::App& cmd) {
  std::vector<std::string> names;
  for (const CLI::Option* o : cmd.get_options()) {
    for (const auto& l : o->get_lnames()) names.push_back("--" + l);
    for (const auto& s : o->get_snames()) names.push_back("-" + s);
  }
  return names;
}

// A word CLI11 could not place that looks like an option, as "unknown option '--opp'; did you
// mean '--op'?". It comes first: CLI11 may report what the typo caused instead ("--mpi is
// required" for a mistyped --mpi), or only that some words were not expected.
std::optional<std::string> unknown_option(const CLI::App& app, const CLI::App& cmd) {
  // The word may be left with the subcommand or with the program: look at every level's.
  for (const std::string& word : app.remaining(true)) {
    if (word == "--") break;  // what follows is the command's operands (`check -- mpirun …`), not options
    if (word.size() > 1 && word[0] == '-') {
      const std::string name = word.substr(0, word.find('='));
      return "unknown option '" + name + "'" + did_you_mean(name, option_names(cmd));
    }
  }
  return std::nullopt;
}

std::vector<std::string> command_names(const CLI::App& app) {
  std::vector<std::string> names;
  for (const CLI::App* sub : app.get_subcommands({})) names.push_back(sub->get_name());
  return names;
}

}  // namespace

std::optional<int> reject_unknown_command(const CLI::App& app, const std::string& program, int argc, char** argv,
                                          std::ostream& err) {
  if (argc < 2 || argv[1][0] == '-') return std::nullopt;
  const std::string word = argv[1];
  const auto names = command_names(app);
  if (std::find(names.begin(), names.end(), word) != names.end()) return std::nullopt;
  const std::string guess = did_you_mean(word, names);
  std::string listed;
  for (const CLI::App* sub : app.get_subcommands({}))
    if (!sub->get_group().empty()) listed += (listed.empty() ? "" : ", ") + sub->get_name();
  err << program << ": '" << word << "' is not a command" << (guess.empty() ? " (commands: " + listed + ")" : guess)
      << " (see '" << program << " --help')\n";
  return int{bad_input};
}

int report_parse_error(const CLI::App& app, const std::string& program, const CLI::ParseError& e, std::ostream& out,
                       std::ostream& err) {
  if (e.get_exit_code() == 0) {
    std::ostringstream discard;
    app.exit(e, out, discard);  // --help and --version
    return ok;
  }
  const CLI::App& cmd = chosen(app);
  const std::string path = command_path(cmd, program);
  err << path << ": " << unknown_option(app, cmd).value_or(e.what()) << " (see '" << path << " --help')\n";
  return bad_input;
}

}  // namespace redsem::tools
