// `redsem rma SCENARIO`: every interleaving of one epoch's RMA accesses to one target (see
// sim/rma/scenario.h for the file format). Exit 0 when every `expect` line holds, 1 naming each
// that does not, 2 on a bad scenario.
#include <fstream>
#include <sstream>

#include "tools/command.h"
#include "tools/json_text.h"
#include "tools/number_options.h"
#include "tools/rma_render.h"

namespace redsem::tools {
namespace {

struct rma_options {
  std::string file;
  bool json = false;
  std::size_t max_states = 20'000'000;
};

}  // namespace

command add_rma_command(CLI::App& app, sim::search_share share) {
  auto opts = std::make_shared<rma_options>();
  CLI::App* cmd = app.add_subcommand("rma", "Explore every interleaving of RMA accumulates (MPI-4.1 §13.3.4, §13.7)");
  cmd->add_option("scenario", opts->file, "Scenario file (see examples/rma/)")->required()->type_name("SCENARIO");
  cmd->add_flag("--json", opts->json, "Print one JSON document instead of text");
  add_whole_option(cmd, "--max-states", opts->max_states, {1, SIZE_MAX}, "Stop a search beyond this many states");
  return {cmd, [opts, share](std::ostream& out, std::ostream& err) {
            std::ifstream in(opts->file);
            if (!in) {
              err << "redsem rma: cannot read " << opts->file << "\n";
              return int{bad_input};
            }
            std::stringstream text;
            text << in.rdbuf();
            std::string error;
            const auto s = sim::rma::parse_scenario(text.str(), opts->file, &error);
            if (!s) {
              err << error << "\n";
              return int{bad_input};
            }
            const auto x = sim::rma::explore(s->program, {opts->max_states, true, share});
            std::vector<rma_expectation_result> results;
            bool all_met = true;
            for (const auto& e : s->expectations) {
              std::string detail;
              const bool met = sim::rma::expectation_met(e, *s, x, &detail);
              results.push_back({&e, met, detail});
              all_met = all_met && met;
            }
            if (opts->json) out << json_text(rma_json(*s, x, results)) << "\n";
            else rma_text(out, *s, x, results);
            return int{all_met ? ok : mismatch};
          }};
}

}  // namespace redsem::tools
