/* SPDX-License-Identifier: BSD-3-Clause */
// A split search's exchanges among threads of one process instead of MPI processes (tests and
// benchmarks of the split searches): run(body) starts one thread per share, each with a
// search_share whose allgather and alltoall meet the others'.
#pragma once

#include <barrier>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "sim/search_share.h"

namespace redsem::sim {

class thread_shares {
 public:
  explicit thread_shares(int count)
      : count_(count), slots_(static_cast<std::size_t>(count) * static_cast<std::size_t>(count)), sync_(count) {}

  // Runs body(share) on `count` threads at once and waits for them.
  void run(const std::function<void(const search_share&)>& body) {
    std::vector<std::thread> threads;
    for (int i = 0; i < count_; ++i)
      threads.emplace_back([this, &body, i] {
        body(search_share{i, count_, [this, i](const std::string& mine) { return allgather(i, mine); },
                          [this, i](const std::vector<std::string>& to, std::vector<std::string>& from) {
                            alltoall(i, to, from);
                          }});
      });
    for (auto& t : threads) t.join();
  }

 private:
  // slot(from, to): what share `from` sends share `to`.
  std::string& slot(int from, int to) { return slots_[static_cast<std::size_t>(from * count_ + to)]; }

  std::vector<std::string> allgather(int me, const std::string& mine) {
    std::vector<std::string> from;
    alltoall(me, std::vector<std::string>(static_cast<std::size_t>(count_), mine), from);
    return from;
  }
  // Copies in and out, as messages between processes do (slots and `from` keep their memory).
  void alltoall(int me, const std::vector<std::string>& to, std::vector<std::string>& from) {
    for (int d = 0; d < count_; ++d) slot(me, d).assign(to[static_cast<std::size_t>(d)]);
    sync_.arrive_and_wait();
    from.resize(static_cast<std::size_t>(count_));
    for (int s = 0; s < count_; ++s) from[static_cast<std::size_t>(s)].assign(slot(s, me));
    sync_.arrive_and_wait();  // nobody overwrites a slot before everyone has read it
  }

  int count_;
  std::vector<std::string> slots_;
  std::barrier<> sync_;
};

}  // namespace redsem::sim
