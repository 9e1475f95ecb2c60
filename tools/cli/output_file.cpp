// SPDX-License-Identifier: BSD-3-Clause
#include "tools/cli/output_file.h"

#include "model/output_file.h"

namespace redsem::tools {

std::optional<std::string> unwritable_file(const std::filesystem::path& file) { return output_file_problem(file); }

std::optional<std::string> create_output_directory(const std::filesystem::path& dir) {
  std::error_code ec;
  if (std::filesystem::is_symlink(std::filesystem::symlink_status(dir, ec)) && !std::filesystem::exists(dir, ec))
    return "cannot create " + dir.string() + ": it is a symbolic link to nothing (name the directory itself)";
  std::filesystem::create_directories(dir, ec);
  if (ec) return "cannot create " + dir.string() + ": " + ec.message();
  if (!std::filesystem::is_directory(dir, ec)) return "cannot create " + dir.string() + ": not a directory";
  return std::nullopt;
}

std::optional<std::string> unwritable_file_in(const std::filesystem::path& dir, const std::string& name) {
  if (auto problem = create_output_directory(dir)) return problem;
  return unwritable_file(dir / name);
}

}  // namespace redsem::tools
