/* SPDX-License-Identifier: BSD-3-Clause */
// Writing a file redsem produces (a report, a record, emitted C, a proof-cache entry): the one
// way every command writes one, so that a full disk, a planted symbolic link or a device is
// handled the same everywhere (docs/design.md, "How redsem writes files").
//
// - A new file, or a regular file it replaces, is written to a fresh temporary file in the
//   same directory, created with O_CREAT | O_EXCL | O_NOFOLLOW under a random name (so no
//   link planted there can redirect the write), and renamed over the target once every byte
//   and the close succeeded: a reader sees the old file or the whole new one, never half.
//   A replaced file keeps its permission bits.
// - A device, a FIFO or a socket (/dev/stdout to a pipe or a terminal, /dev/full) is written
//   where it is, never replaced, and its write errors are reported.
// - /dev/stdout, /dev/stderr, /dev/fd/N and /proc/self/fd/N name a descriptor the process
//   already has: written through it, whatever it reaches (a shell redirection into a file).
// - Any other symbolic link is followed only to such a non-regular file. A link to a regular file or
//   to nothing is refused: replacing the link would cut it, and writing through it is how a
//   planted link makes a program overwrite a file it was never asked to touch.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace redsem {

// Nothing when `path` now holds `text`; otherwise "cannot write PATH: reason", and a regular
// target is as it was (a device or a FIFO may have taken part of the text).
std::optional<std::string> write_output_file(const std::filesystem::path& path, std::string_view text);

// What write_output_file would refuse before writing anything (a missing or read-only
// directory, a directory in the file's place, a link it does not follow), tried the way it
// writes: so a command can refuse an output path before its work rather than after.
std::optional<std::string> output_file_problem(const std::filesystem::path& path);

}  // namespace redsem
