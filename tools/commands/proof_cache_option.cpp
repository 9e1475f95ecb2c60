// SPDX-License-Identifier: BSD-3-Clause
#include "tools/commands/proof_cache_option.h"

namespace redsem::tools {

bool open_proof_cache(bool no_cache, const std::string& cache_dir, const std::string& command,
                      std::optional<laws::proof_cache>& cache, std::ostream& err) {
  if (no_cache) return true;
  if (!cache_dir.empty()) {
    if (auto why = laws::proof_cache::unusable(cache_dir)) {
      err << command << ": --cache-dir " << cache_dir << ": " << *why << "\n";
      return false;
    }
  }
  const auto dir =
      cache_dir.empty() ? laws::proof_cache::default_dir() : std::optional(std::filesystem::path(cache_dir));
  if (dir)
    cache = laws::proof_cache::open(*dir, err, command);
  else
    err << command << ": " << laws::no_cache_dir_note << "\n";
  return true;
}

}  // namespace redsem::tools
