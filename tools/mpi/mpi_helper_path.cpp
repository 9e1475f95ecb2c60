// SPDX-License-Identifier: BSD-3-Clause
#include "tools/mpi/mpi_helper_path.h"

#include <unistd.h>

#include <filesystem>

namespace redsem::tools {

std::string mpi_helper_path(const std::string& mpi, const std::string& mpi_helper, const std::string& prefix) {
  if (!mpi_helper.empty() && prefix == "redsem-mpi-helper-") return mpi_helper;
  std::error_code ec;
  const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
  return (self.parent_path() / (prefix + mpi)).string();
}

bool mpi_helper_usable(const std::string& command, const std::string& mpi, const std::string& mpi_helper,
                       std::ostream& err) {
  if (mpi != "openmpi" && mpi != "mpich") {
    err << "redsem " << command << ": --mpi '" << mpi << "': expected openmpi or mpich\n";
    return false;
  }
  const std::string program = mpi_helper_path(mpi, mpi_helper);
  if (access(program.c_str(), X_OK) != 0) {
    err << "redsem " << command << ": no helper program for " << mpi << " at " << program
        << " (it is built when mpicc." << mpi << " is installed; or pass --mpi-helper PATH)\n";
    return false;
  }
  return true;
}

}  // namespace redsem::tools
