// SPDX-License-Identifier: BSD-3-Clause
#include "sim/rma/scenario_lines.h"

#include <algorithm>
#include <charconv>
#include <limits>
#include <sstream>

#include "sim/rma/scenario_values.h"

namespace redsem::sim::rma::detail {

std::vector<std::string> words_of(const std::string& line) {
  std::istringstream in(line.substr(0, line.find('#')));
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

line_record record(int number, std::vector<std::string> words) {
  line_record r{number, words.front(), {}, {}, -1};
  words.erase(words.begin());
  if (r.head == "rank") {
    if (words.empty() || words.front().back() != ':') throw bad_input{number, "expected 'rank R: CALL …'"};
    const std::string rank = words.front().substr(0, words.front().size() - 1);
    std::int64_t v = -1;
    const auto [end, ec] = std::from_chars(rank.data(), rank.data() + rank.size(), v);
    if (ec != std::errc() || end != rank.data() + rank.size() || v < 0 || v > std::numeric_limits<int>::max())
      throw bad_input{number, "'" + rank + "' is not a rank (ranks are 0, 1, … below the 'ranks' count)"};
    r.rank = static_cast<int>(v);
    words.erase(words.begin());
  } else if (r.head == "local:") {
    r.head = "local";
  }
  for (const auto& w : words)
    if (const auto eq = w.find('='); eq != std::string::npos) r.keys[w.substr(0, eq)] = w.substr(eq + 1);
  r.words = std::move(words);
  return r;
}

std::int64_t int_key(const line_record& r, const std::string& key, std::int64_t fallback) {
  const auto it = r.keys.find(key);
  if (it == r.keys.end()) return fallback;
  try {
    std::size_t used = 0;
    const long long v = std::stoll(it->second, &used, 0);
    if (used == it->second.size()) return v;
  } catch (...) {
  }
  throw bad_input{r.line, key + "=" + it->second + " is not an integer"};
}

datatype type_key(const line_record& r, const std::string& key, const scenario_limits& limits) {
  const auto it = r.keys.find(key);
  if (it == r.keys.end()) throw bad_input{r.line, "missing " + key + "="};
  std::string error;
  if (auto t = parse_datatype(it->second, &error, limits)) return *t;
  throw bad_input{r.line, error};
}

std::vector<std::string> values_key(const line_record& r, const std::string& key) {
  const auto it = r.keys.find(key);
  if (it == r.keys.end()) return {};
  std::vector<std::string> out;
  std::string item;
  std::istringstream in(it->second);
  while (std::getline(in, item, ',')) out.push_back(item);
  return out;
}

int rank_word(const line_record& r, const std::string& word) {
  const std::int64_t t = int_key(line_record{r.line, "", {}, {{"target", word}}, -1}, "target", 0);
  return static_cast<int>(std::clamp<std::int64_t>(t, -1, std::numeric_limits<int>::max()));
}

int target_key(const line_record& r, int fallback, int ranks) {
  if (!r.keys.contains("target")) return fallback;
  const std::int64_t t = int_key(r, "target", 0);
  if (t < 0 || t >= ranks)
    throw bad_input{r.line, "target=" + r.keys.at("target") + " is not a rank of the window group (0 to " +
                                std::to_string(ranks - 1) + ")"};
  return static_cast<int>(t);
}

std::set<int> rank_list(const line_record& r, const std::string& word, const std::string& usage) {
  std::set<int> group;
  std::istringstream in(word);
  for (std::string item; std::getline(in, item, ',');) {
    if (item.empty() || item.find_first_not_of("0123456789") != std::string::npos)
      throw bad_input{r.line, usage + ": '" + item + "' is not a rank"};
    group.insert(rank_word(r, item));
  }
  if (group.empty()) throw bad_input{r.line, usage + ": no rank"};
  return group;
}

}  // namespace redsem::sim::rma::detail
