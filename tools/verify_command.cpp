// `redsem verify`: the whole verification over the built-in catalogue.
#include <algorithm>

#include "model/policy.h"
#include "tools/command.h"
#include "tools/table_render.h"

namespace redsem::tools {

command add_verify_command(CLI::App& app) {
  struct options {
    bool json = false;
    bool quick = false;
  };
  auto opts = std::make_shared<options>();
  CLI::App* cmd = app.add_subcommand("verify", "Run every check on the built-in catalogue");
  cmd->add_flag("--json", opts->json, "Print one JSON document instead of text");
  cmd->add_flag("--quick", opts->quick, "A CI-sized run");
  return {cmd, [opts](std::ostream& out, std::ostream&) {
            const auto validity = validity_table();
            const auto locals = locals_table();
            const bool all_agree = std::all_of(locals.begin(), locals.end(),
                                               [](const locals_row& r) { return r.verdict == row_verdict::agrees; });
            if (opts->json) {
              nlohmann::json doc{{"policy", to_string(policy{})},
                                 {"validity", to_json(validity)},
                                 {"reduce_locals", to_json(locals)},
                                 {"verdict", all_agree ? "as_expected" : "mismatch"}};
              out << doc.dump(2) << "\n";
            } else {
              out << "redsem verify — policy " << to_string(policy{}) << "\n\n";
              out << render_text(validity) << "\n" << render_text(locals) << "\n";
              out << (all_agree ? "verify: every verdict as expected\n" : "verify: MISMATCH (see DISAGREES above)\n");
            }
            return all_agree ? ok : mismatch;
          }};
}

}  // namespace redsem::tools
