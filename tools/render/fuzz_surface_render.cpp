// SPDX-License-Identifier: BSD-3-Clause
#include "tools/render/fuzz_surface_render.h"

#include <fmt/format.h>

#include <algorithm>

namespace redsem::tools {
namespace {

// Whether a refusal gives the class whose description in MPI's table of error classes fits the
// error (MPI requires no particular class).
std::string class_note(const fuzz::surface_result& r) {
  if (r.verdict != fuzz::surface_verdict::refused) return "";
  if (r.which.mpi_class.empty())
    return fmt::format("{} (no class of MPI's table is specific to this error)", r.error_class);
  return r.error_class == r.which.mpi_class
             ? fmt::format("{} (the fitting class)", r.error_class)
             : fmt::format("{} (the fitting class is {})", r.error_class, r.which.mpi_class);
}

}  // namespace

std::string render_surface(const std::string& library, const std::vector<fuzz::surface_result>& rows) {
  std::string s =
      fmt::format("fuzz {} MPI_Reduce_local argument surface, MPI_ERRORS_RETURN, one process per call\n\n", library);
  std::size_t width = 0;
  for (const auto& r : rows) width = std::max(width, r.which.name.size());
  for (const auto& r : rows) {
    const std::string said = r.which.erroneous ? "erroneous: " + r.which.rule : "legal";
    const std::string answer = r.verdict == fuzz::surface_verdict::refused ? class_note(r)
                               : r.error_class.empty()                     ? r.detail
                                                                           : r.error_class + " " + r.detail;
    s += fmt::format("  {:<{}}  {:<18} {}\n", r.which.name, width, to_string(r.verdict), answer);
    s += fmt::format("  {:<{}}  {:<18} {}; MPI: {}\n", "", width, "", r.which.call, said);
  }
  const auto findings =
      std::count_if(rows.begin(), rows.end(), [](const auto& r) { return fuzz::is_finding(r.verdict); });
  s += findings ? fmt::format("\nFINDINGS: {} of {} calls\n", findings, rows.size()) : "\nno findings\n";
  return s;
}

nlohmann::json surface_json(const std::string& library, const std::vector<fuzz::surface_result>& rows) {
  nlohmann::json out = nlohmann::json::array();
  bool findings = false;
  for (const auto& r : rows) {
    findings = findings || fuzz::is_finding(r.verdict);
    out.push_back({{"case", r.which.name},
                   {"call", r.which.call},
                   {"erroneous", r.which.erroneous},
                   {"rule", r.which.rule},
                   {"fitting_class", r.which.mpi_class},
                   {"verdict", to_string(r.verdict)},
                   {"finding", fuzz::is_finding(r.verdict)},
                   {"error_class", r.error_class},
                   {"detail", r.detail}});
  }
  return {{"mode", "surface"}, {"library", library}, {"findings", findings}, {"rows", out}};
}

}  // namespace redsem::tools
