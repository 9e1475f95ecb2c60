/* SPDX-License-Identifier: BSD-3-Clause */
// The on-demand build of the per-MPI pieces (docs/design.md, "What is built per MPI"): the recipe
// of per_mpi/ run with an MPI's compiler wrapper, from the sources an installed redsem keeps under
// share/redsem/per_mpi (a build tree's redsem: from its source tree). Used by the cache
// (tools/mpi/mpi_cache.h), which decides when to build and where.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace redsem::tools {

// Where the recipe and its inputs are: `source` holds per_mpi/CMakeLists.txt and the sources at
// their source-tree paths, `generated` the files the main build generated for it.
struct recipe_files {
  std::filesystem::path source, generated;
};
std::optional<recipe_files> find_recipe();
// Where find_recipe looked, for a message when it found nothing.
std::string recipe_missing_note();

// How many per-MPI source files there are and the newest one's modification time: a redsem
// upgraded, or its sources edited in a build tree, makes every entry built before stale.
std::string sources_stamp(const recipe_files& recipe);

// Builds the pieces for `wrapper` into `dir` (empty, made by the caller) and writes its identity
// files: `identity` (the text given), `library` (what redsem-mpi-version says) and `family`.
// false with `*why` — the compiler's or CMake's own message — when it cannot.
bool build_pieces(const std::string& wrapper, const std::filesystem::path& dir, const std::string& identity,
                  std::string* why);

}  // namespace redsem::tools
