/* SPDX-License-Identifier: BSD-3-Clause */
// Which of sim/'s algorithm schedules produced a traced case: each schedule, built for the
// case's P, root, in-place flag, commute flag and count, says per rank and element which tree
// that algorithm evaluates; the case matches an algorithm when every traced result is that
// tree (for a commutative op, up to swapped operands: MPI may change their order).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "probe/trace.h"

namespace redsem::probe {

struct sim_match {
  std::vector<std::string> algorithms;  // the sim algorithms every traced tree matches
  std::map<std::string, long> partial;  // algorithm → result elements whose tree it matches
  long elements = 0;                    // result elements compared
};

// Exscan's rank 0 (undefined result) is not compared. Reduce_scatter's schedules are built
// with the tracer's uneven blocks (odd ranks get one element more), so every element is
// compared with the tree of the same element of the same rank.
sim_match match_sim_algorithms(const case_trace& c, int size);

}  // namespace redsem::probe
