// SPDX-License-Identifier: BSD-3-Clause
#include "tools/render/fuzz_render.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <sstream>

#include "model/element_compare.h"
#include "model/element_json.h"

namespace redsem::tools {
namespace {

using fuzz::element_at;

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::stringstream in(s);
  for (std::string item; std::getline(in, item, sep);) out.push_back(item);
  return out;
}

std::string element(const fuzz::differential& d, const std::vector<std::byte>& v, std::int64_t k) {
  return format_element(d.oracle_used().type, element_at(v, k, d.extent()));
}

// The same element in the JSON document: numbers beside their display (model/element_json.h).
nlohmann::json element_value(const fuzz::differential& d, const std::vector<std::byte>& v, std::int64_t k) {
  return element_json(d.oracle_used().type, element_at(v, k, d.extent()));
}

// The policies an element follows, keeping only the smallest changes from the chosen one
// (a change that adds an irrelevant key to a listed change says nothing new).
std::string policies(const policy& chosen, const std::vector<fuzz::policy_variant>& ps) {
  if (std::find(ps.begin(), ps.end(), fuzz::policy_variant{chosen, false}) != ps.end()) return "the chosen policy";
  std::vector<std::vector<std::string>> changes;
  for (const auto& q : ps) {
    auto keys = q.semantics == chosen ? std::vector<std::string>{} : split(policy_change(chosen, q.semantics), ',');
    if (q.swapped) keys.push_back("~swapped");
    std::sort(keys.begin(), keys.end());
    changes.push_back(std::move(keys));
  }
  std::string s;
  for (std::size_t i = 0; i < changes.size(); ++i) {
    const bool redundant = std::any_of(changes.begin(), changes.end(), [&](const auto& other) {
      return other.size() < changes[i].size() &&
             std::includes(changes[i].begin(), changes[i].end(), other.begin(), other.end());
    });
    if (!redundant) s += (s.empty() ? "" : " or ") + variant_change(chosen, ps[i]);
  }
  return s.empty() ? "no policy" : s;
}

// Why the minimal case fails, in one sentence.
std::string explanation(const fuzz::differential& d, const fuzz::case_result& r) {
  switch (r.verdict) {
    case fuzz::verdict_kind::pass:
      return "passes";
    case fuzz::verdict_kind::wrong:
      return "wrong result: no NaN/±0/MINLOC policy gives it";
    case fuzz::verdict_kind::policy_choice:
      return "a policy difference, not a wrong result: the kernel is right under " +
             variant_change(d.semantics(), *r.right_under) +
             (r.right_under->swapped ? ", which MPI allows for a commutative op" : "");
    case fuzz::verdict_kind::inconsistent_policy:
      return fmt::format("inconsistent policy: element {} follows {}; element {} follows {}; no one policy fits both",
                         r.conflict_a, policies(d.semantics(), r.policies_a), r.conflict_b,
                         policies(d.semantics(), r.policies_b));
    case fuzz::verdict_kind::wrote_outside:
      return fmt::format("the kernel wrote outside {}'s elements: at byte offset {} from its start (it holds {} bytes)",
                         r.outside_inbuf ? "inbuf" : "inoutbuf", r.byte_offset, r.expected.size());
    case fuzz::verdict_kind::wrote_invec:
      return fmt::format(
          "the kernel wrote inbuf (byte {}, in element {}): invec is an input of the user function "
          "(MPI_Reduce_local passes its IN buffer, a const void *, there), and MPI may pass a buffer "
          "it still needs",
          r.byte_offset, r.byte_offset / d.extent());
    case fuzz::verdict_kind::changed_len:
      return "the kernel wrote *len: MPI passes len as the number of elements of the call (MPI-4.1 §7.9.5) and "
             "never reads it back, so a kernel must not rely on changing it (redsem does not trust the value)";
    case fuzz::verdict_kind::wrote_gap:
      return fmt::format(
          "the call wrote a byte of inoutbuf outside the datatype's typemap: byte {} of element {} (from its "
          "lower bound), a gap MPI-4.1 §5.1 leaves to the caller",
          r.byte_offset % d.extent(), r.byte_offset / d.extent());
    case fuzz::verdict_kind::hang:
      return "hang: a call did not return within the time limit (--call-timeout) and was killed";
    case fuzz::verdict_kind::kernel_error:
      if (r.kernel_status == fuzz::crash_status(0))
        return "the kernel's process ended without answering (exit or abort, or it closed or replaced the "
               "descriptors redsem talks to it on)";
      if (fuzz::is_crash_status(r.kernel_status) && r.fault_located)
        return fmt::format(
            "the kernel crashed: signal {} ({}) on an access at byte offset {} from {}'s start (it "
            "holds {} bytes; beyond a page from it, memory is made inaccessible)",
            -1000 - r.kernel_status, strsignal(-1000 - r.kernel_status), r.byte_offset,
            r.outside_inbuf ? "inbuf" : "inoutbuf", r.expected.size());
      if (fuzz::is_crash_status(r.kernel_status))
        return fmt::format("the kernel crashed: signal {} ({})", -1000 - r.kernel_status,
                           strsignal(-1000 - r.kernel_status));
      return fmt::format("the kernel returned error code {}", r.kernel_status);
  }
  return "?";
}

nlohmann::json layout_json(const fuzz::fuzz_case& c) {
  return {{"count", c.count}, {"inbuf_offset", c.in_offset}, {"inoutbuf_offset", c.inout_offset}, {"chunks", c.chunks}};
}

}  // namespace

