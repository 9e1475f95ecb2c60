// The op-file law table (tools/opcheck_command.cpp), shared by `redsem opcheck` and
// `redsem laws --op-file`.
#pragma once

#include <ostream>
#include <string>

namespace redsem::tools {

struct opcheck_request {
  std::string file;
  std::string type;  // the type parameter's choice; "" = the first
  bool all_types = false;
  bool json = false;
  bool prove = false;
  unsigned timeout_ms = 10000;
  std::string policy_text;
};

// Prints the table; returns the exit code (0 ok, 1 a declared or required law refuted, 2 bad input).
int run_opcheck(const opcheck_request& request, std::ostream& out, std::ostream& err);

}  // namespace redsem::tools
