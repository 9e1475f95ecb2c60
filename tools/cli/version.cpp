// SPDX-License-Identifier: BSD-3-Clause
// The build facts come from tools/CMakeLists.txt as compile definitions of this file alone,
// so a new commit or a newly found MPI recompiles one file.
#include "tools/cli/version.h"

#include <hwy/highway.h>  // HWY_MAJOR/MINOR/PATCH: the Highway the kernels were compiled with

#include <filesystem>
#include <sstream>

#include "kernels/kernel.h"
#include "probe/mpi_parts.h"
#include "props/laws/prove.h"

namespace redsem::tools {
namespace {

// Best first; the last, SCALAR, is the kernels' scalar path.
std::string simd_targets() {
  std::string out;
  for (const std::int64_t t : kernels::dispatch_targets())
    out += (out.empty() ? "" : ", ") + std::string(kernels::target_name(t));
  return out;
}

std::string built_for(const std::string& flavours) { return flavours.empty() ? "not built (no MPI found)" : flavours; }

// The MPIs built for, and which of them an installed redsem lacks the add-on package of.
std::string built_and_installed(const std::string& flavours) {
  if (flavours.empty()) return built_for(flavours);
  std::istringstream words(flavours);
  std::string missing;
  for (std::string mpi; words >> mpi;) {
    std::error_code ec;
    const auto helper = probe::mpi_part_path(mpi, "redsem-mpi-helper-" + mpi);
    if (!std::filesystem::exists(helper, ec)) missing += (missing.empty() ? "" : ", ") + std::string("redsem-") + mpi;
  }
  return missing.empty() ? flavours : flavours + " (not installed: " + missing + ")";
}

}  // namespace

std::string version_number() { return REDSEM_VERSION; }

std::string version_line() { return std::string("redsem ") + REDSEM_VERSION + ", commit " + REDSEM_COMMIT; }

std::string version_text() {
  std::string s = std::string("redsem ") + REDSEM_VERSION + "\n";
  s += std::string("commit: ") + REDSEM_COMMIT + "\n";
  s += "Z3: " + laws::solver_version() + "\n";
  s += "Highway: " + std::to_string(HWY_MAJOR) + "." + std::to_string(HWY_MINOR) + "." + std::to_string(HWY_PATCH) +
       "\n";
  s += "SIMD targets on this CPU: " + simd_targets() + "\n";
  s += "MPI helpers for redsem fuzz --mpi: " + built_and_installed(REDSEM_BUILT_FUZZ_HELPERS) + "\n";
  s += "redsem-mpi (search over MPI ranks): " + built_for(REDSEM_BUILT_MPI_SEARCH) + "\n";
  s += "MPIX add-on libraries: " + built_for(REDSEM_BUILT_MPIX);
  return s;
}

}  // namespace redsem::tools
