// SPDX-License-Identifier: BSD-3-Clause
#include "tools/render/fuzz_mpi_render.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "tools/render/fuzz_render.h"

namespace redsem::tools {
namespace {

// A differential for rendering only: it formats elements and names policies.
fuzz::differential renderer(const fuzz::mpi_pair_result& row, const fuzz::mpi_campaign_report& r, const policy& p) {
  if (!row.layout) return {fuzz::predefined_oracle(row.op, row.type), {r.library, nullptr}, p};
  policy lenient = p;  // as the campaign judged the row
  lenient.derived = derived_rule::lenient;
  return {fuzz::derived_oracle(row.op, row.type, fuzz::from_lower_bound(fuzz::layout_datatype(*row.layout, row.type))),
          {r.library, nullptr},
          lenient};
}

std::string pair_name(const fuzz::mpi_pair_result& row) { return fuzz::row_name(row); }

std::string detail(const fuzz::mpi_pair_result& row, const fuzz::mpi_campaign_report& r, const policy& p) {
  if (row.right_under)
    return "every answer right under " + variant_change(p, *row.right_under) + "; e.g. " +
           one_line(renderer(row, r, p), *row.found);
  if (row.found) return one_line(renderer(row, r, p), *row.found);
  if (row.verdict == fuzz::mpi_pair_verdict::pass) return fmt::format("{} cases", row.cases_run);
  return row.note;
}

std::string verdict_text(const fuzz::mpi_pair_result& row) { return fuzz::row_verdict(row); }

}  // namespace

bool has_findings(const fuzz::mpi_campaign_report& r) {
  return std::any_of(r.rows.begin(), r.rows.end(), [](const auto& row) { return is_finding(row.verdict); });
}

std::string render_text(const fuzz::mpi_campaign_report& r, const fuzz::mpi_campaign_options& o) {
  std::string s =
      fmt::format("fuzz {} MPI_Reduce_local: {}\npolicy {}; {} cases per legal pair, lengths 0..{}\n\n", r.library,
                  r.version, to_string(o.semantics), o.per_pair.cases, o.per_pair.limits.max_length);
  // Refused derived rows are counted, not listed: both Debian MPIs refuse every one.
  const auto listed_derived = [](const fuzz::mpi_pair_result& row) {
    return row.layout && row.verdict != fuzz::mpi_pair_verdict::refused;
  };
  std::size_t width = 0;
  for (const auto& row : r.rows)
    if (!row.layout || listed_derived(row)) width = std::max(width, pair_name(row).size());
  std::map<std::string, int> counts;
  s += o.layouts.empty()
           ? ""
           : fmt::format(
                 "derived layouts ({} cases per row, lengths 0..{}): a predefined op on each basic element,"
                 " as derived=lenient reads MPI-4.1 §7.9.2; bytes outside the typemap must stay untouched\n\n",
                 o.per_layout.cases, o.per_layout.limits.max_length);
  s += "legal pairs (against the model):\n";
  for (const auto& row : r.rows) {
    ++counts[std::string(row.layout ? "derived " : row.legal ? "legal " : "illegal ") + verdict_text(row)];
    if (!row.legal || row.layout) continue;
    s += fmt::format("  {:<{}}  {:<20} {}\n", pair_name(row), width, verdict_text(row), detail(row, r, o.semantics));
  }
  if (!o.layouts.empty()) {
    s += "\nlegal pairs on derived layouts (an accepted call against the model on the typemap, as derived=lenient "
         "reads it):\n";
    for (const auto& row : r.rows)
      if (listed_derived(row))
        s +=
            fmt::format("  {:<{}}  {:<20} {}\n", pair_name(row), width, verdict_text(row), detail(row, r, o.semantics));
    const auto refused = std::count_if(r.rows.begin(), r.rows.end(), [](const auto& row) {
      return row.layout && row.verdict == fuzz::mpi_pair_verdict::refused;
    });
    if (refused != 0)
      s += fmt::format(
          "  {} refused with an error, as derived=strict allows (MPI-4.1 §7.9.2 lists predefined types only)\n",
          refused);
  }
  s += "\nillegal pairs (MPI requires an error):\n";
  int refused = 0;
  for (const auto& row : r.rows) {
    if (row.legal || row.layout) continue;
    if (row.verdict == fuzz::mpi_pair_verdict::refused) {
      ++refused;
      continue;
    }
    s += fmt::format("  {:<{}}  {:<20} {}\n", pair_name(row), width, to_string(row.verdict), row.note);
  }
  s += fmt::format("  {} illegal pairs refused with an error, as required\n", refused);
  s += "\nsummary:";
  for (const auto& [k, n] : counts) s += fmt::format(" {} {};", n, k);
  s += has_findings(r)
           ? "\nFINDINGS: see the rows above. inconsistent_policy / position_dependent: no single policy fits"
             " every answer of the row; wrong: no policy gives it; wrote_gap: a byte outside the datatype's typemap"
             " changed\n"
           : "\nno findings\n";
  if (std::any_of(r.rows.begin(), r.rows.end(), [](const auto& row) { return row.right_under.has_value(); }))
    s += "policy_choice: every answer of the row is right under the one other policy named (a choice MPI leaves"
         " open), not a finding\n";
  for (const auto& row : r.rows)
    if (row.found) {
      const auto d = renderer(row, r, o.semantics);
      s += fmt::format("\n=== {}: {} ===\n", pair_name(row), verdict_text(row));
      for (const auto& c : row.found->conditions) s += fmt::format("  {}: {}\n", c.kind, c.text);
      s += fmt::format("  replay: redsem fuzz --mpi {} --op {} --type {} {}--seed {} --cases 1 --max-len {}\n",
                       r.library, to_string(row.op), to_string(row.type),
                       row.layout ? fmt::format("--layouts {} ", to_string(*row.layout)) : "", row.found->replay_seed,
                       (row.layout ? o.per_layout : o.per_pair).limits.max_length);
    }
  return s;
}

nlohmann::json to_json(const fuzz::mpi_campaign_report& r, const fuzz::mpi_campaign_options& o) {
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& row : r.rows) {
    nlohmann::json j{{"op", to_string(row.op)},
                     {"type", to_string(row.type)},
                     {"legal", row.legal},
                     {"verdict", verdict_text(row)},
                     {"status", to_string(row.verdict)},
                     {"finding", is_finding(row.verdict)},
                     {"note", row.note},
                     {"cases_run", row.cases_run}};
    if (row.layout) {
      j["layout"] = to_string(*row.layout);
      j["datatype"] = fuzz::layout_description(*row.layout, row.type);
    }
    if (row.found) j["failure"] = to_json(renderer(row, r, o.semantics), *row.found);
    if (row.right_under) {
      j["right_under"] = policy_change(o.semantics, row.right_under->semantics);
      j["operands_swapped"] = row.right_under->swapped;
    }
    rows.push_back(j);
  }
  return {{"mode", "mpi"},
          {"library", r.library},
          {"version", r.version},
          {"policy", to_string(o.semantics)},
          {"cases_per_pair", o.per_pair.cases},
          {"max_length", o.per_pair.limits.max_length},
          {"findings", has_findings(r)},
          {"rows", rows}};
}

}  // namespace redsem::tools
