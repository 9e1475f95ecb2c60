// SPDX-License-Identifier: BSD-3-Clause
#include "tools/cli/number_options.h"

#include <stdexcept>

namespace redsem::tools {
namespace detail {

std::uint64_t whole_or_throw(const std::string& name, const std::string& text, whole_bounds bounds) {
  std::string why;
  const auto value = parse_whole_number(name, text, bounds, &why);
  if (!value) throw CLI::ValidationError(why);
  return *value;
}

void check_fits(const std::string& name, whole_bounds bounds, std::uint64_t target_max) {
  if (bounds.min > bounds.max || bounds.max > target_max)
    throw std::logic_error("internal error: the bounds of " + name + " do not fit its variable");
}

}  // namespace detail

CLI::Option* add_whole_list_option(CLI::App* cmd, const std::string& name, std::vector<int>& target,
                                   whole_bounds bounds, const std::string& description) {
  detail::check_fits(name, bounds, static_cast<std::uint64_t>(std::numeric_limits<int>::max()));
  return cmd
      ->add_option_function<std::vector<std::string>>(
          name,
          [&target, name, bounds](const std::vector<std::string>& texts) {
            target.clear();
            for (const auto& text : texts)
              target.push_back(static_cast<int>(detail::whole_or_throw(name, text, bounds)));
          },
          description)
      ->type_name("N");
}

CLI::Option* add_seconds_option(CLI::App* cmd, const std::string& name, double& target, double max,
                                const std::string& description) {
  return cmd
      ->add_option_function<std::string>(
          name,
          [&target, name, max](const std::string& text) {
            std::string why;
            const auto value = parse_seconds(name, text, max, &why);
            if (!value) throw CLI::ValidationError(why);
            target = *value;
          },
          description)
      ->type_name("S");
}

}  // namespace redsem::tools
