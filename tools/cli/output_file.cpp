#include "tools/cli/output_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace redsem::tools {

std::optional<std::string> unwritable_file(const std::filesystem::path& file) {
  // Opening is the only true test: permission bits say nothing for root or on a read-only mount.
  int fd = open(file.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC | O_NOCTTY);
  bool created = false;
  if (fd < 0 && errno == ENOENT) {
    fd = open(file.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOCTTY, 0644);
    created = fd >= 0;
  }
  if (fd < 0) return "cannot write " + file.string() + ": " + std::strerror(errno);
  close(fd);
  if (created) unlink(file.c_str());
  return std::nullopt;
}

std::optional<std::string> unwritable_file_in(const std::filesystem::path& dir, const std::string& name) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return "cannot create " + dir.string() + ": " + ec.message();
  return unwritable_file(dir / name);
}

}  // namespace redsem::tools
