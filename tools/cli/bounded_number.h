/* SPDX-License-Identifier: BSD-3-Clause */
// Numbers on the command line. Every numeric option of every command is read here, whole,
// and checked against that option's bounds while the command line is parsed: no count reaches
// an allocation unchecked, and each message names the option, the text and the limit
// ("--procs 1000000000: at most 4096").
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace redsem::tools {

struct whole_bounds {
  std::uint64_t min = 0;
  std::uint64_t max = UINT64_MAX;
};

// Decimal digits with an optional decimal exponent ("20000000000", "2e10"); no sign, no
// spaces, no fraction. Returns nullopt with *error naming `option`, `text` and the bound.
std::optional<std::uint64_t> parse_whole_number(std::string_view option, std::string_view text, whole_bounds bounds,
                                                std::string* error);

// A duration in seconds: a decimal number ("0.5", "10", "1e2"), finite, above zero and at
// most `max`. Returns nullopt with *error naming `option`, `text` and the bound.
std::optional<double> parse_seconds(std::string_view option, std::string_view text, double max, std::string* error);

}  // namespace redsem::tools
