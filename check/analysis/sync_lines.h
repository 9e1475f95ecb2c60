// SPDX-License-Identifier: BSD-3-Clause
// The process_sync lines of one rank's record read as the steps the happens-before replay
// (happens_before.h) orders: what each synchronisation waits for, named across ranks.
#ifndef REDSEM_CHECK_ANALYSIS_SYNC_LINES_H
#define REDSEM_CHECK_ANALYSIS_SYNC_LINES_H

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace redsem::check::sync_lines {

// What one event waits for, as the ranks' records name it across ranks.
// A nonblocking collective is two events: its start (the rank's arrival) and its completion.
// A synchronous send's request (MPI_Issend) is its start (a send) and its completion.
// A receive request's start is an event of its own, placed before the first line written after it.
// A probe (MPI_Probe, MPI_Iprobe) follows its message's send and takes nothing.
enum class kind {
  collective,
  collective_start,
  collective_end,
  send,
  synchronous_send,
  synchronous_done,
  recv_start,
  recv,
  probe
};

struct step {
  kind what = kind::collective;
  std::vector<int> members;  // the communicator's world ranks
  long long index = 0;       // collective index, or message index
  int from = -1, to = -1, tag = 0;
  bool started_earlier = false;  // a receive started by an earlier call than the one completing it
  long long started = -1;        // the `seq` of the rank's next line when it started, when known
  // A collective's `after`: the members whose arrival this member's departure follows (its own
  // always); none: every member's.
  std::optional<std::vector<int>> after = std::nullopt;
  long long round = -1;   // a persistent collective's: which start of it (`start`)
  std::string comm = {};  // the communicator's name, when it has one
  // MPI_Intercomm_create: the return follows, beyond `after`, what the return of each member it
  // names follows (through_leaders).
  bool through_leader = false;
};

// A communicator is its members and, where the records give it, its name (`name`: how it was
// made, from MPI_COMM_WORLD), which tells apart communicators of the same members.
using message_key = std::tuple<std::vector<int>, std::string, int, int, int, long long>;  // comm, from, to, tag, n
using collective_key = std::tuple<std::vector<int>, std::string, long long, long long>;   // comm, index, round

// A sync_comm line's members, when they are world ranks of this run.
std::optional<std::vector<int>> members_of(const nlohmann::json& line, std::size_t ranks);
// The steps of one process_sync line (`members`: its communicator's world ranks).
std::vector<step> steps_of(const nlohmann::json& line, const std::vector<int>& members, int rank);
// MPI_Intercomm_create (MPI-4.1 §8.6.2): the local leader's return follows the remote leader's
// entry, and another member's its local leader's (the `after` each records); but the leader passes
// on what the remote leader sent, so a member's return follows the remote leader's entry too,
// which only the leaders know. Each such step of `steps_by_rank` (indexed by world rank) takes
// the `after` of the members its own names, at the same collective.
void through_leaders(std::vector<std::vector<step>>& steps_by_rank);
// When the receive requests of one rank's record started, in order.
std::vector<long long> receive_starts(const std::vector<nlohmann::json>& lines);

}  // namespace redsem::check::sync_lines

#endif
