/* SPDX-License-Identifier: BSD-3-Clause */
// Schedules of the algorithms real MPI libraries use for the reduction collectives, run
// symbolically: every rank holds one evaluation tree per element, messages carry trees, and a
// combine builds a node. The result is, per rank and element, the tree that rank's result is.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sim/tree.h"

namespace redsem::sim {

enum class collective : std::uint8_t { reduce, allreduce, reduce_scatter, reduce_scatter_block, scan, exscan };
inline constexpr collective all_collectives[] = {collective::reduce,         collective::allreduce,
                                                 collective::reduce_scatter, collective::reduce_scatter_block,
                                                 collective::scan,           collective::exscan};
std::string_view to_string(collective c);
std::optional<collective> parse_collective(std::string_view name);  // "reduce", "MPI_Allreduce", …

struct algorithm_info {
  std::string_view name;
  std::string_view origin;  // whose implementation it follows, and what it does
};
const std::vector<algorithm_info>& algorithms_of(collective c);

struct schedule_request {
  collective kind = collective::reduce;
  std::string algorithm;
  int procs = 1;
  int root = 0;             // Reduce only
  bool in_place = false;    // MPI_IN_PLACE: where it changes what a rank's buffer holds, the note says so
  bool commutative = true;  // the op's declared flag: algorithms branch on it, as MPICH's do
  int count = 0;            // elements in each send buffer; 0 means one per rank (so blocks are visible)
  int segment = 0;          // pipelined algorithms: elements per segment; 0 means unsegmented
  // Reduce_scatter: each rank's block of the count elements, as its recvcounts (summing to
  // count); empty gives rank r a share that grows with r.
  std::vector<int> block_counts{};
};

struct rank_result {
  std::vector<int> element_index;  // which element of the full vector each result element is
  std::vector<tree> trees;         // its evaluation tree; empty when the rank gets no result
  std::string note;                // why a rank has no result, or what MPI_IN_PLACE leaves there
};

struct schedule {
  schedule_request request;
  std::vector<rank_result> ranks;
};

struct schedule_outcome {
  std::optional<schedule> value;
  std::string error;  // bad request: unknown algorithm, root out of range, …
};
schedule_outcome build_schedule(const schedule_request& request);

// The ranks whose inputs rank `rank`'s result must combine, ascending (MPI-4.1 §7.9, §7.10, §7.11).
std::vector<int> required_ranks(collective c, int rank, int procs);

// Every tree checked against the required ranks and the op's commute flag.
struct schedule_problem {
  int rank;
  int element;
  tree_check check;
};
// `on_rank`, when given, is told each rank whose trees are checked (a long run shows progress).
std::vector<schedule_problem> check_schedule(const schedule& s, const std::function<void(int rank)>& on_rank = {});

}  // namespace redsem::sim
