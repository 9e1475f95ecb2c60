// SPDX-License-Identifier: BSD-3-Clause
// `redsem fuzz --mpi` alone (fuzz.h): a real MPI library's MPI_Reduce_local over every (op,
// type), on derived layouts too, or its argument surface, in the library's helper processes.
#include <unistd.h>

#include <algorithm>

#include "props/fuzz/fuzz_run.h"
#include "tools/cli/command.h"
#include "tools/cli/common_options.h"
#include "tools/cli/json_document.h"
#include "tools/cli/json_text.h"
#include "tools/cli/progress.h"
#include "tools/commands/fuzz.h"
#include "tools/mpi/mpi_helper_path.h"
#include "tools/render/fuzz_mpi_render.h"
#include "tools/render/fuzz_surface_render.h"

namespace redsem::tools {
namespace {

// --layouts: "all", "none" or names separated by commas; nullopt after saying what is wrong.
std::optional<std::vector<fuzz::derived_layout>> parse_layouts(const std::string& text, std::ostream& err) {
  if (text == "all") return fuzz::all_derived_layouts();
  std::vector<fuzz::derived_layout> out;
  if (text == "none") return out;
  std::size_t start = 0;
  for (;;) {
    const std::size_t comma = text.find(',', start);
    const std::string name = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    const auto l = fuzz::parse_derived_layout(name);
    if (!l) {
      err << "redsem fuzz: --layouts: unknown layout '" << name << "'; expected all, none or a list of";
      for (auto known : fuzz::all_derived_layouts()) err << " " << to_string(known);
      err << "\n";
      return std::nullopt;
    }
    out.push_back(*l);
    if (comma == std::string::npos) return out;
    start = comma + 1;
  }
}

constexpr std::int64_t default_layout_cases = 50;
constexpr std::int64_t default_layout_length = 200;

}  // namespace

int run_fuzz_mpi(const fuzz_request& o, const policy& semantics, std::ostream& out, std::ostream& err) {
  fuzz::mpi_campaign_options mo;
  mo.semantics = semantics;
  mo.per_pair.cases = o.cases.value_or(200);
  mo.per_pair.seed = o.seed;
  mo.per_pair.limits.max_length = o.max_length.value_or(1100);
  mo.per_pair.limits.misalign = !o.aligned;
  mo.per_pair.limits.noncanonical_bools = o.noncanonical_bools;
  mo.per_pair.shrink_budget = 1500;
  mo.per_pair.call_timeout = o.call_timeout;
  std::string bad_name;
  if ((!o.op.empty() && !(mo.only_op = op_from_option(o.op, &bad_name))) ||
      (!o.type.empty() && !(mo.only_type = type_from_option(o.type, &bad_name)))) {
    err << "redsem fuzz: " << bad_name << "\n";
    return bad_input;
  }
  const auto layouts = parse_layouts(o.layouts.empty() ? "all" : o.layouts, err);
  if (!layouts) return bad_input;
  mo.layouts = *layouts;
  // Each derived element holds several basic ones: fewer and shorter cases keep a full run short.
  mo.per_layout = mo.per_pair;
  mo.per_layout.cases = o.cases.value_or(default_layout_cases);
  mo.per_layout.limits.max_length = o.max_length.value_or(default_layout_length);
  if (!mpi_helper_usable("fuzz", o.mpi, o.mpi_helper, err)) return bad_input;
  const std::string helper_program = mpi_helper_path(o.mpi, o.mpi_helper);
  if (o.surface) {
    const std::string surface_helper = mpi_helper_path(o.mpi, o.mpi_helper, "redsem-mpi-surface-helper-");
    if (access(surface_helper.c_str(), X_OK) != 0) {
      err << "redsem fuzz: no surface helper for " << o.mpi << " at " << surface_helper << "\n";
      return bad_input;
    }
    const auto rows = fuzz::run_surface(surface_helper);
    if (o.json)
      out << json_text(json_document("fuzz", surface_json(o.mpi, rows))) << "\n";
    else
      out << render_surface(o.mpi, rows);
    return std::any_of(rows.begin(), rows.end(), [](const auto& r) { return fuzz::is_finding(r.verdict); })
               ? int{mismatch}
               : int{ok};
  }
  fuzz::mpi_helper helper(helper_program, o.call_timeout);
  progress bar(err, stderr_is_terminal(), "fuzz --mpi " + o.mpi);
  const auto report = fuzz::run_mpi_campaign(
      helper, o.mpi, mo,
      [&](std::size_t done, std::size_t total, const std::string& pair) { bar.update(done, total, pair); });
  bar.finish();
  if (!report.started) {
    err << "redsem fuzz: the " << o.mpi << " helper did not start: " << report.version << "\n";
    return bad_input;
  }
  // A legal pair's pass must rest on some comparison; a refused illegal pair is a verdict of its own.
  const auto unearned_pass = [](const fuzz::mpi_pair_result& row) {
    return (row.legal || row.layout) && row.verdict == fuzz::mpi_pair_verdict::pass && row.elements_compared == 0;
  };
  if (!has_findings(report) && std::any_of(report.rows.begin(), report.rows.end(), unearned_pass)) {
    err << "redsem fuzz: no element was compared (every buffer drawn was empty): no verdict; "
           "give more --cases or a larger --max-len\n";
    return bad_input;
  }
  if (o.json)
    out << json_text(json_document("fuzz", to_json(report, mo))) << "\n";
  else
    out << render_text(report, mo);
  return has_findings(report) ? int{mismatch} : int{ok};
}

}  // namespace redsem::tools
