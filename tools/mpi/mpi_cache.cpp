// SPDX-License-Identifier: BSD-3-Clause
#include "tools/mpi/mpi_cache.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "props/laws/proof_cache.h"
#include "tools/mpi/check_launch.h"
#include "tools/mpi/mpi_build.h"
#include "tools/mpi/run_capture.h"

namespace redsem::tools {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> words_of(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

// The file the linker takes for `-lNAME` of `show`'s command: lib<NAME>.so in its -L directories,
// then the system's; "-" when none is there.
std::string linked_mpi_library(const std::string& show) {
  std::vector<fs::path> dirs;
  std::string name;
  for (const auto& w : words_of(show)) {
    if (w.rfind("-L", 0) == 0 && w.size() > 2) dirs.emplace_back(w.substr(2));
    if (w.rfind("-lmpi", 0) == 0 && name.empty()) name = w.substr(2);
  }
  if (name.empty()) return "-";
  for (const char* d : {"/usr/local/lib", "/usr/lib/x86_64-linux-gnu", "/usr/lib64", "/usr/lib", "/lib64", "/lib"})
    dirs.emplace_back(d);
  std::error_code ec;
  for (const auto& d : dirs) {
    const auto candidate = d / ("lib" + name + ".so");
    if (!fs::exists(candidate, ec)) continue;
    const auto real = fs::canonical(candidate, ec);
    struct stat st {};
    if (ec || ::stat(real.c_str(), &st) != 0) continue;
    return fmt::format("{} {} {}.{:09}", real.string(), st.st_size, st.st_mtim.tv_sec, st.st_mtim.tv_nsec);
  }
  return "-";
}

std::uint64_t fnv1a(const std::string& text) {
  std::uint64_t h = 1469598103934665603ULL;
  for (unsigned char c : text) h = (h ^ c) * 1099511628211ULL;
  return h;
}

std::string read_text(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Why the entry `dir` is not what `id` would build now, or "" when it is.
std::string stale_because(const fs::path& dir, const wrapper_identity& id) {
  std::error_code ec;
  if (!fs::exists(dir / "identity", ec)) return "none yet";
  const std::string was = read_text(dir / "identity");
  if (was != id.text()) {
    std::istringstream old_lines(was), new_lines(id.text());
    for (std::string a, b; std::getline(old_lines, a) && std::getline(new_lines, b);)
      if (a != b) return "the installation changed (was: " + a + "; now: " + b + ")";
    return "the installation changed";
  }
  // The library a program of this MPI loads now, which the wrapper's command does not show
  // (LD_LIBRARY_PATH, a library replaced in place).
  const auto now = run_capture({(dir / "redsem-mpi-version").string()});
  if (now.status != 0) return "its library identity program no longer runs: " + now.output;
  if (now.output != read_text(dir / "library")) return "the MPI library it loads changed";
  return "";
}

// An open lock file, released (and closed) when this ends.
class lock_file {
 public:
  explicit lock_file(const fs::path& p) : fd_(::open(p.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600)) {
    if (fd_ >= 0) ::flock(fd_, LOCK_EX);
  }
  ~lock_file() {
    if (fd_ >= 0) ::close(fd_);
  }
  lock_file(const lock_file&) = delete;
  lock_file& operator=(const lock_file&) = delete;
  bool held() const { return fd_ >= 0; }

 private:
  int fd_;
};

// Puts the finished build `built` where the entry `dir` is, replacing a stale one.
bool install_entry(const fs::path& built, const fs::path& dir, std::string* why) {
  std::error_code ec;
  if (fs::exists(dir, ec)) {
    std::string old = dir.string() + ".stale-XXXXXX";
    if (::mkdtemp(old.data()) == nullptr || ::rename(dir.c_str(), (old + "/entry").c_str()) != 0)
      return *why = "cannot move the stale " + dir.string() + " away", false;
    fs::remove_all(old, ec);
  }
  if (::rename(built.c_str(), dir.c_str()) != 0) return *why = "cannot rename the build into " + dir.string(), false;
  return true;
}

}  // namespace

std::string wrapper_identity::text() const {
  return "wrapper " + wrapper + "\nshow " + show + "\nlibmpi " + libmpi + "\nsources " + sources + "\n";
}

std::optional<std::string> wrapper_of(const std::string& arg, std::string* why) {
  std::error_code ec;
  fs::path p = fs::absolute(arg, ec).lexically_normal();
  if (!p.has_filename()) p = p.parent_path();
  if (fs::is_directory(p, ec)) {
    if (!fs::exists(p / "bin" / "mpicc", ec))
      return *why = "no C compiler wrapper at " + (p / "bin" / "mpicc").string() + " (give the wrapper's path)",
             std::nullopt;
    p /= "bin/mpicc";
  }
  if (!fs::exists(p, ec)) return *why = "no such file or directory", std::nullopt;
  if (!fs::is_regular_file(p, ec) || ::access(p.c_str(), X_OK) != 0)
    return *why = p.string() + " is not an executable file (an MPI's C compiler wrapper, or its prefix)", std::nullopt;
  // The directory's links followed, not the file's: Open MPI's mpicc is a link to opal_wrapper,
  // which acts by the name it is called by.
  return (fs::weakly_canonical(p.parent_path(), ec) / p.filename()).string();
}

std::optional<wrapper_identity> identify_wrapper(const std::string& wrapper, std::string* why) {
  captured show = run_capture({wrapper, "-show"});
  if (show.status != 0 || show.output.empty()) show = run_capture({wrapper, "-showme"});
  if (show.status != 0 || show.output.empty())
    return *why = wrapper + " does not say the command it runs (neither `-show` nor `-showme` works: " +
                  show.output.substr(0, 200) + "): is it an MPI's C compiler wrapper?",
           std::nullopt;
  while (!show.output.empty() && std::isspace(static_cast<unsigned char>(show.output.back()))) show.output.pop_back();
  std::error_code ec;
  const auto recipe = find_recipe();
  if (!recipe)
    return *why = "this redsem has no per-MPI recipe to build from (" + recipe_missing_note() + ")", std::nullopt;
  return wrapper_identity{wrapper + " -> " + fs::canonical(wrapper, ec).string(),
                          show.output.substr(0, show.output.find('\n')), linked_mpi_library(show.output),
                          sources_stamp(*recipe)};
}

std::optional<fs::path> mpi_cache_dir(std::string* why) {
  const auto root = laws::proof_cache::default_dir();
  if (!root) return *why = "no cache directory: neither XDG_CACHE_HOME nor HOME is an absolute path", std::nullopt;
  for (const auto& dir : {*root, *root / "mpi"}) {
    if (const auto problem = laws::proof_cache::unusable(dir))
      return *why = dir.string() + ": " + *problem, std::nullopt;
    if (const auto problem = laws::proof_cache::untrusted(dir)) return *why = *problem, std::nullopt;
  }
  return *root / "mpi";
}

std::optional<fs::path> cached_build(const wrapper_identity& id, const fs::path& cache, std::ostream& progress,
                                     std::string* why) {
  const std::string key = fmt::format("{:016x}", fnv1a(id.wrapper.substr(0, id.wrapper.find(" -> "))));
  const fs::path dir = cache / key;
  const lock_file lock(cache / (key + ".lock"));
  if (!lock.held()) return *why = "cannot lock " + (cache / (key + ".lock")).string(), std::nullopt;
  const std::string stale = stale_because(dir, id);
  if (stale.empty()) return dir;
  if (stale != "none yet") progress << "redsem: the build in " << dir.string() << " is stale: " << stale << "\n";
  std::string temp = (cache / (".build-" + key + "-XXXXXX")).string();
  if (::mkdtemp(temp.data()) == nullptr) return *why = "cannot make a directory in " + cache.string(), std::nullopt;
  const std::string wrapper = id.wrapper.substr(0, id.wrapper.find(" -> "));
  progress << "redsem: building the check library, helpers and tracer for " << wrapper << " in " << dir.string()
           << "…\n"
           << std::flush;
  const bool built = build_pieces(wrapper, temp, id.text(), why);
  std::error_code ec;
  if (!built || !install_entry(temp, dir, why)) {
    fs::remove_all(temp, ec);
    return std::nullopt;
  }
  return dir;
}

std::vector<cache_entry> cache_entries(const fs::path& cache) {
  std::vector<cache_entry> entries;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(cache, ec)) {
    if (!e.is_directory(ec) || e.path().filename().string().front() == '.' || !fs::exists(e.path() / "identity", ec))
      continue;
    std::istringstream lines(read_text(e.path() / "identity"));
    std::string first;
    std::getline(lines, first);
    const std::string wrapper = first.rfind("wrapper ", 0) == 0 ? first.substr(8, first.find(" -> ") - 8) : "?";
    entries.push_back({e.path(), wrapper, read_text(e.path() / "family")});
  }
  std::sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) { return a.wrapper < b.wrapper; });
  return entries;
}

std::string family_of_library_text(const std::string& library) {
  const std::string mpi = mpi_of_library_text(library);
  if (mpi == "openmpi" || mpi == "mpich") return mpi;
  // The library's own words before its version, as a file-name word ("intelrmpilibrary").
  std::string word;
  for (char c : library) {
    if (std::isdigit(static_cast<unsigned char>(c)) || c == '\n' || word.size() >= 32) break;
    if (std::isalnum(static_cast<unsigned char>(c)))
      word += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  if (word.size() > 7 && word.ends_with("version")) word.resize(word.size() - 7);
  return word.empty() ? "mpi" : word;
}

}  // namespace redsem::tools
