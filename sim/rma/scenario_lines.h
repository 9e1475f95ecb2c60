/* SPDX-License-Identifier: BSD-3-Clause */
// The lines of a scenario file (scenario.h), split into words and key=value pairs, and the
// readers of their fields: shared by the scenario builder and its buffer and synchronisation part.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "model/typemap.h"
#include "sim/rma/scenario.h"
#include "sim/rma/scenario_limits.h"

namespace redsem::sim::rma::detail {

// Bad input on a line: parse_scenario turns it into "file:line: message".
struct bad_input {
  int line;
  std::string message;
};

struct line_record {
  int line;
  std::string head;                           // first word ("window", "rank", "local", …)
  std::vector<std::string> words;             // the rest, as written
  std::map<std::string, std::string> keys;   // key=value words
  int rank = -1;                              // "rank R:" lines
};

// The words of a line before any '#'.
std::vector<std::string> words_of(const std::string& line);
// Line `number` from its words (at least one); "rank R:" read into rank.
line_record record(int number, std::vector<std::string> words);
// key=INTEGER, or `fallback` when the key is absent.
std::int64_t int_key(const line_record& r, const std::string& key, std::int64_t fallback);
// key=DATATYPE (required).
datatype type_key(const line_record& r, const std::string& key, const scenario_limits& limits);
// key=V,V,… (empty when absent).
std::vector<std::string> values_key(const line_record& r, const std::string& key);
// A rank named on a line; beyond the group it is the model's rank_out_of_range finding.
int rank_word(const line_record& r, const std::string& word);
// The window a line names with target=T (`fallback` when absent): a rank of the `ranks` group.
int target_key(const line_record& r, int fallback, int ranks);
// A group written "R,R,…" (ranks beyond the window group are the model's rank_out_of_range).
std::set<int> rank_list(const line_record& r, const std::string& word, const std::string& usage);
// "expect clean|serializable|non_serializable|finding KIND|erroneous RULE|outcomes N"
// (scenario_expect_line.cpp).
expectation read_expect_line(const line_record& r);

}  // namespace redsem::sim::rma::detail
