// SPDX-License-Identifier: BSD-3-Clause
// `redsem mpi list [--json | --json-file FILE]`: every MPI the MPI-facing commands can run with `--mpi`: the built-in
// ones and those built into the cache for a path, where each is from, which library its programs
// load and what the per-MPI recipe's probes found it offers (per_mpi/features.cmake).
#include <fmt/format.h>

#include <map>
#include <memory>
#include <nlohmann/json.hpp>

#include "tools/cli/command.h"
#include "tools/cli/common_options.h"
#include "tools/cli/json_document.h"
#include "tools/cli/json_text.h"
#include "tools/mpi/mpi_cache.h"
#include "tools/mpi/mpi_installation.h"

namespace redsem::tools {
namespace {

struct listed_mpi {
  std::string name, from;
  std::filesystem::path dir;
};

// The probes' names in features.txt, as a reader knows them.
constexpr std::pair<const char*, const char*> feature_titles[] = {
    {"reduce_local_c", "MPI_Reduce_local_c"},
    {"large_count_collectives", "large-count collectives"},
    {"large_count_data_collectives", "large-count data collectives"},
    {"persistent", "persistent collectives"},
    {"large_count_persistent", "large-count persistent collectives"},
    {"rma", "RMA"},
    {"large_count_rma", "large-count RMA"},
    {"large_count_p2p", "large-count point-to-point"},
    {"isendrecv", "MPI_Isendrecv"},
    {"info_get_string", "MPI_Info_get_string"},
};

std::string yes_no(const std::string& value) { return value == "1" ? "yes" : value == "0" ? "no" : value; }

std::vector<listed_mpi> known_mpis(std::ostream& err) {
  std::vector<listed_mpi> list;
  for (const auto& name : built_in_mpis()) list.push_back({name, "built in", *built_in_dir(name)});
  std::string why;
  if (const auto cache = mpi_cache_dir(&why))
    for (const auto& e : cache_entries(*cache)) list.push_back({e.wrapper, "cache", e.dir});
  else
    err << "redsem mpi list: not listing the cache: " << why << "\n";
  return list;
}

void print_text(const std::vector<listed_mpi>& list, std::ostream& out) {
  if (list.empty()) out << "no MPI: none built in, none in the cache (--mpi PATH builds one)\n";
  for (const auto& m : list) {
    const auto features = mpi_features(m.dir);
    std::map<std::string, std::string> f(features.begin(), features.end());
    out << m.name << "\n  from      " << m.from << ": " << m.dir.string() << "\n  library   " << f["library"]
        << "\n  loads     " << f["library_file"] << "\n  supports ";
    const char* separator = " ";
    for (const auto& [key, title] : feature_titles) {
      out << separator << title << ": " << yes_no(f[key]);
      separator = ", ";
    }
    out << "\n";
  }
}

nlohmann::json as_json(const std::vector<listed_mpi>& list) {
  auto mpis = nlohmann::json::array();
  for (const auto& m : list) {
    nlohmann::json features = nlohmann::json::object();
    nlohmann::json entry = {{"name", m.name}, {"from", m.from}, {"dir", m.dir.string()}};
    for (const auto& [key, value] : mpi_features(m.dir)) {
      if (key == "library" || key == "library_file" || key == "mark")
        entry[key] = value;
      else if (value == "0" || value == "1")
        features[key] = value == "1";
      else
        features[key] = value;
    }
    entry["features"] = features;
    mpis.push_back(entry);
  }
  return json_document("mpi", {{"mpis", mpis}});
}

}  // namespace

command add_mpi_command(CLI::App& app) {
  auto json = std::make_shared<bool>(false);
  CLI::App* cmd = app.add_subcommand("mpi", "The MPIs redsem knows (--mpi NAME|PATH): redsem mpi list");
  cmd->require_subcommand(1);
  CLI::App* list = cmd->add_subcommand(
      "list", "Every MPI the commands can run: built in, or built into the cache for --mpi PATH; what each offers");
  add_json_flag(list, *json, "Print the list as one JSON document");
  return {cmd, [json](std::ostream& out, std::ostream& err) {
            const auto mpis = known_mpis(err);
            if (*json)
              out << json_text(as_json(mpis)) << "\n";
            else
              print_text(mpis, out);
            return int{ok};
          }};
}

}  // namespace redsem::tools
