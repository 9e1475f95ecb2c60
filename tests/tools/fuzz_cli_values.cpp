// SPDX-License-Identifier: BSD-3-Clause
// libFuzzer target for the command line's value parsers: a bounded whole number, a duration,
// the --values list and the --policy text. Any bytes either parse to a value inside the bounds
// (and a policy to one that reads back the same) or give a message naming the option; never a
// crash, a hang or an allocation the text's length does not justify.
//
// The first byte picks the parser; for numbers the next 16 bytes are the bounds.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "model/policy.h"
#include "tools/cli/bounded_number.h"
#include "tools/cli/value_list.h"

namespace {

std::uint64_t take_u64(std::string_view& s) {
  std::uint64_t v = 0;
  const std::size_t n = std::min<std::size_t>(8, s.size());
  std::memcpy(&v, s.data(), n);
  s.remove_prefix(n);
  return v;
}

void check_whole(std::string_view s) {
  std::uint64_t a = take_u64(s), b = take_u64(s);
  if (a > b) std::swap(a, b);
  std::string why;
  const auto v = redsem::tools::parse_whole_number("--n", s, {a, b}, &why);
  if (v ? *v < a || *v > b : why.rfind("--n ", 0) != 0) __builtin_trap();
}

void check_seconds(std::string_view s) {
  const double max = static_cast<double>(take_u64(s) % 100000 + 1);
  std::string why;
  const auto v = redsem::tools::parse_seconds("--t", s, max, &why);
  if (v ? !(*v > 0 && *v <= max && std::isfinite(*v)) : why.rfind("--t ", 0) != 0) __builtin_trap();
}

void check_values(std::string_view s) {
  if (s.empty()) return;
  const auto t = static_cast<redsem::basic_type>(static_cast<unsigned char>(s[0]) % redsem::basic_type_count);
  s.remove_prefix(1);
  const auto type = redsem::datatype::predefined(t);
  std::string why;
  const auto v = redsem::tools::parse_values(std::string(s), type, &why);
  if (!v) {
    if (why.empty()) __builtin_trap();
    return;
  }
  if (v->size() > s.size() + 1) __builtin_trap();  // one element per comma at most
  for (const auto& e : *v)
    if (e.size() != static_cast<std::size_t>(type.extent())) __builtin_trap();
}

void check_policy(std::string_view s) {
  std::string why;
  const auto p = redsem::parse_policy(s, &why);
  if (!p) {
    if (why.empty()) __builtin_trap();
    return;
  }
  const auto again = redsem::parse_policy(redsem::to_string(*p), &why);  // the canonical text reads back
  if (!again || !(*again == *p)) __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  std::string_view s(reinterpret_cast<const char*>(data) + 1, size - 1);
  switch (data[0] % 4) {
    case 0:
      check_whole(s);
      break;
    case 1:
      check_seconds(s);
      break;
    case 2:
      check_values(s);
      break;
    default:
      check_policy(s);
      break;
  }
  return 0;
}
