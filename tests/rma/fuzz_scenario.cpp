// SPDX-License-Identifier: BSD-3-Clause
// libFuzzer target: any bytes given to the scenario reader either load or yield one message
// naming file and line, without a crash, a hang or unbounded memory. A scenario that loads is
// also explored (with a small state limit) and its expectations judged, so the reader's
// promises to the explorer are fuzzed too.
#include <cstddef>
#include <cstdint>
#include <string>

#include "sim/rma/expectations.h"
#include "sim/rma/scenario.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace redsem::sim::rma;
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::string error;
  const auto s = parse_scenario(text, "fuzz.rma", &error);
  if (!s) {
    if (error.rfind("fuzz.rma:", 0) != 0) __builtin_trap();  // a failure always names file and line
    return 0;
  }
  explore_options options;
  options.max_states = 2000;
  options.memory_budget = std::size_t{64} << 20;
  const exploration x = explore(s->program, options);
  for (const expectation& e : s->expectations) (void)judge(e, *s, x);
  (void)scenario_verdict(*s, x);
  return 0;
}
