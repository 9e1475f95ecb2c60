// SPDX-License-Identifier: BSD-3-Clause
#include "probe/mpi_parts.h"

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

fs::path mpi_parts_dir(std::string_view mpi) {
  if (const auto bin = installed_bin_dir()) return (*bin / REDSEM_MPIDIR_FROM_BIN / mpi).lexically_normal();
  return fs::path(REDSEM_BUILD_DIR) / "mpi" / mpi;
}

std::string mpi_part_path(std::string_view mpi, std::string_view file) { return mpi_parts_dir(mpi) / file; }

std::string mpi_part_missing(std::string_view mpi, const std::string& path) {
  const std::string m(mpi);
  if (installed_bin_dir()) return "no " + path + ": install the package redsem-" + m + " (redsem's " + m + " add-on)";
  return "no " + path + " (it is built when mpicc." + m + " and mpirun." + m + " are installed)";
}

std::optional<fs::path> installed_data_dir() {
  if (const auto bin = installed_bin_dir()) return (*bin / REDSEM_DATADIR_FROM_BIN).lexically_normal();
  return std::nullopt;
}

}  // namespace redsem::probe
