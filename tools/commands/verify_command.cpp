// SPDX-License-Identifier: BSD-3-Clause
// `redsem verify`: every section of the built-in catalogue, each verdict compared with the
// catalogue's recorded expectation. Exit 0 when all match, 1 naming each that does not.
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <iostream>

#include "model/output_file.h"
#include "model/policy.h"
#include "tools/cli/command.h"
#include "tools/cli/common_options.h"
#include "tools/cli/json_document.h"
#include "tools/cli/json_text.h"
#include "tools/cli/output_file.h"
#include "tools/cli/policy_option.h"
#include "tools/cli/progress.h"
#include "tools/render/html_report.h"
#include "tools/verify/verify_section.h"

namespace redsem::tools {
namespace {

struct options {
  bool json = false;
  bool quick = false;
  std::string html_dir;
  std::string policy_text;
  std::string record_path;
  std::vector<std::string> only;  // section ids; empty: all
};

nlohmann::json to_json(const std::vector<finished_section>& done, const verify_options& vo,
                       const std::vector<std::string>& mismatches) {
  nlohmann::json sections = nlohmann::json::object();
  for (const auto& f : done)
    sections[f.section->id] = {{"title", f.section->title},
                               {"seconds", f.seconds},
                               {"mismatches", f.report.mismatches},
                               {"result", f.report.json}};
  return {{"policy", to_string(vo.semantics)},
          {"quick", vo.quick},
          {"sections", sections},
          {"mismatches", mismatches},
          {"verdict", mismatches.empty() ? "as_expected" : "mismatch"}};
}

// Output paths are tried first: one that cannot be written would hide every verdict behind exit 2.
std::optional<std::string> unwritable_outputs(const options& o) {
  if (!o.record_path.empty())
    if (auto problem = unwritable_file(o.record_path)) return problem;
  if (!o.html_dir.empty()) return unwritable_file_in(o.html_dir, "index.html");
  return std::nullopt;
}

}  // namespace

command add_verify_command(CLI::App& app) {
  auto opts = std::make_shared<options>();
  CLI::App* cmd = app.add_subcommand("verify", "Run every check on the built-in catalogue");
  add_json_flag(cmd, opts->json);
  cmd->add_flag("--quick", opts->quick, "A CI-sized run (smaller searches, same verdicts)");
  cmd->add_option("--html", opts->html_dir, "Also write a self-contained HTML report to DIR/index.html")
      ->type_name("DIR");
  add_policy_option(cmd, opts->policy_text);
  cmd->add_option("--section", opts->only, "Run only this section (repeatable): validity, reduce_locals, kernels, …")
      ->type_name("ID");
  cmd->add_option("--record", opts->record_path,
                  "Also write the verdicts reached to FILE, in the form of tools/catalogue/expectations.json")
      ->type_name("FILE");
  return {cmd, [opts](std::ostream& out, std::ostream& err) {
            verify_options vo;
            vo.quick = opts->quick;
            std::string why;
            const auto parsed = policy_from_option(opts->policy_text, &why);
            if (!parsed) {
              err << "redsem verify: " << why << "\n";
              return int{bad_input};
            }
            vo.semantics = *parsed;
            if (const auto problem = unwritable_outputs(*opts)) {
              err << "redsem verify: " << *problem << "\n";
              return int{bad_input};
            }
            auto sections = verify_sections();
            if (!opts->only.empty()) {
              for (const auto& id : opts->only)
                if (std::none_of(sections.begin(), sections.end(), [&](const auto& s) { return s.id == id; })) {
                  std::string known;
                  for (const auto& s : sections) known += (known.empty() ? "" : ", ") + s.id;
                  err << "redsem verify: --section: no section '" << id << "' (known: " << known << ")\n";
                  return int{bad_input};
                }
              std::erase_if(sections, [&](const auto& s) {
                return std::find(opts->only.begin(), opts->only.end(), s.id) == opts->only.end();
              });
            }
            const bool terminal = stderr_is_terminal();
            progress bar(err, terminal, "verify", sections.size());
            std::vector<finished_section> done;
            std::vector<std::string> mismatches;
            for (const auto& s : sections) {
              bar.update(done.size(), sections.size(), s.title);
              vo.on_progress = [&](std::size_t step, std::size_t steps) {
                bar.update(done.size(), sections.size(), fmt::format("{} ({}/{})", s.title, std::min(step, steps), steps));
              };
              const auto started = std::chrono::steady_clock::now();
              section_report report = s.run(vo);
              const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
              // Off a terminal (a log): one line per section with its time, in place of the status line.
              if (!terminal)
                err << fmt::format("verify: [{}/{}] {} ({:.1f} s)\n", done.size() + 1, sections.size(), s.title, seconds)
                    << std::flush;
              mismatches.insert(mismatches.end(), report.mismatches.begin(), report.mismatches.end());
              done.push_back({&s, std::move(report), seconds});
            }
            vo.on_progress = [](std::size_t, std::size_t) {};  // its captures end with the loop
            bar.finish();
            if (!opts->record_path.empty()) {
              nlohmann::json record = nlohmann::json::object();
              for (const auto& f : done)
                if (!f.report.verdicts.empty()) record[f.section->id] = f.report.verdicts;
              if (const auto problem = write_output_file(opts->record_path, json_text(record) + "\n")) {
                err << "redsem verify: --record: " << *problem << "\n";
                return int{bad_input};
              }
              err << "verify: verdicts recorded in " << opts->record_path << "\n";
            }
            if (!opts->html_dir.empty()) {
              try {
                const auto path = write_html_report(opts->html_dir, done, vo);
                err << "verify: HTML report in " << path.string() << "\n";
              } catch (const std::exception& e) {
                err << "redsem verify: " << e.what() << "\n";
                return int{bad_input};
              }
            }
            if (opts->json) {
              out << json_text(json_document("verify", to_json(done, vo, mismatches))) << "\n";
            } else {
              out << "redsem verify — policy " << to_string(vo.semantics) << (vo.quick ? " (quick)" : "") << "\n\n";
              for (const auto& f : done) out << f.report.text << "\n";
              if (mismatches.empty()) {
                out << "verify: every verdict as expected\n";
              } else {
                out << fmt::format("verify: {} MISMATCHES\n", mismatches.size());
                for (const auto& m : mismatches) out << "  " << m << "\n";
              }
            }
            return int{mismatches.empty() ? ok : mismatch};
          }};
}

}  // namespace redsem::tools
