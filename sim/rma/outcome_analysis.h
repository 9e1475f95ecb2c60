/* SPDX-License-Identifier: BSD-3-Clause */
// What one group's outcomes say: how many there are, which no serial order gives (and the
// smallest of those), and the distinct values each place ends with. In a split search every
// share analyses the outcomes it owns and the shares exchange only distinct values and small
// summaries: the outcomes themselves (millions, the whole window and every fetched value each)
// never travel to every share.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "model/datatype.h"
#include "sim/rma/records.h"
#include "sim/search_share.h"

namespace redsem::sim::rma {

// A place in an outcome: one window element, or the value one fetching step saw.
struct outcome_place {
  std::string name;  // in an outcome: "window @8" or "rank 1 #0 fetched @8"
  std::string what;  // over its values: "window @8 (MPI_DOUBLE)" or "rank 1 #0 fetched @8"
  basic_type type = basic_type::int_;
  std::size_t at = 0;  // its first byte in the outcome
};

// How many of a place's values a value_set keeps (and a report shows).
inline constexpr std::size_t max_shown_values = 8;

// The values one place ends with across all outcomes of its group.
struct value_set {
  std::string what;
  basic_type type = basic_type::int_;
  std::size_t distinct = 0;
  std::vector<std::string> values;  // formatted, the first max_shown_values in value order (numbers ascending)
  std::vector<std::vector<std::byte>> bytes;  // the same values' bytes (a JSON report's numbers)
  bool numeric = false;                       // floating point: min and max below are meaningful
  std::string min, max;
  std::vector<std::byte> min_bytes, max_bytes;
  long double spread = 0;  // max − min
};

struct outcome_analysis {
  std::size_t outcomes = 0;                                         // distinct outcomes reached
  std::size_t serial_outcomes = 0;                                  // distinct outcomes of the serial reference
  std::size_t non_serializable = 0;                                 // reached, but by no serial order
  std::optional<std::vector<std::byte>> smallest_non_serializable;  // memcmp order: found in any order, the same
  std::vector<value_set> values;                                    // per place
};

// `reached` and `serial` are this share's outcomes (search_result::finals; all of them in one
// process), of the same width. Collective over the share's processes.
outcome_analysis analyse_outcomes(const record_list& reached, record_list serial,
                                  const std::vector<outcome_place>& places, const search_share& share);

}  // namespace redsem::sim::rma
