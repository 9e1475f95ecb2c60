/* SPDX-License-Identifier: BSD-3-Clause */
// One line of a report's "not observed": what the check did not observe or analyse, and why.
// A real RMA library makes thousands of calls that one bound or one gap leaves unseen alike; said
// once per call they bury the report. So a note states its kind, cause and place (a window, a call
// site) in `text`, the same for every instance, and keeps the instances apart: notes of one text
// are merged into one with their count and the first few distinct instances (docs/check_records.md,
// "Coverage").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace redsem::check {

// At most this many distinct instances are kept per note; the count keeps the rest.
inline constexpr std::size_t max_note_examples = 3;

struct coverage_note {
  std::string text;                     // what was not observed or analysed, and why
  std::vector<std::string> examples{};  // distinct instances (a rank, a call), the first max_note_examples
  std::uint64_t count = 1;              // instances merged into this note
  std::string unit = "time";            // what one instance is, for the count: "call", "rank", "time"
  bool more_examples = false;           // distinct instances beyond `examples` were merged in
};

// Notes of the same text become one: counts added, examples joined (distinct, first seen first, at
// most max_note_examples). Order: as first seen. Merging merged notes again changes nothing.
std::vector<coverage_note> merge_notes(std::vector<coverage_note> notes);

// The note as one line: its text, then, when it stands for more than one instance or names one,
// "(N unit(s): first; second; …)", the ellipsis when more distinct instances were merged.
std::string note_line(const coverage_note& note);

}  // namespace redsem::check