std::string variant_change(const policy& chosen, const fuzz::policy_variant& v) {
  const std::string keys = v.semantics == chosen ? "" : policy_change(chosen, v.semantics);
  if (!v.swapped) return keys.empty() ? "the chosen policy" : keys;
  return (keys.empty() ? "the chosen policy" : keys) + " with the operands swapped (inoutbuf ∘ inbuf)";
}

std::string policy_change(const policy& p, const policy& q) {
  const std::string out = changed_keys(p, q);
  return out.empty() ? "the chosen policy" : out;
}

std::string campaign_verdict(const fuzz::fuzz_report& r) {
  return r.first_failure ? fuzz::failure_verdict(*r.first_failure) : "pass";
}

std::string one_line(const fuzz::differential& d, const fuzz::failure& f) {
  const auto& r = f.minimal_result;
  if (r.differing.empty()) return fuzz::describe_layout(f.minimal) + ": " + explanation(d, r);
  const auto k = r.differing.front();
  std::string s = fmt::format("count {} (+{}/+{}): [{}] {} ∘ {} → kernel {}, model {}", f.minimal.count,
                              f.minimal.in_offset, f.minimal.inout_offset, k, element(d, f.minimal.in, k),
                              element(d, f.minimal.inout, k), element(d, r.actual, k), element(d, r.expected, k));
  std::string positions;
  for (const auto& c : f.conditions) {
    if (c.kind != "position")
      s += "; " + c.text;
    else if (c.text.rfind("body/tail disagreement with ", 0) == 0)
      positions += (positions.empty() ? "" : ", ") + c.text.substr(28, c.text.find(':') - 28);
  }
  if (!positions.empty()) s += "; body/tail disagreement with " + positions;
  return s;
}

std::string render_header(const fuzz::differential& d) {
  return fmt::format("fuzz {} against {}\npolicy {}\n", d.kernel().name, d.oracle_used().name,
                     to_string(d.semantics()));
}

std::string render_text(const fuzz::differential& d, const fuzz::fuzz_options& o, const fuzz::fuzz_report& r) {
  std::string s;
  if (d.oracle_used().domain)
    s += fmt::format(
        "domain: inputs inside the op file's 'require' lines; {} of {} element draws fell outside and were "
        "redrawn, {} taken from known members\n",
        r.domain.rejected, r.domain.drawn, r.domain.fallbacks);
  if (!r.first_failure) {
    return s + fmt::format("PASS: {} cases, {} elements compared (seed {}, lengths 0..{})\n", r.cases_run,
                           r.elements_compared, o.seed, o.limits.max_length);
  }
  const auto& f = *r.first_failure;
  const auto& m = f.minimal_result;
  s += fmt::format("FAIL at case {} of {} ({} elements compared): {}\n", r.cases_run, o.cases, r.elements_compared,
                   explanation(d, f.original_result));
  s += fmt::format("  replay: --seed {} --cases 1 --max-len {}\n", f.replay_seed, o.limits.max_length);
  if (m.verdict == fuzz::verdict_kind::hang) s += fmt::format("  time limit per call: {} s\n", o.call_timeout);
  s += fmt::format("  found on: {}\n", fuzz::describe_layout(f.original));
  s += fmt::format("minimal counterexample: {}\n", fuzz::describe_layout(f.minimal));
  s += fmt::format("  {}\n", explanation(d, m));
  if (fuzz::position_dependent(f))
    s +=
        std::string("  and the result depends on the element's position (vector body against scalar tail, see below)") +
        (m.verdict == fuzz::verdict_kind::wrong ? "\n" : ":\n  no single policy explains the kernel\n");
  if (!m.differing.empty()) {
    const auto k = m.differing.front();
    s += fmt::format("  first differing element: index {} ({} of {} elements differ)\n", k, m.differing.size(),
                     f.minimal.count);
    s += fmt::format("    inbuf[{}]    = {}\n    inoutbuf[{}] = {}\n", k, element(d, f.minimal.in, k), k,
                     element(d, f.minimal.inout, k));
    s +=
        fmt::format("    kernel      → {}\n    model       → {}\n", element(d, m.actual, k), element(d, m.expected, k));
  }
  if (!fuzz::results_meaningful(m.verdict) && f.minimal.count <= 32) {
    s += "  inputs (inbuf ∘ inoutbuf):\n";
    for (std::int64_t i = 0; i < f.minimal.count; ++i)
      s += fmt::format("    [{}] {} ∘ {}\n", i, element(d, f.minimal.in, i), element(d, f.minimal.inout, i));
  } else if (f.minimal.count > 1 && f.minimal.count <= 32) {
    s += "  all elements (inbuf ∘ inoutbuf → kernel / model):\n";
    for (std::int64_t i = 0; i < f.minimal.count; ++i)
      s += fmt::format("    [{}] {} ∘ {} → {} / {}\n", i, element(d, f.minimal.in, i), element(d, f.minimal.inout, i),
                       element(d, m.actual, i), element(d, m.expected, i));
  }
  if (!f.conditions.empty()) {
    s += "what the failure needs:\n";
    for (const auto& c : f.conditions) s += fmt::format("  {}: {}\n", c.kind, c.text);
  }
  return s;
}

