/* SPDX-License-Identifier: BSD-3-Clause */
// "Did you mean …?": the known word nearest a mistyped one, for every message that rejects a
// name the user typed (a command, an option, an op, a type, a policy key or value).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace redsem::tools {

// Optimal string alignment distance (Damerau-Levenshtein without reusing a substring):
// insertions, deletions, substitutions and swaps of two neighbours, case-insensitive.
std::size_t edit_distance(std::string_view a, std::string_view b);

// The candidate nearest `word`, if it is near enough to be what was meant: at most one edit for
// words of up to 4 characters, two up to 8, three beyond (a typo, not a different word). Ties go
// to the earlier candidate.
std::optional<std::string> closest_word(std::string_view word, const std::vector<std::string>& candidates);

// "; did you mean 'X'?" for the closest candidate, or "" when none is near enough.
std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates);

}  // namespace redsem::tools
