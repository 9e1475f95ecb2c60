/* SPDX-License-Identifier: BSD-3-Clause */
// The process groups of the children a run starts that run other people's code (an MPI helper
// and whatever the user's function forks inside it, an MPI job of `redsem probe`): each such
// child leads a group of its own, and the run ends the whole group with it, on every path,
// including redsem's own end by a signal. In the model library so that every folder that starts
// such a child uses this one list.
#pragma once

#include <sys/types.h>

namespace redsem {

// Remembers group `pgid` as live until end_group: if redsem exits, or SIGINT, SIGTERM or SIGHUP
// ends it, every live group is killed first (a child in a group of its own no longer gets the
// terminal's Ctrl-C).
void track_group(pid_t pgid);

// Kills whatever is left in group `pgid` (SIGKILL: what is left after its leader ended or was
// given up on is a stray, with nothing to save) and forgets it.
void end_group(pid_t pgid);

}  // namespace redsem
