// SPDX-License-Identifier: BSD-3-Clause
// `redsem rma SCENARIO`: every interleaving of one epoch's RMA accesses to one target (see
// sim/rma/scenario.h for the file format). Exit 0 when every `expect` line holds and every
// finding of undefined behaviour is expected; 1 when an expectation is refuted or cannot be
// confirmed (the search stopped early), or undefined behaviour is not expected; 2 on a bad
// scenario (sim/rma/expectations.h).
#include <fmt/format.h>

#include "model/input_file.h"
#include "sim/rma/expectations.h"
#include "tools/cli/command.h"
#include "tools/cli/common_options.h"
#include "tools/cli/json_document.h"
#include "tools/cli/json_text.h"
#include "tools/cli/number_options.h"
#include "tools/cli/progress.h"
#include "tools/render/rma_render.h"

namespace redsem::tools {
namespace {

struct rma_options {
  std::string file;
  bool json = false;
  std::size_t max_states = sim::rma::explore_options{}.max_states;
  std::size_t max_memory_mib = sim::rma::explore_options{}.memory_budget >> 20;
};

}  // namespace

command add_rma_command(CLI::App& app, sim::search_share share) {
  auto opts = std::make_shared<rma_options>();
  CLI::App* cmd = app.add_subcommand("rma", "Explore every interleaving of RMA accumulates (MPI-4.1 §13.3.4, §13.7)");
  // The policy is part of the scenario: its `expect` lines were written under it, so a
  // command-line policy could only make them wrong.
  cmd->footer("No --policy: a scenario sets the semantics policy itself, on its `policy` line.");
  cmd->add_option("scenario", opts->file, "Scenario file (see examples/rma/)")->required()->type_name("SCENARIO");
  add_json_flag(cmd, opts->json);
  add_whole_option(cmd, "--max-states", opts->max_states, {1, std::uint64_t{1} << 32},
                   "Stop a search beyond this many states");
  add_whole_option(cmd, "--max-memory", opts->max_memory_mib, {1, std::uint64_t{1} << 20},
                   "Stop a search once its states and outcomes take this many MiB (default 512)");
  return {cmd, [opts, share](std::ostream& out, std::ostream& err) {
            const sim::rma::scenario_limits limits;
            const input_file in = read_input_file(opts->file, limits.max_file_bytes);
            if (!in.text) {
              err << "redsem rma: " << opts->file << ": " << in.error << "\n";
              return int{bad_input};
            }
            std::string error;
            const auto s = sim::rma::parse_scenario(*in.text, opts->file, &error, limits);
            if (!s) {
              err << error << "\n";
              return int{bad_input};
            }
            sim::rma::explore_options eo;
            eo.max_states = opts->max_states;
            eo.memory_budget = opts->max_memory_mib << 20;
            eo.share = share;
            if (!opts->json) rma_header_text(out, *s), out << std::flush;  // before the search, which may take a while
            progress bar(err, share.index == 0 && stderr_is_terminal(), "rma " + opts->file);
            eo.on_progress = [&bar](const sim::rma::explore_progress& p) {
              bar.update(static_cast<std::uint64_t>(p.states), 0,
                         fmt::format("states, group {}/{}, {} search", p.group, p.groups, p.search));
            };
            const auto x = sim::rma::explore(s->program, eo);
            bar.finish();
            const auto verdict = sim::rma::scenario_verdict(*s, x);
            if (opts->json)
              out << json_text(json_document("rma", rma_json(*s, x, verdict, eo))) << "\n";
            else
              rma_text(out, *s, x, verdict, eo);
            return int{verdict.ok() ? ok : mismatch};
          }};
}

}  // namespace redsem::tools
