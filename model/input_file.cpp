#include "model/input_file.h"

#include <filesystem>
#include <fstream>
#include <system_error>

namespace redsem {

input_file read_input_file(const std::string& path, std::size_t max_bytes) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) return {std::nullopt, "is a directory, not a file"};
  std::ifstream in(path, std::ios::binary);
  if (!in) return {std::nullopt, "cannot open the file"};
  // One byte beyond the cap tells a file of exactly max_bytes from a longer one, without
  // trusting a size that devices and pipes do not report.
  std::string text(max_bytes + 1, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  if (in.bad()) return {std::nullopt, "cannot read the file"};
  text.resize(static_cast<std::size_t>(in.gcount()));
  if (text.size() > max_bytes) return {std::nullopt, "file larger than " + std::to_string(max_bytes) + " bytes"};
  return {std::move(text), {}};
}

}  // namespace redsem
