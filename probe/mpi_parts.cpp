// SPDX-License-Identifier: BSD-3-Clause
#include "probe/mpi_parts.h"

#include <filesystem>
#include <optional>

namespace redsem::probe {
namespace {

namespace fs = std::filesystem;

// The directory of this executable when it is an installed one.
std::optional<fs::path> installed_bin_dir() {
  std::error_code ec;
  const auto self = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return std::nullopt;
  const auto bin = self.parent_path();
  if (!fs::is_directory(bin / REDSEM_DATADIR_FROM_BIN, ec)) return std::nullopt;
  return bin;
}

}  // namespace

std::string mpi_part_path(std::string_view mpi, std::string_view file, built_in where) {
  if (const auto bin = installed_bin_dir()) return (*bin / REDSEM_MPIDIR_FROM_BIN / mpi / file).lexically_normal();
  const fs::path build(REDSEM_BUILD_DIR);
  return where == built_in::tools_dir ? build / "tools" / file : build / "mpi" / mpi / file;
}

std::string mpi_part_missing(std::string_view mpi, const std::string& path) {
  const std::string m(mpi);
  if (installed_bin_dir()) return "no " + path + ": install the package redsem-" + m + " (redsem's " + m + " add-on)";
  return "no " + path + " (it is built when mpicc." + m + " and mpirun." + m + " are installed)";
}

}  // namespace redsem::probe
