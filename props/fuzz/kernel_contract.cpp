// SPDX-License-Identifier: BSD-3-Clause
#include "props/fuzz/kernel_contract.h"

#include <algorithm>
#include <cstring>

#include "model/element_compare.h"
#include "props/fuzz/differential.h"
#include "props/fuzz/fuzz_case.h"
#include "props/fuzz/kernel_op.h"
#include "props/fuzz/kernel_run.h"

namespace redsem::fuzz {
namespace {

fuzz_case make_case(const datatype& type, std::int64_t count, rng& r) {
  const std::int64_t extent = type.extent();
  fuzz_case c;
  c.count = count;
  c.chunks = {count};
  c.in.assign(static_cast<std::size_t>(count * extent), std::byte{0});
  c.inout = c.in;
  for (std::int64_t k = 0; k < count; ++k) {
    generate_element(type, r, nullptr, c.in.data() + k * extent);
    generate_element(type, r, c.in.data() + k * extent, c.inout.data() + k * extent);
  }
  return c;
}

// A breach the call itself shows: its status, stray bytes, a changed invec. A hang is a call
// that failed: the contract asks only whether the call did what a call must (call_failed's
// status says it hung).
std::optional<contract_finding> call_breach(const fuzz_case& c, const kernel_run& run) {
  const run_judgement j = judge(run);
  contract_finding f{contract_breach::call_failed, c.count, c.chunks};
  switch (j.outcome) {
    case run_outcome::returned:
      return std::nullopt;
    case run_outcome::hang:
    case run_outcome::failed:
      f.status = j.status;
      break;
    case run_outcome::changed_len:
      f.kind = contract_breach::changed_len;
      break;
    case run_outcome::wrote_outside:
      f.kind = contract_breach::wrote_outside;
      f.byte_offset = j.byte_offset;
      f.in_invec = j.in_inbuf;
      break;
    case run_outcome::wrote_invec:
      f.kind = contract_breach::wrote_invec;
      f.byte_offset = j.byte_offset;
      break;
  }
  return f;
}

std::optional<contract_finding> difference(contract_breach kind, const datatype& type, const policy& p,
                                           const fuzz_case& c, const kernel_run& whole, const kernel_run& other) {
  const std::int64_t extent = type.extent();
  for (std::int64_t k = 0; k < c.count; ++k) {
    const std::byte* x = element_at(whole.inout, k, extent);
    const std::byte* y = element_at(other.inout, k, extent);
    if (std::memcmp(x, y, static_cast<std::size_t>(extent)) == 0 || same_element(type, x, y, p)) continue;
    contract_finding f{kind, c.count, c.chunks};
    f.element = k;
    f.in = format_element(type, element_at(c.in, k, extent));
    f.inout = format_element(type, element_at(c.inout, k, extent));
    f.whole = format_element(type, x);
    f.other = format_element(type, y);
    const auto bytes = [extent](const std::byte* e) { return std::vector<std::byte>(e, e + extent); };
    f.in_bytes = bytes(element_at(c.in, k, extent));
    f.inout_bytes = bytes(element_at(c.inout, k, extent));
    f.whole_bytes = bytes(x);
    f.other_bytes = bytes(y);
    return f;
  }
  return std::nullopt;
}

// A split-dependent case made simple: when it is split one call per element, each element
// whose removal keeps the results apart is removed; then, greedily, each field of each operand
// element becomes the earliest small sample value (0, 1, 2, …) that keeps them apart.
void shrink_split(fuzz_case& c, const datatype& type, const policy& p, const kernel_under_test& k,
                  std::uint64_t& calls) {
  std::string why;
  const auto fields = fields_of(type, &why);
  if (!fields) return;
  const std::int64_t extent = type.extent();
  const auto apart = [&](const fuzz_case& x) {
    fuzz_case whole = x;
    whole.chunks = {x.count};
    calls += 1 + x.chunks.size();
    const kernel_run a = run_guarded(k, extent, whole), b = run_guarded(k, extent, x);
    return a.status == 0 && b.status == 0 && difference(contract_breach::split_dependent, type, p, x, a, b);
  };
  const bool singles = std::all_of(c.chunks.begin(), c.chunks.end(), [](std::int64_t n) { return n == 1; });
  for (std::int64_t e = c.count; singles && e-- > 0 && c.count > 2;) {
    fuzz_case smaller = c;
    const auto at = static_cast<std::ptrdiff_t>(e * extent);
    for (auto* buffer : {&smaller.in, &smaller.inout})
      buffer->erase(buffer->begin() + at, buffer->begin() + at + extent);
    smaller.count = c.count - 1;
    smaller.chunks.assign(static_cast<std::size_t>(smaller.count), 1);
    if (apart(smaller)) c = std::move(smaller);
  }
  for (int round = 0; round < 4; ++round) {
    bool changed = false;
    for (auto* buffer : {&c.in, &c.inout}) {
      for (std::int64_t e = 0; e < c.count; ++e) {
        std::byte* at = buffer->data() + e * extent;
        for (std::size_t f = 0; f < fields->types.size(); ++f) {
          opfile::concrete_element x = opfile::load_fields(fields->types, fields->offsets, at);
          const auto saved = x;
          for (const auto& v : opfile::samples_for(fields->types[f]).small) {
            if (v == saved[f]) break;  // nothing simpler than what it already is
            x[f] = v;
            opfile::store_fields(fields->types, fields->offsets, x, at);
            if (apart(c)) {
              changed = true;
              break;
            }
            opfile::store_fields(fields->types, fields->offsets, saved, at);
            x = saved;
          }
        }
      }
    }
    if (!changed) break;
  }
}

std::vector<std::int64_t> random_split(std::int64_t count, rng& r) {
  std::vector<std::int64_t> chunks;
  for (std::int64_t left = count; left > 0;) {
    const std::int64_t n = 1 + static_cast<std::int64_t>(r() % static_cast<std::uint64_t>(left));
    chunks.push_back(n == count ? count - 1 : n);  // never one call: that is the whole
    left -= chunks.back();
  }
  return chunks;
}

std::string chunks_text(const std::vector<std::int64_t>& chunks) {
  if (chunks.size() == 1) return "one call";
  bool singles = true;
  for (auto n : chunks) singles = singles && n == 1;
  if (singles) return "one call per element";
  std::string s = "calls of";
  for (auto n : chunks) s += " " + std::to_string(n);
  return s;
}

}  // namespace

std::string_view to_string(contract_breach b) {
  switch (b) {
    case contract_breach::call_failed:
      return "call_failed";
    case contract_breach::changed_len:
      return "changed_len";
    case contract_breach::wrote_outside:
      return "wrote_outside";
    case contract_breach::wrote_invec:
      return "wrote_invec";
    case contract_breach::nondeterministic:
      return "nondeterministic";
    case contract_breach::split_dependent:
      return "split_dependent";
  }
  return "?";
}

contract_report check_contract(const kernel_under_test& k, const datatype& type, const policy& p,
                               const contract_options& o) {
  contract_report report;
  const std::int64_t extent = type.extent();
  rng r(o.seed);
  const auto run = [&](const fuzz_case& c) {
    report.calls += c.chunks.size();
    return run_guarded(k, extent, c);
  };
  for (int i = 0; i < o.cases; ++i) {
    const std::int64_t count =
        i < o.short_lengths ? i + 1 : std::max<std::int64_t>(1, generate_length(r, o.max_length));
    fuzz_case c = make_case(type, count, r);
    ++report.cases;
    report.longest = std::max(report.longest, count);
    const kernel_run whole = run(c);
    if ((report.breach = call_breach(c, whole))) return report;
    const kernel_run again = run(c);
    if ((report.breach = call_breach(c, again))) return report;
    if ((report.breach = difference(contract_breach::nondeterministic, type, p, c, whole, again))) return report;
    std::vector<std::vector<std::int64_t>> splits;
    // One call per element on the short buffers only: on a long one it is a long run of calls.
    if (count >= 2 && count <= o.short_lengths)
      splits.push_back(std::vector<std::int64_t>(static_cast<std::size_t>(count), 1));
    if (count >= 3) splits.push_back(random_split(count, r));
    for (auto& chunks : splits) {
      c.chunks = std::move(chunks);
      const kernel_run split = run(c);
      if ((report.breach = call_breach(c, split))) return report;
      if (auto found = difference(contract_breach::split_dependent, type, p, c, whole, split)) {
        shrink_split(c, type, p, k, report.calls);
        fuzz_case one = c;
        one.chunks = {c.count};
        report.breach = difference(contract_breach::split_dependent, type, p, c, run(one), run(c));
        if (!report.breach) report.breach = std::move(found);  // a function whose results vary by call
        return report;
      }
    }
  }
  return report;
}

std::string describe_status(int status) {
  if (status == hang_status) return "did not return within the call timeout";
  if (is_crash_status(status))
    return status == crash_status(0) ? "ended its process without returning (exit or abort, or it closed or "
                                       "replaced the descriptors redsem talks to it on)"
                                     : "crashed (signal " + std::to_string(-1000 - status) + ")";
  return "returned error code " + std::to_string(status);
}

std::string describe(const contract_finding& f, bool own_handle) {
  using std::to_string;
  const std::string elements = "on " + to_string(f.count) + " element" + (f.count == 1 ? "" : "s");
  const std::string on = elements + " (" + chunks_text(f.chunks) + ")";
  const std::string operands = "element " + to_string(f.element) + " (invec " + f.in + ", inoutvec " + f.inout + ")";
  switch (f.kind) {
    case contract_breach::call_failed:
      // On a single element already: the call's arguments, not the data, are the likely cause.
      return "the function " + describe_status(f.status) + " " + on +
             (own_handle && is_crash_status(f.status) && f.status != crash_status(0) && f.count == 1
                  ? "; a function that crashes on one element may be checking its datatype argument, which redsem "
                    "fills with its own description of the type, not an MPI handle: --mpi openmpi|mpich (the MPI "
                    "it was built with) calls it after MPI_Init with real MPI handles"
                  : "");
    case contract_breach::changed_len:
      return "the function wrote *len " + on + ": MPI passes len as the call's element count (MPI-4.1 §7.9.5)";
    case contract_breach::wrote_outside:
      return "the function wrote outside inoutvec[0 .. len) " + on + ": the byte at offset " +
             to_string(f.byte_offset) + " from the start of " + (f.in_invec ? "invec" : "inoutvec") +
             " changed; a function that ignores *len or assumes a longer buffer does this";
    case contract_breach::wrote_invec:
      return "the function wrote invec " + on + " (byte " + to_string(f.byte_offset) +
             "): invec is an input, and MPI_Reduce_local passes a const buffer there";
    case contract_breach::nondeterministic:
      return "the same call twice gave different results " + on + ": " + operands + " became " + f.whole +
             " and then " + f.other;
    case contract_breach::split_dependent:
      return "the result depends on how the buffer is split " + elements + ": " + operands + " is " + f.whole +
             " after one call on all " + to_string(f.count) + " but " + f.other + " after " + chunks_text(f.chunks) +
             "; MPI may hand the function any piece of a buffer (MPI-4.1 §7.9.5), so each element must depend on "
             "that element alone (a function that ignores *len, does not advance per element, or keeps state in "
             "the buffer's other elements fails this)";
  }
  return "?";
}

}  // namespace redsem::fuzz
