// SPDX-License-Identifier: BSD-3-Clause
#include "tools/mpi/mpi_helper_path.h"

#include <unistd.h>

#include <iostream>

#include "probe/mpi_parts.h"
#include "tools/mpi/mpi_installation.h"

namespace redsem::tools {

std::string mpi_helper_path(const std::string& mpi, const std::string& mpi_helper, const std::string& prefix) {
  const bool surface = prefix != "redsem-mpi-helper-";
  if (!mpi_helper.empty() && !surface) return mpi_helper;
  std::string why;
  const auto* found = resolved_mpi(mpi, std::cerr, &why);
  if (found == nullptr) return "";
  return (surface ? found->surface_helper() : found->helper()).string();
}

bool mpi_helper_usable(const std::string& command, const std::string& mpi, const std::string& mpi_helper,
                       std::ostream& err) {
  std::string why;
  if (mpi_helper.empty() && resolved_mpi(mpi, err, &why) == nullptr) {
    err << "redsem " << command << ": " << why << "\n";
    return false;
  }
  if (!mpi_argument_form_ok(mpi)) {
    err << "redsem " << command << ": --mpi '" << mpi
        << "': expected openmpi, mpich, or the path of an MPI's C compiler wrapper (mpicc) or of its prefix\n";
    return false;
  }
  const std::string program = mpi_helper_path(mpi, mpi_helper);
  if (access(program.c_str(), X_OK) != 0) {
    // A built-in's helper is missing from an installation without its add-on package, or from a
    // build without that MPI (probe/mpi_parts.h says which).
    err << "redsem " << command << ": no helper program for " << mpi
        << (mpi_helper.empty() && mpi.find('/') == std::string::npos ? ": " + probe::mpi_part_missing(mpi, program)
                                                                     : " at " + program)
        << "\n";
    return false;
  }
  return true;
}

}  // namespace redsem::tools
