// SPDX-License-Identifier: BSD-3-Clause
#include "model/output_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <random>

namespace redsem {
namespace {

constexpr const char* link_refused =
    "a symbolic link to a regular file or to nothing (redsem follows a link only to a device or a "
    "pipe: name the file itself)";

std::string failure(const std::filesystem::path& path, const std::string& why) {
  return "cannot write " + path.string() + ": " + why;
}

// How the target is written, decided on the name itself (lstat): a link is not followed here.
enum class way { replace, in_place, failed };
struct target {
  way how = way::replace;
  bool exists = false;
  struct stat st {};
  std::string error;  // when failed
};

target examine(const std::filesystem::path& path) {
  target t;
  if (::lstat(path.c_str(), &t.st) != 0) {
    if (errno == ENOENT) return t;
    t.how = way::failed;
    t.error = failure(path, std::strerror(errno));
    return t;
  }
  t.exists = true;
  if (S_ISDIR(t.st.st_mode)) {
    t.how = way::failed;
    t.error = failure(path, std::strerror(EISDIR));
  } else if (!S_ISREG(t.st.st_mode)) {
    t.how = way::in_place;
  }
  return t;
}

// A non-regular target opened for writing where it is (following a link, never creating), or
// -1 with *why. What the descriptor reaches is checked, not what the name said a moment ago.
int open_in_place(const std::filesystem::path& path, bool is_link, std::string* why) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) {
    *why = failure(path, is_link && errno == ENOENT ? link_refused : std::strerror(errno));
    return -1;
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0 || S_ISREG(st.st_mode)) {
    ::close(fd);
    *why = failure(path, is_link ? link_refused : "it became a regular file while being opened");
    return -1;
  }
  return fd;
}

// A fresh file in `dir` that no other name reaches: O_EXCL | O_NOFOLLOW refuse anything already
// at the name, a planted link included, and another random name is tried.
int open_temporary(const std::filesystem::path& dir, std::filesystem::path* temp) {
  std::random_device random;
  for (int attempt = 0; attempt < 100; ++attempt) {
    char name[40];
    std::snprintf(name, sizeof name, ".redsem-%08x%08x.tmp", random(), random());
    *temp = dir / name;
    const int fd = ::open(temp->c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC, 0666);
    if (fd >= 0 || errno != EEXIST) return fd;
  }
  errno = EEXIST;
  return -1;
}

std::filesystem::path directory_of(const std::filesystem::path& path) {
  return path.has_parent_path() ? path.parent_path() : std::filesystem::path(".");
}

// 0, or the errno of the first write or of the close (where NFS reports a full disk).
int write_and_close(int fd, std::string_view text) {
  int error = 0;
  while (!text.empty() && error == 0) {
    const ssize_t n = ::write(fd, text.data(), text.size());
    if (n >= 0)
      text.remove_prefix(static_cast<std::size_t>(n));
    else if (errno != EINTR)
      error = errno;
  }
  if (::close(fd) != 0 && error == 0) error = errno;
  return error;
}

std::optional<std::string> replace(const std::filesystem::path& path, std::string_view text, const target& t) {
  std::filesystem::path temp;
  const int fd = open_temporary(directory_of(path), &temp);
  if (fd < 0) return failure(path, std::strerror(errno));
  int error = t.exists && ::fchmod(fd, t.st.st_mode & 07777) != 0 ? errno : 0;
  if (error != 0)
    ::close(fd);
  else
    error = write_and_close(fd, text);
  if (error == 0 && ::rename(temp.c_str(), path.c_str()) != 0) error = errno;
  if (error == 0) return std::nullopt;
  ::unlink(temp.c_str());
  return failure(path, std::strerror(error));
}

// The descriptor a name such as /dev/stdout or /dev/fd/3 stands for, or -1. Such a name means
// "what this process already has open there" (a shell redirection into a file included), so it
// is written through a duplicate of that descriptor, never resolved to a file and replaced.
int named_descriptor(const std::filesystem::path& path) {
  const std::string name = path.lexically_normal().string();
  if (name == "/dev/stdout") return 1;
  if (name == "/dev/stderr") return 2;
  for (const std::string prefix : {"/dev/fd/", "/proc/self/fd/"}) {
    if (name.size() <= prefix.size() || name.compare(0, prefix.size(), prefix) != 0) continue;
    const std::string digits = name.substr(prefix.size());
    if (digits.size() > 6 || digits.find_first_not_of("0123456789") != std::string::npos) return -1;
    return std::stoi(digits);
  }
  return -1;
}

}  // namespace

std::optional<std::string> write_output_file(const std::filesystem::path& path, std::string_view text) {
  if (const int named = named_descriptor(path); named >= 0) {
    const int fd = ::fcntl(named, F_DUPFD_CLOEXEC, 0);
    if (fd < 0) return failure(path, std::strerror(errno));
    if (const int error = write_and_close(fd, text); error != 0) return failure(path, std::strerror(error));
    return std::nullopt;
  }
  const target t = examine(path);
  if (t.how == way::failed) return t.error;
  if (t.how == way::replace) return replace(path, text, t);
  std::string why;
  const int fd = open_in_place(path, S_ISLNK(t.st.st_mode), &why);
  if (fd < 0) return why;
  if (const int error = write_and_close(fd, text); error != 0) return failure(path, std::strerror(error));
  return std::nullopt;
}

std::optional<std::string> output_file_problem(const std::filesystem::path& path) {
  if (const int named = named_descriptor(path); named >= 0) {
    if (::fcntl(named, F_GETFD) < 0) return failure(path, std::strerror(errno));
    return std::nullopt;
  }
  const target t = examine(path);
  if (t.how == way::failed) return t.error;
  if (t.how == way::in_place) {
    std::string why;
    const int fd = open_in_place(path, S_ISLNK(t.st.st_mode), &why);
    if (fd < 0) return why;
    ::close(fd);
    return std::nullopt;
  }
  // Creating the temporary file is the only true test: permission bits say nothing for root
  // or on a read-only mount.
  std::filesystem::path temp;
  const int fd = open_temporary(directory_of(path), &temp);
  if (fd < 0) return failure(path, std::strerror(errno));
  ::close(fd);
  ::unlink(temp.c_str());
  return std::nullopt;
}

}  // namespace redsem
