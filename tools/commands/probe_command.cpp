// SPDX-License-Identifier: BSD-3-Clause
// `redsem probe`: runs a real MPI's reduction collectives with a tracing op under mpirun, and
// reports the evaluation tree each result came from and every rule of MPI-4.1 it breaks.
// Exit 0 when no case breaks a rule, 1 when some case does, 2 on bad input.
#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <nlohmann/json.hpp>

#include "probe/check.h"
#include "probe/launch.h"
#include "tools/cli/command.h"
#include "tools/cli/common_options.h"
#include "tools/cli/json_document.h"
#include "tools/cli/json_text.h"
#include "tools/cli/number_options.h"
#include "tools/cli/progress.h"
#include "tools/mpi/mpi_installation.h"

namespace redsem::tools {
namespace {

struct options {
  std::string mpi;
  int procs = 4;
  std::vector<int> counts;
  std::vector<std::string> forms;  // empty: all
  std::string tracer;
  int stall_seconds = 15;
  bool json = false;
};

std::string yes_no(bool b) { return b ? "yes" : "no"; }

// The shapes of the trees that combine every contribution, with one example each.
std::string shapes_text(const probe::case_verdict& v) {
  std::string s;
  for (const auto& [shape, elements] : v.full_shapes)
    s += fmt::format("{}{} [{}]", s.empty() ? "" : "; ", shape, v.full_examples.at(shape));
  if (v.distinct_full_trees > 1) s += fmt::format(" ({} different trees)", v.distinct_full_trees);
  return s.empty() ? "-" : s;
}

// The sim/ algorithms that give exactly the traced trees.
std::string simulated_text(const probe::case_trace& c, const probe::case_verdict& v) {
  if (!c.completed) return "-";
  if (v.simulated.algorithms.empty()) return "no simulated algorithm";
  return fmt::format("{}", fmt::join(v.simulated.algorithms, "/"));
}

// Whether --form asked for the form (no --form: every form).
bool form_run(const std::vector<std::string>& asked, probe::call_form f) {
  return asked.empty() || std::find(asked.begin(), asked.end(), probe::to_string(f)) != asked.end();
}

// The call forms the library has, and through which binding ("unsupported": no cases of that form).
std::string forms_text(const probe::probe_trace& trace, const std::vector<std::string>& asked) {
  std::string s;
  for (const auto& f : trace.forms)
    s += fmt::format("{}{} {}", s.empty() ? "" : ", ", probe::to_string(f.form),
                     !f.supported              ? "unsupported"
                     : form_run(asked, f.form) ? "(" + f.binding + ")"
                                               : "(" + f.binding + ", not run)");
  return s;
}

nlohmann::json to_json(const probe::probe_trace& trace, const std::vector<probe::case_verdict>& verdicts,
                       long violations, const std::vector<std::string>& asked) {
  nlohmann::json cases = nlohmann::json::array();
  for (std::size_t i = 0; i < trace.cases.size(); ++i) {
    const auto& c = trace.cases[i];
    const auto& v = verdicts[i];
    nlohmann::json shapes = nlohmann::json::array();
    for (const auto& [shape, elements] : v.shapes)
      shapes.push_back({{"shape", shape}, {"elements", elements}, {"example", v.examples.at(shape)}});
    nlohmann::json broken = nlohmann::json::array();
    for (const auto& x : v.violations) broken.push_back({{"rule", x.rule}, {"details", x.details}});
    nlohmann::json full = nlohmann::json::object();
    for (const auto& [shape, elements] : v.full_shapes)
      full[shape] = {{"elements", elements}, {"example", v.full_examples.at(shape)}};
    cases.push_back({{"id", c.id},
                     {"collective", std::string(probe::to_string(c.which))},
                     {"form", std::string(probe::to_string(c.form))},
                     {"call", probe::call_name(c.which, c.form)},
                     {"commute", c.commute},
                     {"in_place", c.in_place},
                     {"count", c.count},
                     {"root", c.root},
                     {"padded", c.padded},
                     {"completed", c.completed},
                     {"shapes", shapes},
                     {"full_tree_shapes", full},
                     {"distinct_full_trees", v.distinct_full_trees},
                     {"sim_algorithms", v.simulated.algorithms},
                     {"sim_elements_matched", v.simulated.partial},
                     {"sim_elements_compared", v.simulated.elements},
                     {"violations", broken},
                     {"notes", v.notes}});
  }
  nlohmann::json forms = nlohmann::json::array();
  for (const auto& f : trace.forms)
    forms.push_back({{"form", std::string(probe::to_string(f.form))},
                     {"supported", f.supported},
                     {"binding", f.binding},
                     {"run", f.supported && form_run(asked, f.form)}});
  return {{"library", trace.library},
          {"procs", trace.size},
          {"call_forms", forms},
          {"element_bytes", trace.element_bytes},
          {"cases", cases},
          {"violations", violations},
          {"verdict", violations == 0 ? "conforming" : "violations"}};
}

// The report's header: the library, its size and call forms, as soon as the tracer says them.
std::string header_text(const probe::probe_trace& trace, const std::vector<std::string>& asked) {
  std::string s =
      fmt::format("{} on {} processes ({}-byte tracing elements)\n", trace.library, trace.size, trace.element_bytes);
  if (!trace.forms.empty()) s += fmt::format("call forms: {}\n", forms_text(trace, asked));
  return s;
}

// The rest of the report, after header_text.
void render_text(std::ostream& out, const probe::probe_trace& trace, const std::vector<probe::case_verdict>& verdicts,
                 long violations) {
  out << fmt::format("\n{:>4}  {:<20} {:<11} {:<7} {:<8} {:>6} {:<6} {:>4}  {:<9} {:<22} {}\n", "case", "collective",
                     "form", "commute", "in-place", "count", "layout", "root", "verdict", "sim algorithm",
                     "shape of the full trees [example]");
  for (std::size_t i = 0; i < trace.cases.size(); ++i) {
    const auto& c = trace.cases[i];
    const auto& v = verdicts[i];
    const bool has_root = c.which == probe::collective::reduce;
    out << fmt::format("{:>4}  {:<20} {:<11} {:<7} {:<8} {:>6} {:<6} {:>4}  {:<9} {:<22} {}\n", c.id,
                       probe::to_string(c.which), probe::to_string(c.form), yes_no(c.commute), yes_no(c.in_place),
                       c.count, c.padded ? "padded" : "dense", has_root ? std::to_string(c.root) : "-",
                       !c.completed           ? "CRASHED"
                       : v.violations.empty() ? "ok"
                                              : "VIOLATES",
                       simulated_text(c, v), shapes_text(v));
  }
  for (std::size_t i = 0; i < trace.cases.size(); ++i)
    for (const auto& x : verdicts[i].violations)
      out << fmt::format("\ncase {}: {}, in {}\n  {}", trace.cases[i].id, x.rule,
                         probe::call_name(trace.cases[i].which, trace.cases[i].form), x.details);
  std::map<std::string, std::vector<int>> notes;
  for (std::size_t i = 0; i < trace.cases.size(); ++i)
    for (const auto& n : verdicts[i].notes) notes[n].push_back(trace.cases[i].id);
  for (const auto& [note, ids] : notes) out << fmt::format("\nnote (cases {}): {}", fmt::join(ids, " "), note);
  out << fmt::format("\n\n{} cases, {} violations: {}\n", trace.cases.size(), violations,
                     violations == 0 ? "conforming" : "VIOLATIONS");
}

// For `--mpi PATH`: the tracer built for that MPI (unless --tracer names one) and the launcher
// beside its wrapper; false after saying why not.
bool by_path(const options& o, probe::launch_options& lo, std::ostream& err) {
  if (o.mpi.find('/') == std::string::npos) return true;
  const auto mpi = find_mpi("probe", o.mpi, err);
  if (!mpi) return false;
  lo.flavor = mpi->family;
  lo.launcher = mpi->launcher();
  if (lo.tracer.empty()) lo.tracer = mpi->tracer().string();
  if (lo.launcher.empty())
    err << "redsem probe: --mpi '" << o.mpi << "': no mpiexec or mpirun beside " << mpi->wrapper << "\n";
  return !lo.launcher.empty();
}

}  // namespace

command add_probe_command(CLI::App& app) {
  auto opts = std::make_shared<options>();
  CLI::App* cmd = app.add_subcommand("probe", "Trace a real MPI library's reduction collectives under mpirun");
  // Its verdicts are about which operands met in which order (a tracing op), never values.
  cmd->footer("No --policy: probe checks the evaluation trees, whose rules no semantics policy changes.");
  cmd->add_option("--mpi", opts->mpi,
                  "The MPI library: openmpi, mpich, or the path of an MPI's C compiler wrapper (mpicc) or of its "
                  "prefix (run by the mpiexec beside it)")
      ->type_name("NAME|PATH")
      ->required();
  add_whole_option(cmd, "--procs", opts->procs, {2, 16}, "Number of processes (2..16)");
  add_whole_list_option(cmd, "--counts", opts->counts, {1, 1 << 20}, "Elements per call (default 1 64 4096)");
  cmd->add_option("--form", opts->forms,
                  "Run only this call form (repeatable): blocking, nonblocking, persistent (default: all)");
  add_whole_option(cmd, "--stall", opts->stall_seconds, {1, 3600},
                   "Kill a job that prints nothing for this many seconds (default 15)");
  cmd->add_option("--tracer", opts->tracer, "The tracer program (default: the one of redsem's add-on for --mpi)");
  add_json_flag(cmd, opts->json);
  return {cmd, [opts](std::ostream& out, std::ostream& err) {
            std::vector<probe::call_form> forms;
            for (const auto& name : opts->forms) {
              const auto f = probe::parse_call_form(name);
              if (!f) {
                err << "redsem probe: --form: no call form '" << name << "' (blocking, nonblocking, persistent)\n";
                return int{bad_input};
              }
              forms.push_back(*f);
            }
            probe::launch_options lo{opts->mpi,           opts->procs, opts->counts, forms, opts->tracer,
                                     opts->stall_seconds, ""};
            if (!by_path(*opts, lo, err)) return int{bad_input};
            probe::probe_trace trace;
            bool header_shown = opts->json;
            try {
              progress bar(err, stderr_is_terminal(), "probe --mpi " + opts->mpi);
              // The header as soon as the tracer has said it all, above the line (stdout may be the same
              // terminal). The call forms follow the first line and may arrive apart from it: the header is
              // whole once a case has begun.
              lo.on_progress = [&](const probe::probe_trace& so_far, std::size_t done) {
                const bool whole = so_far.size > 0 && !so_far.cases.empty();
                if (!header_shown && whole) bar.print(out, header_text(so_far, opts->forms));
                header_shown = header_shown || whole;
                bar.update(done, 0, "cases traced");
              };
              trace = probe::run_tracer(lo);
            } catch (const std::invalid_argument& e) {
              err << "redsem probe: " << e.what() << "\n";
              return int{bad_input};
            } catch (const std::runtime_error& e) {
              err << "redsem probe: " << e.what() << "\n";
              return int{bad_input};
            }
            if (trace.cases.empty()) {  // no case is no evidence of conformance
              err << "redsem probe: the tracer " << (opts->tracer.empty() ? std::string("of this build") : opts->tracer)
                  << " reported no case: no verdict (is it redsem's probe tracer?)\n";
              return int{bad_input};
            }
            std::vector<probe::case_verdict> verdicts;
            long violations = 0;
            for (const auto& c : trace.cases) {
              verdicts.push_back(probe::check_case(c, trace.size));
              violations += static_cast<long>(verdicts.back().violations.size());
            }
            if (opts->json)
              out << json_text(json_document("probe", to_json(trace, verdicts, violations, opts->forms)), 1) << "\n";
            else
              render_text(out << (header_shown ? "" : header_text(trace, opts->forms)), trace, verdicts, violations);
            return violations == 0 ? int{ok} : int{mismatch};
          }};
}

}  // namespace redsem::tools
