// SPDX-License-Identifier: BSD-3-Clause
#include "props/laws/law_table.h"

#include <atomic>
#include <map>
#include <mutex>
#include <thread>
#include <tuple>

#include "props/laws/proof_cache.h"
#include "props/laws/prove.h"

namespace redsem::laws {

std::vector<std::pair<op_id, basic_type>> selected_pairs(const table_request& r) {
  std::vector<std::pair<op_id, basic_type>> out;
  for_each_op_and_type([&](op_id op, basic_type type) {
    if ((!r.op || *r.op == op) && (!r.type || *r.type == type) && op_allows(op, type)) out.emplace_back(op, type);
  });
  return out;
}

std::string representation_key(basic_type t) {
  const type_info& i = info(t);
  std::string key = i.group == type_group::complex ? "complex" : i.group == type_group::pair ? "pair" : "scalar";
  for (std::size_t f = 0; f < i.field_count; ++f) key += ":" + std::string(to_string(i.fields[f].kind));
  return key;
}

namespace {

// One distinct proof: the first (op, type, law) with its sharing key, and its result.
struct job {
  op_id op;
  basic_type type;
  law which;
  law_result result;
};

law_result decide(const job& j, const table_request& r) {
  if (r.cache)
    if (auto hit = r.cache->find(j.op, j.type, j.which, r.semantics)) return *hit;
  law_result result = prove_predefined(j.op, j.type, j.which, r.semantics, r.options);
  if (r.cache && result.outcome != verdict::unknown) r.cache->store(j.op, j.type, j.which, r.semantics, result);
  return result;
}

}  // namespace

std::vector<table_entry> law_table(const table_request& r,
                                   const std::function<void(std::size_t, std::size_t)>& progress) {
  const auto pairs = selected_pairs(r);
  std::map<std::tuple<op_id, std::string, law>, std::size_t> job_of;
  std::vector<job> jobs;
  for (const auto& [op, type] : pairs)
    for (law l : r.which)
      if (job_of.emplace(std::make_tuple(op, representation_key(type), l), jobs.size()).second)
        jobs.push_back({op, type, l, {}});

  // Each worker takes the next undecided job; solver contexts are per proof, so nothing is shared.
  std::atomic<std::size_t> next{0}, done{0};
  std::mutex progress_mutex;
  auto worker = [&] {
    for (std::size_t i; (i = next++) < jobs.size();) {
      jobs[i].result = decide(jobs[i], r);
      const std::size_t finished = ++done;
      if (progress) {
        const std::lock_guard lock(progress_mutex);
        progress(finished, jobs.size());
      }
    }
  };
  std::vector<std::thread> helpers;
  for (unsigned t = 1; t < r.threads && t < jobs.size(); ++t) helpers.emplace_back(worker);
  worker();
  for (auto& h : helpers) h.join();

  std::vector<table_entry> table;
  for (const auto& [op, type] : pairs) {
    table_entry entry{op, type, {}};
    for (law l : r.which) {
      const job& j = jobs[job_of.at(std::make_tuple(op, representation_key(type), l))];
      law_result result = j.result;
      result.which = l;
      if (j.type != type) {
        result.seconds = 0;
        result.reason += " [shared with " + std::string(to_string(j.type)) + ": same element representation]";
      }
      entry.results.push_back(std::move(result));
    }
    table.push_back(std::move(entry));
  }
  return table;
}

}  // namespace redsem::laws
