// For the libFuzzer build only (forced in with -include, see CMakeLists.txt): clang 14 with
// libstdc++ 12 has no std::source_location (libstdc++ needs __builtin_source_location, which
// clang has from version 15), and model/check.h uses it. A stand-in with the members redsem
// uses (constexpr, not consteval: clang 14 rejects consteval in default arguments); any
// toolchain that has the real one skips it.
#pragma once

#include <version>

#if defined(__clang__) && !defined(__cpp_lib_source_location)
#include <cstdint>

namespace std {
struct source_location {
  static constexpr source_location current(const char* file = __builtin_FILE(),
                                           std::uint_least32_t line = __builtin_LINE()) noexcept {
    source_location s;
    s.file_ = file;
    s.line_ = line;
    return s;
  }
  constexpr const char* file_name() const noexcept { return file_; }
  constexpr std::uint_least32_t line() const noexcept { return line_; }
  constexpr std::uint_least32_t column() const noexcept { return 0; }
  constexpr const char* function_name() const noexcept { return ""; }

 private:
  const char* file_ = "";
  std::uint_least32_t line_ = 0;
};
}  // namespace std
#endif
