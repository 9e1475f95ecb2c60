/* SPDX-License-Identifier: BSD-3-Clause */
// Shrinking a failing case to a minimal counterexample (fewest elements, simplest values,
// aligned buffers, one call when that still fails), then saying what the failure needs:
// a minimum length, an alignment, a special value, or a position in the buffer.
#pragma once

#include <string>
#include <vector>

#include "props/fuzz/differential.h"

namespace redsem::fuzz {

// Runs that may hang while shrinking: a hang is shrunk in at most this many, and shrinking any
// other failure stops after this many of its candidates hung.
constexpr int hang_shrink_budget = 4;

// The smallest case found that fails as `found` (the failing case's result) does: with the same
// verdict kind and, for a policy choice, right under the same policy. Shorter lengths are tried
// each one, not only by dropping elements: a failure need not persist at every length between.
// `budget` bounds the number of kernel runs (a kernel behind a pipe is slow).
fuzz_case shrink(const differential& d, fuzz_case failing, const case_result& found, int budget = 4000);

// The case cut to `length` elements: its first ones and, when element `keep` lies beyond them,
// the ones ending with it; chunks are cut alike. The variants a search of shorter cases tries.
std::vector<fuzz_case> cut_to_length(const fuzz_case& c, std::int64_t length, std::int64_t keep, std::int64_t extent);
// The lengths below n such a search tries: every one up to all_lengths_below, else 1 … 64 and
// every power of two below n, with n − 1.
constexpr std::int64_t all_lengths_below = 256;
std::vector<std::int64_t> shorter_lengths(std::int64_t n);

// One finding about what the failure needs, e.g. {"length", "only at length >= 64"}.
struct condition {
  std::string kind;  // "length", "alignment", "value", "position"
  std::string text;
};

// Probes the minimal case: shorter buffers, every offset pair, ordinary values in place of
// special ones, the failing operands at every position of longer buffers.
std::vector<condition> characterize(const differential& d, const fuzz_case& minimal, const case_result& result);

}  // namespace redsem::fuzz
