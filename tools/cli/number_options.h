/* SPDX-License-Identifier: BSD-3-Clause */
// Numeric options registered through one parser (tools/cli/bounded_number.h): the option's text is
// checked against its bounds while CLI11 parses the command line, so a bad number ends the
// run with exit 2 and a message naming the option, the text and the limit, before any work.
#pragma once

#include <CLI/CLI.hpp>
#include <concepts>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "tools/cli/bounded_number.h"

namespace redsem::tools {

namespace detail {
// The parsed number, or CLI11's validation error carrying the parser's message.
std::uint64_t whole_or_throw(const std::string& name, const std::string& text, whole_bounds bounds);
// A bound the target cannot hold is a programming error, caught where the option is added.
void check_fits(const std::string& name, whole_bounds bounds, std::uint64_t target_max);

template <class T>
struct whole_target {
  using type = T;
};
template <class T>
struct whole_target<std::optional<T>> {
  using type = T;
};
}  // namespace detail

// --name N: a whole number within `bounds`, stored in `target` (an integer or an optional one).
template <class Target>
CLI::Option* add_whole_option(CLI::App* cmd, const std::string& name, Target& target, whole_bounds bounds,
                              const std::string& description) {
  using T = typename detail::whole_target<Target>::type;
  static_assert(std::integral<T>);
  detail::check_fits(name, bounds, static_cast<std::uint64_t>(std::numeric_limits<T>::max()));
  return cmd
      ->add_option_function<std::string>(
          name,
          [&target, name, bounds](const std::string& text) {
            target = static_cast<T>(detail::whole_or_throw(name, text, bounds));
          },
          description)
      ->type_name("N");
}

// --name N N …: whole numbers, each within `bounds`.
CLI::Option* add_whole_list_option(CLI::App* cmd, const std::string& name, std::vector<int>& target,
                                   whole_bounds bounds, const std::string& description);

// --name S: seconds above 0 and at most `max`.
CLI::Option* add_seconds_option(CLI::App* cmd, const std::string& name, double& target, double max,
                                const std::string& description);

}  // namespace redsem::tools
