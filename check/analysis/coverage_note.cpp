// SPDX-License-Identifier: BSD-3-Clause
#include "check/analysis/coverage_note.h"

#include <fmt/format.h>

#include <algorithm>
#include <unordered_map>

namespace redsem::check {

std::vector<coverage_note> merge_notes(std::vector<coverage_note> notes) {
  std::vector<coverage_note> merged;
  std::unordered_map<std::string, std::size_t> index;
  for (auto& n : notes) {
    const auto [it, added] = index.try_emplace(n.text, merged.size());
    if (added) {
      if (n.examples.size() > max_note_examples) {
        n.examples.resize(max_note_examples);
        n.more_examples = true;
      }
      merged.push_back(std::move(n));
      continue;
    }
    coverage_note& into = merged[it->second];
    into.count += n.count;
    into.more_examples = into.more_examples || n.more_examples;
    for (auto& e : n.examples) {
      if (std::find(into.examples.begin(), into.examples.end(), e) != into.examples.end()) continue;
      if (into.examples.size() < max_note_examples)
        into.examples.push_back(std::move(e));
      else
        into.more_examples = true;
    }
  }
  return merged;
}

std::string note_line(const coverage_note& note) {
  if (note.count <= 1 && note.examples.empty()) return note.text;
  std::string examples;
  for (const auto& e : note.examples) examples += (examples.empty() ? ": " : "; ") + e;
  if (note.more_examples) examples += "; …";
  return fmt::format("{} ({} {}(s){})", note.text, note.count, note.unit, examples);
}

}  // namespace redsem::check
