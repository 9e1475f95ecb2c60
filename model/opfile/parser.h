/* SPDX-License-Identifier: BSD-3-Clause */
// Reading an op file (docs/op-files.md) into its syntax. Any input gets an answer, an op or
// one diagnostic naming file:line:col and what was expected, in time and memory bounded
// by the limits below.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "model/opfile/syntax.h"

namespace redsem::opfile {

struct parse_limits {
  std::size_t max_bytes = 1 << 20;    // a longer file is refused before it is read
  std::size_t max_nodes = 100'000;    // expression nodes in the whole file
  int max_depth = 200;                // nesting of expressions (parentheses, operators, if)
  std::size_t max_name_length = 256;  // identifiers and type names
  std::size_t max_fields = 64;
  std::size_t max_set_size = 1024;    // elements of `e in {...}`
};

struct parse_result {
  std::optional<op_syntax> op;  // set on success
  diagnostic error;             // set on failure
};

parse_result parse_op_text(std::string_view text, const std::string& file, const parse_limits& limits = {});

// Reads `path` (at most limits.max_bytes) and parses it; a missing file is a diagnostic too.
parse_result parse_op_path(const std::string& path, const parse_limits& limits = {});

}  // namespace redsem::opfile
