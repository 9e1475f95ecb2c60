/* SPDX-License-Identifier: BSD-3-Clause */
// Always-on internal invariants: a broken invariant is a bug in redsem, reported with
// file and line whatever the build type.
#pragma once

#include <source_location>
#include <string_view>

namespace redsem {

[[noreturn]] void internal_error(std::string_view what,
                                 std::source_location where = std::source_location::current());

inline void ensure(bool condition, std::string_view what,
                   std::source_location where = std::source_location::current()) {
  if (!condition) internal_error(what, where);
}

}  // namespace redsem
