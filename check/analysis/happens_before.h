// SPDX-License-Identifier: BSD-3-Clause
// Which record line of one rank happens before which line of another, from the process
// synchronisations the ranks recorded (`process_sync`, `sync_comm`, docs/check_records.md): a
// blocking collective orders what the members its data flow depends on (`after`: all of them by
// default, the root for MPI_Bcast…) did before it before what each member does after it, a
// nonblocking one likewise from its start to its completion, a message orders its send before
// its receive (and before a probe that found it), MPI_Ssend and MPI_Issend also the receive's
// start before the send's return; MPI_Win_free every member's entry before each return, unless the window has
// `no_locks` (sync_windows.h). Vector clocks over these events decide it without a clock, so
// the verdict is the same on every run of the same program, on one host or many.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace redsem::check {

// Under `--thread-sync calls` a line says which thread wrote it and that thread's vector clock
// over the rank's threads (`thread_slot`, `thread_clock`, docs/check_records.md): a rank's line
// then carries an order to another rank only through a synchronisation of the rank that its
// thread's clock orders after it, and receives one only through a synchronisation ordered before
// it (docs/design.md, "Threads").
struct thread_stamp {
  std::size_t slot = 0;
  std::vector<std::uint32_t> clock;
  std::uint32_t at(std::size_t i) const { return i < clock.size() ? clock[i] : 0; }
  // Whether this thread's event happens before (or is) `later`'s, by the threads' clocks.
  bool before(const thread_stamp& later) const { return at(slot) <= later.at(slot); }
};

// One synchronisation of one rank: where it is in the rank's record and, once computed, its
// vector clock (the number of each rank's events that happen before or at it).
struct happens_before_event {
  std::size_t line = 0;              // index of its line in the rank's record
  long long seq = -1;                // that line's `seq`
  std::uint32_t position = 0;        // 1-based among the rank's events
  std::vector<std::uint32_t> clock;  // empty until computed
  std::optional<thread_stamp> thread;
};

class happens_before {
 public:
  // `records_by_rank[r]` is world rank r's lines in the order they were written.
  explicit happens_before(const std::vector<std::vector<nlohmann::json>>& records_by_rank);

  // Whether line `a_index` of rank `a` happens before line `b_index` of rank `b`; nullopt when the
  // records cannot say (see usable()).
  std::optional<bool> ordered(int a, std::size_t a_index, int b, std::size_t b_index) const;

  // False when the run synchronised in ways not modelled, or a rank's records stop at a
  // synchronisation the others do not match (a crash, a bound): `why` says which.
  bool usable() const { return why_.empty(); }
  const std::string& why() const { return why_; }

 private:
  using event = happens_before_event;
  std::vector<std::vector<event>> events_;                   // by world rank, in program order
  std::vector<std::map<std::size_t, thread_stamp>> stamps_;  // by world rank: line index → its thread's clock
  std::string why_;

  void compute(const std::vector<std::vector<nlohmann::json>>& records_by_rank);
  const thread_stamp* stamp(int rank, std::size_t line) const;
  const event* first_after(int rank, std::size_t line) const;
  const event* last_before(int rank, std::size_t line) const;
};

}  // namespace redsem::check
