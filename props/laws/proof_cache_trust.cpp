// SPDX-License-Identifier: BSD-3-Clause
// Which directories the proof cache is used from (proof_cache.h): a verdict that cannot be
// replayed is only as good as the directory it was read from, so the directory is checked as
// ssh checks the directories that hold a key.
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "props/laws/proof_cache.h"

namespace redsem::laws {
namespace {

std::string octal_mode(mode_t mode) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "%04o", static_cast<unsigned>(mode & 07777));
  return buf;
}

// Why the directory `d` lets another user put files in `cache`, or "". `is_cache`: `d` is the
// cache itself, where a sticky bit does not help (anyone could add an entry under a new name).
std::string loose(const std::filesystem::path& d, bool is_cache, const std::filesystem::path& cache) {
  struct stat st {};
  if (::stat(d.c_str(), &st) != 0) return d.string() + ": " + std::strerror(errno);
  const uid_t me = ::geteuid();
  if (st.st_uid != me && st.st_uid != 0)
    return d.string() + " belongs to uid " + std::to_string(st.st_uid) + ", not to you (uid " + std::to_string(me) +
           ") or root; use a cache directory of your own (--cache-dir, XDG_CACHE_HOME)";
  const bool others_write = (st.st_mode & (S_IWGRP | S_IWOTH)) != 0;
  if (others_write && (is_cache || (st.st_mode & S_ISVTX) == 0))
    return d.string() + " can be written by group or others (mode " + octal_mode(st.st_mode) +
           "), who could put verdicts in " + cache.string() + "; `chmod go-w " + d.string() + "` to use it";
  return "";
}

// `dir` and the directories above it, up to `home` (when `dir` is inside it) or /.
std::string loose_chain(const std::filesystem::path& dir, const std::optional<std::filesystem::path>& home) {
  for (auto d = dir;; d = d.parent_path()) {
    if (auto why = loose(d, d == dir, dir); !why.empty()) return why;
    if ((home && d == *home) || d == d.root_path() || d.parent_path() == d) return "";
  }
}

}  // namespace

std::optional<std::string> proof_cache::untrusted(const std::filesystem::path& dir) {
  std::error_code ec;
  const auto lexical = std::filesystem::absolute(dir, ec).lexically_normal();
  const auto real = std::filesystem::canonical(dir, ec);
  if (ec) return dir.string() + ": " + ec.message();
  std::optional<std::filesystem::path> home;
  if (const char* h = std::getenv("HOME"); h != nullptr && *h == '/') home = std::filesystem::weakly_canonical(h, ec);
  // Both the path as named and the one its symbolic links lead to: either could be swapped.
  for (const auto& d : {lexical, real}) {
    auto p = d;
    if (!p.has_filename() && p != p.root_path()) p = p.parent_path();  // "dir/" names dir
    if (auto why = loose_chain(p, home); !why.empty()) return why;
  }
  return std::nullopt;
}

std::optional<proof_cache> proof_cache::open(const std::filesystem::path& dir, std::ostream& notes,
                                             std::string command) {
  if (auto why = unusable(dir)) {
    notes << command << ": not using the proof cache " << dir.string() << ": " << *why << "\n";
    return std::nullopt;
  }
  if (auto why = untrusted(dir)) {
    notes << command << ": not using the proof cache " << dir.string() << ": " << *why
          << " (laws are proved without it)\n";
    return std::nullopt;
  }
  return proof_cache(dir, &notes, std::move(command));
}

}  // namespace redsem::laws
