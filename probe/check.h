/* SPDX-License-Identifier: BSD-3-Clause */
// The verdicts on one traced case: what MPI-4.1 requires of the result trees (docs/semantics.md §6), and
// the tree shapes the library used.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "probe/sim_match.h"
#include "probe/trace.h"

namespace redsem::probe {

struct violation {
  std::string rule;     // which requirement, with its section of MPI-4.1
  std::string details;  // ranks, elements, trees
};

struct case_verdict {
  std::vector<violation> violations;
  std::vector<std::string> notes;            // legal, but worth knowing
  std::map<std::string, long> shapes;        // "binomial, rank order" → result elements
  std::map<std::string, std::string> examples;  // shape → one tree with that shape
  // The same for the trees that combine every contribution (for Scan and Exscan, the last
  // rank's): the ones that show the algorithm. And how many different such trees there are
  // (more than one: the algorithm splits the vector, or ranks compute their own).
  std::map<std::string, long> full_shapes;
  std::map<std::string, std::string> full_examples;
  long distinct_full_trees = 0;
  // The sim/ algorithms whose schedules give exactly these trees (none: "no simulated algorithm").
  sim_match simulated;
};

case_verdict check_case(const case_trace& c, int size);

// Whether some result holds bytes that no input held (not a tree over the ranks, or another
// element's): the library wrote where it should not have.
bool results_look_corrupt(const case_trace& c);

}  // namespace redsem::probe
