// SPDX-License-Identifier: BSD-3-Clause
// hydra_forwarding (hydra_forwarding.h). Hydra reads an option word without its leading dashes,
// its name in any case, a value either after '=' in the same word or in the next words; global
// and local options may come before any executable, the local ones applying to that executable.
#include "tools/mpi/hydra_forwarding.h"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>
#include <string_view>

namespace redsem::tools {
namespace {

using words = std::vector<std::string>;

struct option_word {
  std::string name;                  // lower case, without dashes or '=value'
  std::optional<std::string> value;  // after '=' in the same word
};

option_word read_option(const std::string& word) {
  const std::string bare = word.substr(std::min(word.find_first_not_of('-'), word.size()));
  const auto eq = bare.find('=');
  option_word o{bare.substr(0, eq), std::nullopt};
  std::transform(o.name.begin(), o.name.end(), o.name.begin(), [](unsigned char c) { return std::tolower(c); });
  if (eq != std::string::npos) o.value = bare.substr(eq + 1);
  return o;
}

// How many words after its own an option takes (hydra's `mpiexec --help`); 0 for the others.
std::size_t values_after(const option_word& o, const words& command, std::size_t i) {
  if (o.name == "genv" || o.name == "env") {  // NAME VALUE, or NAME=VALUE in one word
    const std::string& first = o.value ? *o.value : (i + 1 < command.size() ? command[i + 1] : "");
    return (o.value ? 0 : 1) + (first.find('=') == std::string::npos ? 1 : 0);
  }
  static constexpr std::array<std::string_view, 36> one{"genvlist",
                                                        "envlist",
                                                        "f",
                                                        "hostfile",
                                                        "machinefile",
                                                        "machine",
                                                        "machines",
                                                        "machinelist",
                                                        "host",
                                                        "hosts",
                                                        "hostlist",
                                                        "ppn",
                                                        "prepend-pattern",
                                                        "outfile-pattern",
                                                        "errfile-pattern",
                                                        "outfile",
                                                        "errfile",
                                                        "wdir",
                                                        "configfile",
                                                        "n",
                                                        "np",
                                                        "launcher",
                                                        "launcher-exec",
                                                        "bootstrap",
                                                        "bootstrap-exec",
                                                        "rmk",
                                                        "topolib",
                                                        "binding",
                                                        "bind-to",
                                                        "map-by",
                                                        "membind",
                                                        "demux",
                                                        "iface",
                                                        "nameserver",
                                                        "usize",
                                                        "localhost"};
  const bool takes_one = o.name == "gpus-per-proc" || std::find(one.begin(), one.end(), o.name) != one.end();
  return takes_one && !o.value ? 1 : 0;
}

// Adds `names` to the -genvlist/-envlist LIST whose option word is command[i]; turns a -genvnone
// or -envnone there into such a list of `names` alone.
void widen(words& out, std::size_t i, const option_word& o, const std::string& names) {
  const std::string dashes = out[i].substr(0, out[i].find_first_not_of('-'));
  const std::string list_option = dashes + (o.name[0] == 'g' ? "genvlist" : "envlist");
  if (o.name.ends_with("none")) {
    out[i] = list_option + "=" + names;
  } else if (o.value) {
    out[i] = list_option + "=" + (o.value->empty() ? names : *o.value + "," + names);
  } else if (i + 1 < out.size()) {
    out[i + 1] = out[i + 1].empty() ? names : out[i + 1] + "," + names;
  }
}

// What a command's options say of hydra's global inherited environment.
struct global_options {
  bool given = false;       // -genvnone, -genvlist or -genvall
  std::string config_file;  // -configfile's
};

// Widens the restrictions among the options from `i` on (one segment's, up to its executable);
// the executable's index.
std::size_t widen_segment(words& out, std::size_t i, std::size_t stop, const std::string& names, global_options* seen) {
  while (i < stop && out[i].size() > 1 && out[i][0] == '-') {
    const option_word o = read_option(out[i]);
    if (o.name == "genvnone" || o.name == "genvlist" || o.name == "envnone" || o.name == "envlist")
      widen(out, i, o, names);
    if (o.name.starts_with("genv") && o.name != "genv") seen->given = true;
    if (o.name == "configfile") seen->config_file = o.value ? *o.value : i + 1 < stop ? out[i + 1] : "";
    i += 1 + values_after(o, out, i);
  }
  return i;
}

// The words of a hydra configuration file: whitespace-separated, a '#' to the end of its line.
words config_words(const std::string& path) {
  std::ifstream in(path);
  words out;
  for (std::string line; std::getline(in, line);) {
    std::istringstream split(line.substr(0, line.find('#')));
    for (std::string word; split >> word;) out.push_back(word);
  }
  return out;
}

// The configuration file hydra reads when the command names none: $HYDRA_CONFIG_FILE, else
// ~/.mpiexec.hydra.conf, the first that can be read. (A build may also read one of its own
// installation, which is not known here.)
std::string default_config_file() {
  const char* named = std::getenv("HYDRA_CONFIG_FILE");
  if (named && access(named, R_OK) == 0) return named;
  const char* home = std::getenv("HOME");
  const std::string own = home ? std::string(home) + "/.mpiexec.hydra.conf" : "";
  return !own.empty() && access(own.c_str(), R_OK) == 0 ? own : "";
}

// What hydra passes of its environment when the command says nothing: as its configuration
// file's first -genvall, -genvnone or -genvlist says, else as HYDRA_ENV says ("all", anything
// else meaning none). nullopt: all of it; else the names of a list, "" for none.
std::optional<std::string> default_inheritance(const std::string& config_file) {
  const words file = config_words(config_file.empty() ? default_config_file() : config_file);
  for (std::size_t i = 0; i < file.size(); ++i) {
    if (file[i].size() < 2 || file[i][0] != '-') continue;
    const option_word o = read_option(file[i]);
    if (o.name == "genvall") return std::nullopt;
    if (o.name == "genvnone") return "";
    if (o.name == "genvlist") return o.value ? *o.value : i + 1 < file.size() ? file[i + 1] : "";
  }
  const char* inherited = std::getenv("HYDRA_ENV");
  if (inherited && std::string_view(inherited) != "all") return "";
  return std::nullopt;
}

}  // namespace

words hydra_forwarding(const words& command, std::size_t at, std::size_t end, const words& environment) {
  std::string names;
  for (const auto& e : environment) names += (names.empty() ? "" : ",") + e.substr(0, e.find('='));
  words out(command);
  global_options seen;
  widen_segment(out, at + 1, end, names, &seen);
  // The executables after the first: each ':' starts a segment of options and an executable.
  for (std::size_t i = end; i < out.size(); ++i)
    if (out[i] == ":") i = widen_segment(out, i + 1, out.size(), names, &seen);
  // A restriction hydra would take from elsewhere: the command's -genvlist, which takes
  // precedence, carries its names and ours.
  if (!seen.given)
    if (const auto inherited = default_inheritance(seen.config_file))
      out.insert(out.begin() + static_cast<std::ptrdiff_t>(at) + 1,
                 {"-genvlist", inherited->empty() ? names : *inherited + "," + names});
  return out;
}

}  // namespace redsem::tools
