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
  // Every share hands one part per share (to[d] for share d) and gets back the part every
  // share sent it, in share order.
  std::function<std::vector<std::string>(const std::vector<std::string>& to)> alltoall;

  bool split() const { return count > 1; }
};

}  // namespace redsem::sim
