// SPDX-License-Identifier: BSD-3-Clause
// The law section of `redsem verify`: associativity, commutativity, identity, idempotence and
// absorbing element of every legal (op, type), proved or refuted by Z3 on the one definition
// the model runs (props/laws), every refutation replayed in the model. Proofs are cached on
// disk (props/laws/proof_cache.h), so only the first run pays for them.
#include <fmt/format.h>

#include <iostream>

#include "props/laws/law_json.h"
#include "props/laws/law_table.h"
#include "props/laws/proof_cache.h"
#include "tools/render/law_cell.h"
#include "tools/render/plain_table.h"
#include "tools/verify/verify_section.h"

namespace redsem::tools {
namespace {

// The refutation a person reads first: the op's associativity or commutativity counterexample.
std::string first_counterexample(const laws::table_entry& e) {
  for (const auto& r : e.results) {
    if (!r.example || (r.which != laws::law::associativity && r.which != laws::law::commutativity)) continue;
    std::string s;
    for (const auto& [name, v] : r.example->inputs) s += fmt::format("{}{} = {}", s.empty() ? "" : ", ", name, v.text);
    return fmt::format("{}: {}: {} = {} but {} = {}", to_string(r.which), s, r.example->lhs_expression,
                       r.example->lhs.text, r.example->rhs_expression, r.example->rhs.text);
  }
  return "";
}

}  // namespace

verify_section laws_section() {
  return {
      "laws", "Operator laws, proved or refuted by Z3 on the model's own definitions", [](const verify_options& vo) {
        const auto dir = laws::proof_cache::default_dir();
        std::optional<laws::proof_cache> cache;
        if (dir) cache = laws::proof_cache::open(*dir, std::cerr, "redsem verify");
        laws::table_request req;
        req.semantics = vo.semantics;
        req.cache = cache ? &*cache : nullptr;
        const auto table = laws::law_table(req, vo.on_progress);
        plain_table t;
        t.caption = fmt::format(
            "Every legal (op, type) under the policy; a refutation's values are replayed in the model and differ "
            "there. Cache: {}",
            cache ? cache->dir().string()
            : dir ? "none (" + dir->string() + " is not used: see the note on standard error)"
                  : std::string("none, ") + laws::no_cache_dir_note);
        t.header = {"op", "type"};
        for (const auto l : req.which) t.header.emplace_back(to_string(l));
        t.header.emplace_back("counterexample");
        section_report r;
        std::size_t unknown = 0;
        for (const auto& e : table) {
          std::vector<std::string> row{std::string(to_string(e.op)), std::string(to_string(e.type))};
          for (const auto& res : e.results) {
            row.push_back(law_cell(res));
            unknown += res.outcome == laws::verdict::unknown;
            r.verdicts[fmt::format("{} {} {}", to_string(e.op), to_string(e.type), to_string(res.which))] =
                std::string(to_string(res.outcome));
          }
          row.push_back(first_counterexample(e));
          t.rows.push_back(std::move(row));
        }
        finish_report(r, "laws", t, vo.quick);
        // People read the pairs where an op lacks associativity or commutativity; the rest
        // is one line (every row is in --json and --html).
        plain_table notable = t;
        // MPI_REPLACE and MPI_NO_OP (accumulates only) are not commutative by nature.
        std::erase_if(notable.rows, [](const auto& row) {
          return (row[2].starts_with("proved") && row[3].starts_with("proved")) || row[0] == "MPI_REPLACE" ||
                 row[0] == "MPI_NO_OP";
        });
        r.text =
            render_text(notable) +
            fmt::format(
                "\n{} other pairs associative and commutative, or MPI_REPLACE/MPI_NO_OP; {} of {} verdicts unknown\n",
                t.rows.size() - notable.rows.size(), unknown, r.verdicts.size());
        r.json = nlohmann::json::array();
        for (const auto& e : table) {
          nlohmann::json per_law = nlohmann::json::object();
          for (const auto& res : e.results) per_law[std::string(to_string(res.which))] = laws::to_json(res);
          r.json.push_back({{"op", to_string(e.op)}, {"type", to_string(e.type)}, {"laws", per_law}});
        }
        return r;
      }};
}

}  // namespace redsem::tools
