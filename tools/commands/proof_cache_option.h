/* SPDX-License-Identifier: BSD-3-Clause */
// The proof cache that --no-cache and --cache-dir ask for, as `redsem laws` and
// `redsem opcheck --source` open it (props/laws/proof_cache.h).
#pragma once

#include <optional>
#include <ostream>
#include <string>

#include "props/laws/proof_cache.h"

namespace redsem::tools {

// None with no_cache, when no directory is found or when the directory is not the user's alone
// (each said on err); false after saying why --cache-dir cannot hold it.
bool open_proof_cache(bool no_cache, const std::string& cache_dir, const std::string& command,
                      std::optional<laws::proof_cache>& cache, std::ostream& err);

}  // namespace redsem::tools
