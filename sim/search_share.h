/* SPDX-License-Identifier: BSD-3-Clause */
// One process's part of a search split over several (redsem-mpi): which share this is, and
// how the shares exchange bytes. Both are collective: every share calls them the same number
// of times, in the same order.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace redsem::sim {

struct search_share {
  int index = 0, count = 1;
  // Every share hands its bytes and gets back every share's, in share order.
  std::function<std::vector<std::string>(const std::string&)> allgather;
  // Every share hands one part per share (to[d] for share d) and receives in `from` the part
  // every share sent it, in share order. `from` is the caller's from call to call, so its
  // strings' memory is reused: a level-by-level search exchanges big parts at every level.
  std::function<void(const std::vector<std::string>& to, std::vector<std::string>& from)> alltoall;

  bool split() const { return count > 1; }
};

}  // namespace redsem::sim
