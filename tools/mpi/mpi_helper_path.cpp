// SPDX-License-Identifier: BSD-3-Clause
#include "tools/mpi/mpi_helper_path.h"

#include <unistd.h>

#include "probe/mpi_parts.h"

namespace redsem::tools {

std::string mpi_helper_path(const std::string& mpi, const std::string& mpi_helper, const std::string& prefix) {
  if (!mpi_helper.empty() && prefix == "redsem-mpi-helper-") return mpi_helper;
  return probe::mpi_part_path(mpi, prefix + mpi, probe::built_in::tools_dir);
}

bool mpi_helper_usable(const std::string& command, const std::string& mpi, const std::string& mpi_helper,
                       std::ostream& err) {
  if (mpi != "openmpi" && mpi != "mpich") {
    err << "redsem " << command << ": --mpi '" << mpi << "': expected openmpi or mpich\n";
    return false;
  }
  const std::string program = mpi_helper_path(mpi, mpi_helper);
  if (access(program.c_str(), X_OK) != 0) {
    err << "redsem " << command << ": no helper program for " << mpi
        << (mpi_helper.empty() ? ": " + probe::mpi_part_missing(mpi, program) : " at " + program) << "\n";
    return false;
  }
  return true;
}

}  // namespace redsem::tools
