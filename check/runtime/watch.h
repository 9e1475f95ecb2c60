/* SPDX-License-Identifier: BSD-3-Clause */
/* The local-access watcher (docs/design.md, "Watching local accesses"): the program's own loads
 * and stores to memory an RMA call has not finished with, seen on the unmodified binary through
 * page protection, or, for a pending buffer on the calling thread's stack and window memory on the
 * call stack, through the debug registers (watch_hardware.c). Armed only in epochs:
 *   - the result buffer of a get-type call (MPI_Get, MPI_Get_accumulate, MPI_Fetch_and_op,
 *     MPI_Compare_and_swap and their request forms) from the call's return to the call that
 *     completes it: loads and stores (MPI-4.1 §13.3);
 *   - the origin and compare buffers of the other calls over the same span: stores only;
 *   - this rank's window memory while other ranks may access it (a fence or PSCW epoch, or
 *     passive-target exposure): loads and stores; in the same epochs, the segments of other
 *     ranks that MPI_Win_shared_query gave this rank a pointer to. Memory in a shared mapping
 *     (the library's segment) is reached by other ranks through their own mappings; private
 *     memory (what the program gave to MPI_Win_create) only under the libraries and settings
 *     watch_policy.h names, where other ranks' accesses are copies by the library in this process.
 * A fault on a watched byte by the program is recorded with the faulting instruction; the MPI
 * library's own accesses, and the program's to other bytes of a watched page, are stepped past
 * unrecorded. Nothing is armed with REDSEM_CHECK_WATCH=0, for private window memory where
 * watch_policy.h's settings do not hold (an Open MPI program asking for MPI_THREAD_MULTIPLE among
 * them), or for a range that cannot be watched safely: that range gets a `watch_unavailable` line
 * instead. Threads are served under the watch lock (watch_lock.c).
 *
 * Called by the RMA part with its lock held, from the thread that made the MPI call. */
#ifndef REDSEM_CHECK_WATCH_H
#define REDSEM_CHECK_WATCH_H

#include <mpi.h>

#include "rma_state.h"

/* The buffers of one RMA call that succeeded (NULL when the call has none). */
struct rc_watch_call {
  const char *call;
  int target;
  const void *origin;
  int origin_count;
  MPI_Datatype origin_type;
  const void *compare; /* one element of `type` */
  MPI_Datatype type;
  void *result;
  int result_count;
  MPI_Datatype result_type;
  MPI_Request request; /* MPI_REQUEST_NULL for the calls without one */
  const void *caller;
};

/* After the call returned: arms its buffers, and reports a result buffer that overlaps another
 * pending one of the same window (`overlapping_result_buffers`). */
void rc_watch_rma_call(const struct rc_window *w, const struct rc_watch_call *c);
/* Before a synchronisation call is forwarded: the window's ranges are disarmed if the call may
 * change this rank's exposure; those of the calls it completes (`completes`: a target, -1: all;
 * -2: none) are forgotten. */
void rc_watch_before_sync(const struct rc_window *w, int completes, const char *call);
/* After it returned: re-arms what stays pending, and the window memory for the epoch it opened
 * (`lock`: "exclusive" or "shared" for MPI_Win_lock, else NULL). */
void rc_watch_after_sync(const struct rc_window *w, const char *call, int target, const char *lock, int assert_,
                         int ok);
/* An RMA communication call (MPI_Put…), a blocking collective other than a reduction
 * (MPI_Barrier…) or a blocking point-to-point call (MPI_Send, MPI_Recv…) is about to be
 * forwarded, and has returned: in a program of one thread the library's accesses to watched
 * pages during it are its own, and its first fault on a page leaves that page open until the
 * call returns, instead of one fault stepped per byte it copies. */
void rc_watch_forward_begin(void);
void rc_watch_forward_end(void);
/* Whether a call completing the window's calls to `completes` (a target, -1: all, -2: none), or one
 * of `requests`, completes a pending buffer that every thread's access is watched on: where a hold
 * (watch_delay.h) may let another thread's access come inside its span. */
int rc_watch_pending_completed(const struct rc_window *w, int completes);
int rc_watch_pending_requests(const MPI_Request *requests, int count);
/* Whether `call` on w will disarm window memory watched by pages (the rule of
 * rc_watch_before_sync): other threads' accesses during it are not seen. */
int rc_watch_disarms_window(const struct rc_window *w, const char *call);
/* Whether some window memory is watched by pages now (every thread's access to it faults): where a
 * hold at a process synchronisation's return (watch_delay.h) may see another thread's access. With
 * the RMA lock held. */
int rc_watch_window_watched(void);
/* MPI_Wait/MPI_Test… completed this request-based call: its buffers are done. */
void rc_watch_request_done(MPI_Request request);
/* The library's faults stepped while a synchronisation call was forwarded (the `finalize` line's
 * `watch_sync_steps`): none in a program of one thread, where they leave their pages open. */
unsigned long rc_watch_sync_steps(void);
/* The times window memory armed by page protection was protected or given back whole (a range's
 * arming or release: the `finalize` line's `watch_window_protects`), each one pass of mprotect over
 * the window's pages: what a run's synchronisation calls cost the watcher, from the program's calls
 * alone, not from timing. */
unsigned long rc_watch_window_protects(void);
/* The faults the watcher took on the pages it protected, by what it did with them (the
 * `finalize` line's `watch_faults`): what a run under the watcher costs beyond the plain run
 * (each stepped fault is two signals and two mprotect calls); in a program of one thread the
 * program's own counts follow from what it does and where its data lies, not from timing. */
struct rc_watch_fault_counts {
  unsigned long program;               /* the program's accesses to watched bytes, recorded */
  unsigned long program_beside;        /* the program's accesses beside watched bytes on a protected page, stepped */
  unsigned long library_stepped;       /* the MPI library's, stepped */
  unsigned long library_opened;        /* the MPI library's that left their page open until the next hook */
  unsigned long string_ops_run;        /* a rep stos/movs, run whole by the handler, nothing recorded */
  unsigned long string_ops_recorded;   /* the program's rep stos/movs reaching watched bytes, recorded and run whole */
  unsigned long program_beside_opened; /* the program's beside window bytes that left their page open */
  unsigned long library_copy_opened;   /* of library_opened, those outside a forwarded call (the library copying):
                                          the program's accesses to that page until the next hook are not seen */
  unsigned long program_opened;        /* the program's on window bytes, recorded, that left their page open */
};
struct rc_watch_fault_counts rc_watch_faults(void);
/* A window was created (MPI_Win_create, MPI_Win_allocate…) or is being freed. */
void rc_watch_window_created(const struct rc_window *w);
void rc_watch_window_freed(const struct rc_window *w);
/* MPI_Win_attach attached memory to dynamic window w: not watched, which its first attach says. */
void rc_watch_attached(const struct rc_window *w);
/* MPI_Win_shared_query gave this rank window rank `rank`'s segment (MPI_PROC_NULL: the first
 * non-empty one) at [base, base + size): it is watched as this rank's own window memory is. */
void rc_watch_segment(const struct rc_window *w, int rank, const void *base, MPI_Aint size);
/* Shared-memory window w (MPI_Win_allocate_shared) of `group_size` ranks was created: every other
 * rank's segment is reachable here, through MPI_Win_shared_query or, contiguous, by address from
 * this rank's own base (MPI-4.1 §13.2.3), so each is followed from the start as a queried one is. */
void rc_watch_shared_segments(const struct rc_window *w, int group_size);

#endif
