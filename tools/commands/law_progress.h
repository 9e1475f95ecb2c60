/* SPDX-License-Identifier: BSD-3-Clause */
// The progress line of a concrete law search (props/laws/opfile_check.h) in `redsem opcheck`:
// the cases checked so far, summed over the laws and over the searches run again after the
// first (without NaN and -0, as MPI's own op), and which law the search is at.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>

#include "props/laws/opfile_check.h"
#include "tools/cli/progress.h"

namespace redsem::tools {

class law_progress {
 public:
  // `label` names the run ("opcheck FILE"), `subject` the op whose laws are searched.
  law_progress(std::ostream& err, std::string label, std::string subject);

  // Counts every case `options` tells of; the options must not outlive this.
  void watch(laws::check_options& options);
  // What the run is at now besides a search ("Z3").
  void at(std::string_view what);
  // Clears the line: done before the report is written (to a stdout that may be the same terminal).
  void finish() { bar_.finish(); }

 private:
  progress bar_;
  std::string subject_;
  std::uint64_t cases_ = 0;
};

}  // namespace redsem::tools
