// Files a command writes after its work (a report, a record): tried before the work starts, so
// that an unwritable path is a bad-input exit at once, not after every verdict was computed.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace redsem::tools {

// Nothing when `file` can be written (created, or opened for writing without truncating it);
// otherwise "cannot write FILE: reason". A file this creates to find out is removed again.
std::optional<std::string> unwritable_file(const std::filesystem::path& file);

// The same for DIR/name, creating DIR (and its parents) first as the writer would.
std::optional<std::string> unwritable_file_in(const std::filesystem::path& dir, const std::string& name);

}  // namespace redsem::tools
