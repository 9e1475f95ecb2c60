// SPDX-License-Identifier: BSD-3-Clause
#include "tools/commands/law_progress.h"

#include <fmt/format.h>

namespace redsem::tools {

law_progress::law_progress(std::ostream& err, std::string label, std::string subject)
    : bar_(err, stderr_is_terminal(), std::move(label)), subject_(std::move(subject)) {}

void law_progress::watch(laws::check_options& options) {
  options.on_progress = [this](laws::law which, std::uint64_t more) {
    cases_ += more;
    bar_.update(cases_, 0, fmt::format("cases, {}: {}", subject_, laws::property_name(which)));
  };
}

void law_progress::at(std::string_view what) { bar_.update(cases_, 0, fmt::format("cases, {}: {}", subject_, what)); }

}  // namespace redsem::tools
