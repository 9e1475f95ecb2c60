/* SPDX-License-Identifier: BSD-3-Clause */
// Files and directories a command writes after its work (a report, a record): tried before the
// work starts, so that an unwritable path is a bad-input exit at once, not after every verdict
// was computed. The files themselves are written by redsem::write_output_file
// (model/output_file.h), whose rules the check below applies.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace redsem::tools {

// Nothing when `file` can be written as write_output_file writes it; otherwise
// "cannot write FILE: reason".
std::optional<std::string> unwritable_file(const std::filesystem::path& file);

// Creates `dir` and its parents unless they exist; nothing when it is a directory then,
// otherwise "cannot create DIR: reason". A symbolic link to nothing is refused by name rather
// than with the system's "File exists".
std::optional<std::string> create_output_directory(const std::filesystem::path& dir);

// The same for DIR/name, creating DIR (and its parents) first as the writer would.
std::optional<std::string> unwritable_file_in(const std::filesystem::path& dir, const std::string& name);

}  // namespace redsem::tools
