// SPDX-License-Identifier: BSD-3-Clause
#include "props/fuzz/mpi_campaign.h"

#include <algorithm>

#include "props/fuzz/row_policy.h"

namespace redsem::fuzz {
namespace {

struct pair_id {
  op_id op;
  basic_type type;
};

std::vector<pair_id> pairs_of(const mpi_campaign_options& o) {
  std::vector<pair_id> out;
  for_each_op_and_type([&](op_id op, basic_type type) {
    if ((!o.only_op || *o.only_op == op) && (!o.only_type || *o.only_type == type)) out.push_back(pair_id{op, type});
  });
  return out;
}

bool legal_in_reduce_local(const pair_id& p) {
  return usage_of(p.op) == op_usage::reduction && op_allows(p.op, p.type);
}

// Two zero elements through the library: how it answers, before any fuzzing.
mpi_reply probe(mpi_helper& helper, const pair_id& p) {
  const std::size_t n = 2 * info(p.type).size;
  const std::vector<std::byte> zeros(n, std::byte{0});
  return helper.reduce_local(to_string(p.op), to_string(p.type), 2, 0, 0, zeros.data(), zeros.data(), n);
}

mpi_pair_result illegal_pair(mpi_helper& helper, const pair_id& p) {
  mpi_pair_result r{p.op, p.type, false, mpi_pair_verdict::refused, "", 0, std::nullopt, 0, std::nullopt, std::nullopt};
  const mpi_reply reply = probe(helper, p);
  switch (reply.status) {
    case mpi_reply::kind::error:
      r.note = reply.text;
      break;
    case mpi_reply::kind::ok:
      r.verdict = mpi_pair_verdict::accepted_illegal;
      r.note = "the call returned MPI_SUCCESS";
      break;
    case mpi_reply::kind::crashed:
      r.verdict = mpi_pair_verdict::crashed;
      r.note = reply.text;
      break;
    case mpi_reply::kind::hung:
      r.verdict = mpi_pair_verdict::hung;
      r.note = reply.text;
      break;
    case mpi_reply::kind::unsupported:
    case mpi_reply::kind::extent:
      r.verdict = mpi_pair_verdict::unsupported;
      r.note = reply.text;
      break;
  }
  return r;
}

mpi_pair_result legal_pair(mpi_helper& helper, const std::string& library, const pair_id& p,
                           const mpi_campaign_options& o) {
  mpi_pair_result r{p.op, p.type, true, mpi_pair_verdict::pass, "", 0, std::nullopt, 0, std::nullopt, std::nullopt};
  const mpi_reply reply = probe(helper, p);
  if (reply.status != mpi_reply::kind::ok) {
    r.note = reply.text;
    r.verdict = reply.status == mpi_reply::kind::error     ? mpi_pair_verdict::refused_legal
                : reply.status == mpi_reply::kind::crashed ? mpi_pair_verdict::crashed
                : reply.status == mpi_reply::kind::hung    ? mpi_pair_verdict::hung
                                                           : mpi_pair_verdict::unsupported;
    return r;
  }
  const differential d(predefined_oracle(p.op, p.type), mpi_kernel(helper, library, p.op, p.type), o.semantics);
  const fuzz_report report = run_fuzz(d, o.per_pair);
  r.cases_run = report.cases_run;
  r.elements_compared = report.elements_compared;
  if (report.first_failure) {
    r.right_under = policy_explaining_all(d, o.per_pair, *report.first_failure);
    r.verdict = r.right_under ? mpi_pair_verdict::policy_choice : mpi_pair_verdict::finding;
    r.found = report.first_failure;
  }
  return r;
}

// A legal pair on a derived layout. MPI-4.1 §7.9.2 lists predefined types only: under
// derived=strict a refusal is as MPI allows, under lenient it is a legal call refused. An
// accepted call is judged as derived=lenient reads it, since the library took it so.
mpi_pair_result layout_pair(mpi_helper& helper, const std::string& library, const pair_id& p, derived_layout l,
                            const mpi_campaign_options& o) {
  // Legal as the model sees the call: only under derived=lenient.
  const bool legal = o.semantics.derived == derived_rule::lenient;
  mpi_pair_result r{p.op, p.type, legal, mpi_pair_verdict::pass, "", 0, std::nullopt, 0, std::nullopt, l};
  const datatype layout = layout_datatype(l, p.type);
  const std::size_t n = 2 * static_cast<std::size_t>(layout.extent());
  const std::vector<std::byte> zeros(n, std::byte{0});
  const mpi_reply reply = helper.reduce_local(to_string(p.op), layout, 2, 0, 0, zeros.data(), zeros.data(), n);
  if (reply.status != mpi_reply::kind::ok) {
    r.note = reply.text;
    r.verdict = reply.status == mpi_reply::kind::error
                    ? (legal ? mpi_pair_verdict::refused_legal : mpi_pair_verdict::refused)
                : reply.status == mpi_reply::kind::crashed ? mpi_pair_verdict::crashed
                : reply.status == mpi_reply::kind::hung    ? mpi_pair_verdict::hung
                                                           : mpi_pair_verdict::unsupported;
    return r;
  }
  policy lenient = o.semantics;
  lenient.derived = derived_rule::lenient;
  const differential d(derived_oracle(p.op, p.type, from_lower_bound(layout)), mpi_kernel(helper, library, p.op, layout),
                       lenient);
  fuzz_options per_layout = o.per_layout;
  per_layout.limits.mark_gaps = true;
  const fuzz_report report = run_fuzz(d, per_layout);
  r.cases_run = report.cases_run;
  r.elements_compared = report.elements_compared;
  if (report.first_failure) {
    r.right_under = policy_explaining_all(d, per_layout, *report.first_failure);
    r.verdict = r.right_under ? mpi_pair_verdict::policy_choice : mpi_pair_verdict::finding;
    r.found = report.first_failure;
  }
  return r;
}

}  // namespace

std::string row_name(const mpi_pair_result& row) {
  return std::string(to_string(row.op)) + " on " +
         (row.layout ? layout_description(*row.layout, row.type) : std::string(to_string(row.type)));
}

std::string_view to_string(mpi_pair_verdict v) {
  switch (v) {
    case mpi_pair_verdict::pass:
      return "pass";
    case mpi_pair_verdict::finding:
      return "finding";
    case mpi_pair_verdict::policy_choice:
      return "policy_choice";
    case mpi_pair_verdict::refused_legal:
      return "refused_legal_pair";
    case mpi_pair_verdict::unsupported:
      return "unsupported";
    case mpi_pair_verdict::refused:
      return "refused";
    case mpi_pair_verdict::accepted_illegal:
      return "accepted_illegal_pair";
    case mpi_pair_verdict::crashed:
      return "crashed";
    case mpi_pair_verdict::hung:
      return "hung";
  }
  return "?";
}

std::string row_verdict(const mpi_pair_result& row) {
  if (row.verdict == mpi_pair_verdict::policy_choice || !row.found) return std::string(to_string(row.verdict));
  const std::string v = failure_verdict(*row.found);
  // The minimal case follows another policy, but some answer of the row does not.
  return v == to_string(verdict_kind::policy_choice) ? std::string(to_string(verdict_kind::inconsistent_policy)) : v;
}

bool is_finding(mpi_pair_verdict v) {
  return v == mpi_pair_verdict::finding || v == mpi_pair_verdict::refused_legal ||
         v == mpi_pair_verdict::accepted_illegal || v == mpi_pair_verdict::crashed || v == mpi_pair_verdict::hung;
}

mpi_campaign_report run_mpi_campaign(
    mpi_helper& helper, const std::string& library, const mpi_campaign_options& o,
    const std::function<void(std::size_t, std::size_t, const std::string&)>& progress) {
  mpi_campaign_report report{library, helper.library_version(), helper.running(), {}};
  if (!report.started) return report;  // the version says why; no pair can be asked
  const auto pairs = pairs_of(o);
  const auto legal = std::count_if(pairs.begin(), pairs.end(), legal_in_reduce_local);
  const std::size_t total = pairs.size() + o.layouts.size() * static_cast<std::size_t>(legal);
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const pair_id& p = pairs[i];
    if (progress) progress(i, total, std::string(to_string(p.op)) + " on " + std::string(to_string(p.type)));
    report.rows.push_back(legal_in_reduce_local(p) ? legal_pair(helper, library, p, o) : illegal_pair(helper, p));
  }
  for (derived_layout l : o.layouts)
    for (const pair_id& p : pairs) {
      if (!legal_in_reduce_local(p)) continue;
      if (progress) progress(report.rows.size(), total, std::string(to_string(p.op)) + " on " + layout_description(l, p.type));
      report.rows.push_back(layout_pair(helper, library, p, l, o));
    }
  return report;
}

}  // namespace redsem::fuzz
