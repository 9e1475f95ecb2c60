/* SPDX-License-Identifier: BSD-3-Clause */
// How bad a finding is, as MUST grades them: the one scale every verdict of redsem uses, a law
// finding of `opcheck` and a finding of `redsem check` alike (docs/design.md, decision 12).
#pragma once

#include <cstdint>
#include <string_view>

namespace redsem {

enum class severity : std::uint8_t {
  error,    // erroneous under MPI, or a declared property that is false: decides the exit status
  warning,  // legal but not portable or not reproducible: decides it only when the user asks
  note,     // worth knowing, nothing wrong: never decides it
};

std::string_view to_string(severity s);  // "error", "warning", "note"

}  // namespace redsem
