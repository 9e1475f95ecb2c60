// SPDX-License-Identifier: BSD-3-Clause
#include "tools/mpi/mpi_installation.h"

#include <unistd.h>

#include <fstream>
#include <map>
#include <sstream>

#include "probe/mpi_parts.h"
#include "tools/mpi/mpi_cache.h"

namespace redsem::tools {
namespace {

namespace fs = std::filesystem;

std::string read_line(const fs::path& p) {
  std::ifstream in(p);
  std::string line;
  std::getline(in, line);
  return line;
}

}  // namespace

std::string mpi_installation::launcher() const {
  if (wrapper.empty()) return "";
  const fs::path bin = fs::path(wrapper).parent_path();
  for (const char* name : {"mpiexec", "mpirun"})
    if (::access((bin / name).c_str(), X_OK) == 0) return (bin / name).string();
  return "";
}

std::vector<std::string> built_in_mpis() {
  std::vector<std::string> names;
  for (const char* name : {"openmpi", "mpich"})
    if (built_in_dir(name)) names.emplace_back(name);
  return names;
}

std::optional<fs::path> built_in_dir(const std::string& name) {
  if (name != "openmpi" && name != "mpich") return std::nullopt;
  const auto dir = probe::mpi_parts_dir(name);
  std::error_code ec;
  if (fs::exists(dir / ("libredsem_check_" + name + ".so"), ec)) return dir;
  return std::nullopt;
}

bool mpi_argument_form_ok(const std::string& arg) {
  return arg == "openmpi" || arg == "mpich" || arg.find('/') != std::string::npos;
}

std::optional<mpi_installation> find_mpi(const std::string& arg, std::ostream& progress, std::string* why) {
  const std::string said = "--mpi '" + arg + "': ";
  if (!mpi_argument_form_ok(arg))
    return *why = said + "expected openmpi, mpich, or the path of an MPI's C compiler wrapper (mpicc) or of its prefix",
           std::nullopt;
  if (arg.find('/') == std::string::npos) {
    const auto dir = built_in_dir(arg);
    if (!dir)
      return *why = said + probe::mpi_part_missing(arg, probe::mpi_part_path(arg, "libredsem_check_" + arg + ".so")) +
                    "; or give the path of its mpicc",
             std::nullopt;
    return mpi_installation{arg, arg, *dir, "", true};
  }
  std::string problem;
  const auto wrapper = wrapper_of(arg, &problem);
  const auto id = wrapper ? identify_wrapper(*wrapper, &problem) : std::nullopt;
  const auto cache = id ? mpi_cache_dir(&problem) : std::nullopt;
  const auto dir = cache ? cached_build(*id, *cache, progress, &problem) : std::nullopt;
  if (!dir) return *why = said + problem, std::nullopt;
  return mpi_installation{arg, read_line(*dir / "family"), *dir, *wrapper, false};
}

std::optional<mpi_installation> find_mpi(const std::string& command, const std::string& arg, std::ostream& err) {
  std::string why;
  auto found = find_mpi(arg, err, &why);
  if (!found) err << "redsem " << command << ": " << why << "\n";
  return found;
}

const mpi_installation* resolved_mpi(const std::string& arg, std::ostream& progress, std::string* why) {
  // One resolution per process: a command asks for the helper and the surface helper in turn.
  static std::map<std::string, std::pair<std::optional<mpi_installation>, std::string>> resolved;
  auto at = resolved.find(arg);
  if (at == resolved.end()) {
    std::string problem;
    auto found = find_mpi(arg, progress, &problem);
    at = resolved.emplace(arg, std::make_pair(std::move(found), problem)).first;
  }
  if (!at->second.first) *why = at->second.second;
  return at->second.first ? &*at->second.first : nullptr;
}

std::string mpi_family(const std::string& arg) {
  if (arg.find('/') == std::string::npos) return arg;
  std::string why;
  std::ostringstream quiet;
  const auto* found = resolved_mpi(arg, quiet, &why);
  return found ? found->family : arg;
}

std::vector<std::pair<std::string, std::string>> mpi_features(const fs::path& dir) {
  std::vector<std::pair<std::string, std::string>> features;
  std::ifstream in(dir / "features.txt");
  for (std::string line; std::getline(in, line);) {
    const auto space = line.find(' ');
    if (space != std::string::npos) features.emplace_back(line.substr(0, space), line.substr(space + 1));
  }
  return features;
}

}  // namespace redsem::tools
