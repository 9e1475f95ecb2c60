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

// The smallest case found that fails with the same verdict kind. `budget` bounds the number
// of kernel runs (a kernel behind a pipe is slow).
fuzz_case shrink(const differential& d, fuzz_case failing, verdict_kind kind, int budget = 4000);

// One finding about what the failure needs, e.g. {"length", "only at length >= 64"}.
struct condition {
  std::string kind;  // "length", "alignment", "value", "position"
  std::string text;
};

// Probes the minimal case: shorter buffers, every offset pair, ordinary values in place of
// special ones, the failing operands at every position of longer buffers.
std::vector<condition> characterize(const differential& d, const fuzz_case& minimal, const case_result& result);

}  // namespace redsem::fuzz
