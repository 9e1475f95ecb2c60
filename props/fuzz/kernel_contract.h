/* SPDX-License-Identifier: BSD-3-Clause */
// What a user function must do before its laws mean anything: MPI may hand it any piece of a
// buffer (MPI-4.1 §7.9.5 lets an implementation call it on pieces), so one call on n elements
// must give what calls on any split of them give; it writes inoutvec[0 .. len) only, never invec or *len; and the same
// inputs give the same results. No model is needed: the function is compared with itself.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/policy.h"
#include "model/typemap.h"
#include "props/fuzz/kernel.h"

namespace redsem::fuzz {

enum class contract_breach : std::uint8_t {
  call_failed,       // it crashed, hung, ended its process or returned an error code
  changed_len,       // it wrote *len
  wrote_outside,     // it wrote bytes outside inoutvec's elements (or invec's)
  wrote_invec,       // it wrote invec, an input
  nondeterministic,  // the same call twice gave different results
  split_dependent,   // one call on the buffer and calls on a split of it disagree
};
std::string_view to_string(contract_breach b);

struct contract_finding {
  contract_breach kind;
  std::int64_t count = 0;              // elements in each buffer of the case
  std::vector<std::int64_t> chunks;    // the calls the case was split into (split_dependent: the split)
  int status = 0;                      // call_failed: the call's status (kernel.h)
  std::int64_t byte_offset = 0;        // wrote_outside / wrote_invec: the first stray byte's offset
  bool in_invec = false;               // wrote_outside: the stray byte is around invec
  std::int64_t element = -1;           // nondeterministic / split_dependent: the first differing element
  std::string in = {}, inout = {};     // that element's operands, typed (format_element)
  std::string whole = {}, other = {};  // its result from one call, and from the repeat or the split
  // The same four elements' bytes, in that order (a JSON report's numbers).
  std::vector<std::byte> in_bytes = {}, inout_bytes = {}, whole_bytes = {}, other_bytes = {};
};

struct contract_report {
  std::uint64_t cases = 0;                 // buffers tried
  std::int64_t longest = 0;                // elements in the longest of them
  std::uint64_t calls = 0;                 // kernel calls made
  std::optional<contract_finding> breach;  // the first found, on the shortest buffer
};

struct contract_options {
  std::uint64_t seed = 1;
  int cases = 48;  // buffers of 1, 2, … elements, then longer ones
  // Lengths 1 .. short_lengths come first, so that the first breach is on the shortest buffer
  // that shows it; only they are also run one call per element (on a long buffer that is a
  // long run of calls).
  int short_lengths = 16;
  std::int64_t max_length = 300;
};

// Buffers of growing length (special values, ties, random bits: generate_element), each run as
// one call, again as one call, as a random split and (the short ones) as one call per element;
// the first breach.
contract_report check_contract(const kernel_under_test& k, const datatype& type, const policy& p,
                               const contract_options& options = {});

// What the breach means for the user, one sentence with its evidence ("… on 2 elements: …").
// With own_handle (the function got redsem's description of the type, not an MPI handle, as
// its datatype argument), a crash on one element comes with the hint that --mpi is the fix.
std::string describe(const contract_finding& f, bool own_handle = true);

// What a call's status says it did: "crashed (signal 11)", "did not return within the call timeout", …
std::string describe_status(int status);

}  // namespace redsem::fuzz
