// SPDX-License-Identifier: BSD-3-Clause
// What an `rma_call` line says of the target's memory, and which `rma_sync` line completes it:
// one reading for the target-side race check (rma_local_races.h) and the reads-from order
// (rma_reads_from.h).
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "check/analysis/record_fields.h"
#include "model/datatype.h"

namespace redsem::check {

// The size of one element of the call's target type, when it is a basic datatype; none for a
// derived one, which is not replayed here.
inline std::optional<std::int64_t> element_bytes_of(const nlohmann::json& call) {
  const auto t = parse_basic_type(text_of(call, "type"));
  if (!t) return std::nullopt;
  return static_cast<std::int64_t>(info(*t).size);
}

// The target bytes of a call of a basic datatype; none for a derived one, nor for one the runtime
// could not write as text (too long: its record says null). A record read back by `redsem check
// --records` may hold any integer: a call whose bytes do not fit in 64 bits is left out, never
// wrapped (signed overflow).
inline std::optional<std::int64_t> bytes_of(const nlohmann::json& call) {
  const auto size = element_bytes_of(call);
  std::int64_t bytes = 0;
  if (!size || __builtin_mul_overflow(*size, call.value("count", std::int64_t{0}), &bytes)) return std::nullopt;
  return bytes;
}

// The call's name without the large-count suffix: MPI_Get_c is MPI_Get with MPI_Count arguments
// (MPI-4.1 §13.3), the same access to the target.
inline std::string call_name_of(const nlohmann::json& call) {
  std::string name = call.value("call", "");
  if (name.ends_with("_c")) name.resize(name.size() - 2);
  return name;
}

// Whether the call may write the target's memory (a get and MPI_NO_OP only read it).
inline bool updates_target(const nlohmann::json& call) {
  const std::string name = call_name_of(call);
  if (name == "MPI_Get" || name == "MPI_Rget") return false;
  return call.value("op", "") != "MPI_NO_OP";
}

// Whether the line says that its rank's record of its window stops here, whatever follows it: the
// runtime's bound on synchronisation calls recorded (rma_limit sync_events), or the reader's memory
// bound, which cut the rank's record there (rma_limit records_cut, put in by rma_analysis.cpp).
inline bool window_record_stops(const nlohmann::json& line) {
  if (text_of(line, "ev") != "rma_limit") return false;
  const std::string what = text_of(line, "what");
  return what == "sync_events" || what == "records_cut";
}

// Whether sync line `s` completes, at the target, a call to `target`.
inline bool completes(const nlohmann::json& s, int target) {
  const std::string c = s.value("call", "");
  if (c == "MPI_Win_unlock_all" || c == "MPI_Win_flush_all" || c == "MPI_Win_fence" || c == "MPI_Win_complete")
    return true;
  return (c == "MPI_Win_unlock" || c == "MPI_Win_flush") && s.value("target", -1) == target;
}

}  // namespace redsem::check
