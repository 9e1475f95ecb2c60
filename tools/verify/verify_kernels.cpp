// SPDX-License-Identifier: BSD-3-Clause
// The kernel conformance section of `redsem verify`: every native kernel (every legal op and
// type, both call forms, on every SIMD target this CPU supports and the scalar path) fuzzed
// against the model: lengths 0 to past a thousand, misaligned buffers, special values, chunked
// calls. The verdict per (op, type) is "conforms" or the fuzzer's shrunk counterexample.
#include <fmt/format.h>

#include "kernels/kernel.h"
#include "props/fuzz/fuzz_run.h"
#include "props/fuzz/native_kernel.h"
#include "tools/render/fuzz_render.h"
#include "tools/render/plain_table.h"
#include "tools/verify/verify_section.h"

namespace redsem::tools {

verify_section kernels_section() {
  return {"kernels", "Native kernels against the model, every legal (op, type), both forms, every SIMD target",
          [](const verify_options& vo) {
            const auto targets = kernels::dispatch_targets();
            std::string target_names;
            for (const auto t : targets)
              target_names += (target_names.empty() ? "" : ", ") + std::string(kernels::target_name(t));
            fuzz::fuzz_options fo;
            fo.cases = vo.quick ? 8 : 40;
            fo.limits.max_length = vo.quick ? 300 : 1100;
            plain_table t;
            t.caption = fmt::format(
                "{} generated cases per (op, type, form, target), lengths 0…{}, offsets 0–7, special values, chunked "
                "calls; targets: {}",
                fo.cases, fo.limits.max_length, target_names);
            t.header = {"op", "type", "verdict", "elements compared", "counterexample"};
            section_report r;
            std::int64_t total = 0;
            std::vector<std::int64_t> compared_per_row;  // the JSON rows' number beside the text
            for (std::size_t oi = 0; oi < op_count; ++oi) {
              vo.on_progress(oi, op_count);
              const auto op = static_cast<op_id>(oi);
              for (std::size_t ti = 0; ti < basic_type_count; ++ti) {
                const auto type = static_cast<basic_type>(ti);
                if (!op_allows(op, type)) continue;
                std::string verdict = "conforms";
                std::string counterexample;
                std::int64_t compared = 0;
                for (const auto target : targets) {
                  kernels::force_target(target);
                  for (const auto form : {fuzz::native_form::two_operand, fuzz::native_form::three_operand}) {
                    auto k = fuzz::native_kernel(op, type, vo.semantics, form);
                    if (!k) continue;
                    const fuzz::differential d(fuzz::predefined_oracle(op, type), *k, vo.semantics);
                    const auto report = fuzz::run_fuzz(d, fo);
                    compared += report.elements_compared;
                    if (report.first_failure && counterexample.empty()) {
                      verdict = campaign_verdict(report);
                      counterexample = fmt::format("{} on {}: {}", k->name, kernels::target_name(target),
                                                   one_line(d, *report.first_failure));
                    }
                  }
                }
                kernels::force_target(0);
                total += compared;
                const std::string key = fmt::format("{} {}", to_string(op), to_string(type));
                r.verdicts[key] = verdict;
                t.rows.push_back({std::string(to_string(op)), std::string(to_string(type)), verdict,
                                  std::to_string(compared), counterexample});
                compared_per_row.push_back(compared);
              }
            }
            // Every kernel is expected to conform: the record says so pair by pair.
            finish_report(r, "kernels", t, vo.quick);
            for (std::size_t i = 0; i < compared_per_row.size(); ++i)
              r.json[i]["elements_compared"] = compared_per_row[i];
            plain_table failing = t;
            std::erase_if(failing.rows, [](const auto& row) { return row[2] == "conforms"; });
            r.text = (failing.rows.empty() ? t.caption + "\n" : render_text(failing)) +
                     fmt::format("\n{} of {} (op, type) pairs conform; {} elements compared\n",
                                 t.rows.size() - failing.rows.size(), t.rows.size(), total);
            return r;
          }};
}

}  // namespace redsem::tools
