// SPDX-License-Identifier: BSD-3-Clause
#include "tools/mpi/mpi_build.h"

#include <sys/stat.h>

#include <algorithm>
#include <fstream>
#include <vector>

#include "probe/mpi_parts.h"
#include "tools/mpi/check_launch.h"
#include "tools/mpi/mpi_cache.h"
#include "tools/mpi/run_capture.h"

namespace redsem::tools {
namespace {

namespace fs = std::filesystem;

// The recipe an installed redsem keeps (per_mpi/install.cmake); nullopt for a build tree's redsem.
std::optional<fs::path> installed_recipe_dir() {
  if (const auto data = probe::installed_data_dir()) return *data / "per_mpi";
  return std::nullopt;
}

// The last `lines` lines of a build's output: where the compiler's message is.
std::string tail(const std::string& text, int lines = 60) {
  std::size_t at = text.size();
  for (int n = 0; at > 0 && n <= lines; --at)
    if (text[at - 1] == '\n') ++n;
  return (at > 0 ? "…\n" : "") + text.substr(at);
}

bool write_file(const fs::path& p, const std::string& text) {
  std::ofstream out(p, std::ios::binary);
  out << text;
  return static_cast<bool>(out);
}

std::string cmake_program() {
  if (const auto found = find_executable("cmake")) return *found;
  return REDSEM_CMAKE_COMMAND;
}

// What the per-MPI recipe builds, by the file names per_mpi/CMakeLists.txt gives them.
std::vector<std::string> pieces(const std::string& family) {
  return {"libredsem_check_" + family + ".so",
          "libredsem_search_" + family + ".so",
          "redsem-mpi-helper-" + family,
          "redsem-mpi-surface-helper-" + family,
          "redsem_probe_tracer",
          "redsem-mpi-version",
          "features.txt"};
}

// Runs the recipe for `wrapper` in dir/build and moves its pieces up into `dir`.
bool run_recipe(const std::string& wrapper, const std::string& family, const fs::path& dir, std::string* why) {
  const auto recipe = find_recipe();
  const fs::path build = dir / "build";
  const captured configure = run_capture(
      {cmake_program(), "-S", (recipe->source / "per_mpi").string(), "-B", build.string(),
       "-DCMAKE_C_COMPILER=" + wrapper, "-DCMAKE_BUILD_TYPE=Release", "-DREDSEM_MPI_NAME=" + family,
       "-DREDSEM_SOURCE_DIR=" + recipe->source.string(), "-DREDSEM_GENERATED_DIR=" + recipe->generated.string()});
  if (configure.status != 0)
    return *why = "the per-MPI recipe fails for " + wrapper + ":\n" + tail(configure.output), false;
  const captured compile = run_capture({cmake_program(), "--build", build.string(), "--parallel", "2"});
  if (compile.status != 0)
    return *why = wrapper + " cannot compile redsem's per-MPI pieces:\n" + tail(compile.output), false;
  for (const auto& piece : pieces(family))
    if (std::error_code ec; fs::rename(build / piece, dir / piece, ec), ec)
      return *why = "the recipe made no " + piece + " in " + build.string(), false;
  std::error_code ec;
  fs::remove_all(build, ec);
  return true;
}

}  // namespace

std::optional<recipe_files> find_recipe() {
  std::error_code ec;
  // An installed redsem uses its own copy alone, never a build tree's (as probe/mpi_parts.h).
  if (const auto installed = installed_recipe_dir()) {
    if (fs::exists(*installed / "src" / "per_mpi" / "CMakeLists.txt", ec))
      return recipe_files{*installed / "src", *installed / "generated"};
    return std::nullopt;
  }
  if (fs::exists(fs::path(REDSEM_SOURCE_DIR) / "per_mpi" / "CMakeLists.txt", ec))
    return recipe_files{REDSEM_SOURCE_DIR, REDSEM_PER_MPI_GENERATED_DIR};
  return std::nullopt;
}

std::string recipe_missing_note() {
  if (const auto installed = installed_recipe_dir()) return (*installed / "src").string() + " holds no per_mpi/";
  return std::string(REDSEM_SOURCE_DIR) + " holds no per_mpi/";
}

std::string sources_stamp(const recipe_files& recipe) {
  std::size_t files = 0;
  long long newest = 0;
  std::error_code ec;
  for (const char* sub : {"check/runtime", "tools/mpi", "probe/tracer", "mpix/src", "mpix/include", "per_mpi"}) {
    for (const auto& e : fs::recursive_directory_iterator(recipe.source / sub, ec)) {
      struct stat st {};
      if (!e.is_regular_file(ec) || ::stat(e.path().c_str(), &st) != 0) continue;
      ++files;
      newest = std::max(newest, static_cast<long long>(st.st_mtim.tv_sec) * 1'000'000'000 + st.st_mtim.tv_nsec);
    }
  }
  for (const auto& e : fs::directory_iterator(recipe.generated, ec)) {
    struct stat st {};
    if (::stat(e.path().c_str(), &st) != 0) continue;
    ++files;
    newest = std::max(newest, static_cast<long long>(st.st_mtim.tv_sec) * 1'000'000'000 + st.st_mtim.tv_nsec);
  }
  return std::to_string(files) + " files, newest " + std::to_string(newest);
}

bool build_pieces(const std::string& wrapper, const fs::path& dir, const std::string& identity, std::string* why) {
  const auto recipe = find_recipe();
  if (!recipe) return *why = "no per-MPI recipe: " + recipe_missing_note(), false;
  // The library's family names the pieces and tells the check library what its programs link.
  const std::string version = (dir / "redsem-mpi-version").string();
  const captured compiled =
      run_capture({wrapper, "-o", version, (recipe->source / "per_mpi/mpi_version.c").string(), "-ldl"});
  if (compiled.status != 0) return *why = wrapper + " cannot build an MPI program:\n" + tail(compiled.output), false;
  const captured library = run_capture({version});
  if (library.status != 0)
    return *why = "a program " + wrapper + " built does not run (status " + std::to_string(library.status) + "):\n" +
                  tail(library.output),
           false;
  const std::string text = library.output.substr(library.output.find('\n') + 1);
  const std::string family = family_of_library_text(text);
  if (!run_recipe(wrapper, family, dir, why)) return false;
  const captured again = run_capture({version});
  if (!write_file(dir / "identity", identity) || !write_file(dir / "library", again.output) ||
      !write_file(dir / "family", family))
    return *why = "cannot write the identity files in " + dir.string(), false;
  return true;
}

}  // namespace redsem::tools
