/* SPDX-License-Identifier: BSD-3-Clause */
// The concrete law checker for element-level binary ops (model/opfile/binary_op.h: op files,
// compiled user functions): exhaustive over a small set of values per field, then random search
// over special and random values. A counterexample refutes a law; no counterexample only means
// "holds on N samples", never a proof (props/smt proves). Its laws are commutativity,
// associativity, identity (of the declared candidate) and closed; their results are
// law_results (law.h) with the op file's evidence: operands, claim, samples.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/opfile/concrete_op.h"
#include "model/opfile/domain_samples.h"
#include "props/laws/law.h"
#include "props/laws/opfile_findings.h"

namespace redsem::laws {

using opfile::binary_op;
using opfile::concrete_element;
using opfile::concrete_op;
using opfile::grid_coverage;

struct law_report {
  std::string op;
  std::string instance;  // "T=int32" or ""
  bool declared_commute = false;
  std::vector<law_result> laws;  // commutativity, associativity, identity, closed
  const law_result& at(law l) const;
  law_result& at(law l);
  std::vector<finding> findings;
  grid_coverage exhaustive;           // what the exhaustive phase covered
  std::uint64_t domain_rejected = 0;  // random draws outside the domain, redrawn
  bool empty_domain = false;          // no element satisfies the `require` lines: nothing was checked
  bool has_error() const;
};

struct check_options {
  std::size_t max_small_elements = 40;        // exhaustive triples over at most this many elements
  std::uint64_t max_enumerated = 4096;        // small-value grid elements tried for those (sampled beyond)
  int domain_probes = 10'000;                 // random draws that look for a legal element when the grid has none
  std::uint64_t random_cases = 20'000;        // per law
  std::uint64_t seed = 1;                     // deterministic by default, so verdict tables are golden
  bool without_nan_or_negative_zero = false;  // leave NaN and -0 out of every sample and draw
  // Associativity: a counterexample (a, b, c with its two differing sides) this accepts is passed
  // over and the search goes on; mark_as_predefined excuses those a predefined op has too.
  std::function<bool(const std::vector<concrete_element>& abc, const concrete_element& left,
                     const concrete_element& right)>
      excuse;
  // Told, as a search goes, the cases of law `which` it has checked since it last said (a long
  // run shows progress; a command sums them).
  std::function<void(law which, std::uint64_t more_cases)> on_progress = {};
};

law_report check_laws(const concrete_op& op, const check_options& options = {});
// One law's search alone (commutativity, associativity, identity or closed).
law_result check_law(const binary_op& op, law l, const check_options& options = {});
// Any binary op; the report's op and instance are left for the caller to name.
law_report check_laws(const binary_op& op, bool declared_commute, const check_options& options = {},
                      const declaration_words& words = {});

// For each refuted commutative or associative law whose counterexample has a NaN or -0 field:
// the same search without NaN and -0: only_nan_or_signed_zero set when it finds no
// counterexample there, else its counterexample shown instead. The findings are made again.
void mark_nan_or_zero_only(const binary_op& op, law_report& r, const check_options& options = {},
                           const declaration_words& words = {});

bool has_nan_or_negative_zero(const concrete_element& x);

// Why a report with empty_domain set checked nothing; a command exits 2 with it (bad input).
std::string empty_domain_message(const law_report& r, const check_options& options = {});

// Law `l` on these operands (a, b[, c]; identity: a) in the concrete op: how it is broken
// ("(a∘b)∘c = … but a∘(b∘c) = …"), or nullopt when it holds. Results compare under the op's policy.
std::optional<std::string> violation(const binary_op& op, law l, const std::vector<concrete_element>& operands);
// The same for several cases at once, their combinations evaluated together (binary_op::combine_all).
std::vector<std::optional<std::string>> violations(const binary_op& op, law l,
                                                   const std::vector<std::vector<concrete_element>>& cases);

}  // namespace redsem::laws
