// SPDX-License-Identifier: BSD-3-Clause
#include "tools/commands/check_progress.h"

#include <fmt/format.h>

namespace redsem::tools {

std::unique_ptr<record_listener> start_listener(const std::filesystem::path& dir, progress& bar, std::ostream& err) {
  try {
    return std::make_unique<record_listener>(dir, [&bar](std::size_t ranks, std::uint64_t records) {
      bar.update(records, 0, fmt::format("records from {} rank(s), the program running", ranks));
    });
  } catch (const std::exception& e) {
    err << "redsem check: note: " << e.what() << "; ranks write their records into " << dir.string() << "\n";
    return nullptr;
  }
}

check::run_report analyse_records(const check::run_records& records, const check::analysis_options& options,
                                  std::ostream& err) {
  progress bar(err, stderr_is_terminal(), "check");
  return check::analyse_run(records, options, [&](std::size_t done, std::size_t total, std::string_view step) {
    bar.update(done, total, fmt::format("analysis steps over {} rank(s)' records: {}", records.ranks.size(), step));
  });
}

}  // namespace redsem::tools
