/* SPDX-License-Identifier: BSD-3-Clause */
// For the libFuzzer builds only (tests/opfile, tests/rma, tests/tools): clang 14 lacks the
// builtin that libstdc++ 12's <source_location> needs, so that header defines nothing and the
// model does not compile. Force-included there (-include this file), it supplies the same
// interface from clang's older builtins; a toolchain that has the real one skips it.
#pragma once

#include <source_location>

#if !defined(__cpp_lib_source_location) && defined(__clang__)
namespace std {
struct source_location {
  static constexpr source_location current(const char* file = __builtin_FILE(),
                                           const char* function = __builtin_FUNCTION(),
                                           unsigned line = __builtin_LINE(),
                                           unsigned column = __builtin_COLUMN()) noexcept {
    source_location s;
    s.file_ = file;
    s.function_ = function;
    s.line_ = line;
    s.column_ = column;
    return s;
  }
  constexpr const char* file_name() const noexcept { return file_; }
  constexpr const char* function_name() const noexcept { return function_; }
  constexpr unsigned line() const noexcept { return line_; }
  constexpr unsigned column() const noexcept { return column_; }

 private:
  const char* file_ = "";
  const char* function_ = "";
  unsigned line_ = 0, column_ = 0;
};
}  // namespace std
#endif
