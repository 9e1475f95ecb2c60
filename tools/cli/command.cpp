// SPDX-License-Identifier: BSD-3-Clause
#include "tools/cli/command.h"

namespace redsem::tools {

int run_subcommand(const command& c, std::ostream& out, std::ostream& err) {
  try {
    return c.run(out, err);
  } catch (const fuzz::slow_call& slow) {
    out.flush();
    err << "redsem " << c.app->get_name() << ": " << slow.what() << "\n";
    return no_verdict;
  }
}

}  // namespace redsem::tools