nlohmann::json to_json(const fuzz::differential& d, const fuzz::failure& f) {
  const auto& m = f.minimal_result;
  nlohmann::json j{{"verdict", fuzz::failure_verdict(f)}, {"minimal_case_verdict", to_string(m.verdict)},
                   {"explanation", explanation(d, m)},    {"replay_seed", f.replay_seed},
                   {"found_on", layout_json(f.original)}, {"minimal", layout_json(f.minimal)}};
  nlohmann::json in = nlohmann::json::array(), inout = nlohmann::json::array(), actual = nlohmann::json::array(),
                 expected = nlohmann::json::array();
  for (std::int64_t i = 0; i < f.minimal.count && i < 64; ++i) {
    in.push_back(element_value(d, f.minimal.in, i));
    inout.push_back(element_value(d, f.minimal.inout, i));
    if (fuzz::results_meaningful(m.verdict)) actual.push_back(element_value(d, m.actual, i));
    expected.push_back(element_value(d, m.expected, i));
  }
  j["minimal"]["inbuf"] = in;
  j["minimal"]["inoutbuf"] = inout;
  j["minimal"]["kernel"] = actual;
  j["minimal"]["model"] = expected;
  if (!m.differing.empty()) {
    const auto k = m.differing.front();
    j["first_difference"] = {{"index", k},
                             {"inbuf", element_value(d, f.minimal.in, k)},
                             {"inoutbuf", element_value(d, f.minimal.inout, k)},
                             {"kernel", element_value(d, m.actual, k)},
                             {"model", element_value(d, m.expected, k)}};
  }
  if (m.verdict == fuzz::verdict_kind::wrote_outside || m.verdict == fuzz::verdict_kind::wrote_invec ||
      m.verdict == fuzz::verdict_kind::wrote_gap || m.fault_located) {
    j["byte_offset"] = m.byte_offset;
    j["buffer"] = m.verdict != fuzz::verdict_kind::wrote_invec && !m.outside_inbuf ? "inoutbuf" : "inbuf";
  }
  if (m.right_under) {
    j["right_under"] =
        m.right_under->semantics == d.semantics() ? "" : policy_change(d.semantics(), m.right_under->semantics);
    j["operands_swapped"] = m.right_under->swapped;
  }
  nlohmann::json conditions = nlohmann::json::array();
  for (const auto& c : f.conditions) conditions.push_back({{"kind", c.kind}, {"text", c.text}});
  j["conditions"] = conditions;
  return j;
}

nlohmann::json to_json(const fuzz::differential& d, const fuzz::fuzz_options& o, const fuzz::fuzz_report& r) {
  nlohmann::json j{{"mode", "kernel"},
                   {"kernel", d.kernel().name},
                   {"oracle", d.oracle_used().name},
                   {"policy", to_string(d.semantics())},
                   {"seed", o.seed},
                   {"cases", o.cases},
                   {"max_length", o.limits.max_length},
                   {"call_timeout", o.call_timeout},
                   {"cases_run", r.cases_run},
                   {"elements_compared", r.elements_compared},
                   {"verdict", campaign_verdict(r)}};
  if (d.oracle_used().domain)
    j["domain"] = {{"drawn", r.domain.drawn}, {"rejected", r.domain.rejected}, {"fallbacks", r.domain.fallbacks}};
  if (r.first_failure) j["failure"] = to_json(d, *r.first_failure);
  return j;
}

}  // namespace redsem::tools
