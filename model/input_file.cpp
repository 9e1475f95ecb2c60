// SPDX-License-Identifier: BSD-3-Clause
#include "model/input_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace redsem {
namespace {

// Closes the descriptor on every way out.
struct descriptor {
  int fd;
  ~descriptor() {
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace

input_file read_input_file(const std::string& path, std::size_t max_bytes) {
  // O_NONBLOCK for the open only: opening a FIFO that no one writes would otherwise wait for a
  // writer forever. Reading it then finds no writer and ends at once (POSIX read(): end of file
  // on a pipe no process holds open for writing); a pipe with a writer (`<(cmd)`) is read as usual.
  const descriptor d{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC)};
  if (d.fd < 0) return {std::nullopt, std::string("cannot open the file: ") + std::strerror(errno)};
  struct stat st {};
  if (::fstat(d.fd, &st) != 0) return {std::nullopt, std::string("cannot read the file: ") + std::strerror(errno)};
  if (S_ISDIR(st.st_mode)) return {std::nullopt, "is a directory, not a file"};
  const int flags = ::fcntl(d.fd, F_GETFL);
  if (flags < 0 || ::fcntl(d.fd, F_SETFL, flags & ~O_NONBLOCK) != 0)
    return {std::nullopt, std::string("cannot read the file: ") + std::strerror(errno)};
  // One byte beyond the cap tells a file of exactly max_bytes from a longer one, without
  // trusting a size that devices and pipes do not report.
  // Grown as the file fills it, so a generous cap (a checked run's records) costs nothing
  // for a small file.
  std::string text(std::min<std::size_t>(max_bytes + 1, 65536), '\0');
  std::size_t filled = 0;
  for (;;) {
    if (filled == text.size()) {
      if (text.size() == max_bytes + 1) break;
      text.resize(text.size() > (max_bytes + 1) / 2 ? max_bytes + 1 : 2 * text.size());
    }
    const ssize_t n = ::read(d.fd, text.data() + filled, text.size() - filled);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return {std::nullopt, std::string("cannot read the file: ") + std::strerror(errno)};
    if (n == 0) break;
    filled += static_cast<std::size_t>(n);
  }
  text.resize(filled);
  if (text.size() > max_bytes) return {std::nullopt, "file larger than " + std::to_string(max_bytes) + " bytes"};
  return {std::move(text), {}};
}

}  // namespace redsem
