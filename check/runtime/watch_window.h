/* SPDX-License-Identifier: BSD-3-Clause */
/* The windows the local-access watcher follows (watch_window.c), shared with the hooks of the
 * synchronisation calls (watch_window_sync.c) and the test of what memory can be watched
 * (watch_window_memory.c). Used with the RMA lock held. */
#ifndef REDSEM_CHECK_WATCH_WINDOW_H
#define REDSEM_CHECK_WATCH_WINDOW_H

#include <stdint.h>

#include "rma_state.h"
#include "watch_state.h"

/* A segment of window memory this process reaches through its own mapping: this rank's own
 * (from the window's creation) or rank `rank`'s (from MPI_Win_shared_query on a window the library
 * allocated in shared memory, where the program loads and stores it directly). */
struct rc_watch_segment {
  int rank; /* its owner, a window rank */
  uintptr_t lo, hi;
  int range;    /* its armed range, -1 when none */
  int locked;   /* this rank holds an exclusive lock on its owner: no other rank may access it */
  int on_stack; /* armed by debug registers (for `thread`), not by pages */
  int thread;   /* on_stack: the thread that created the window */
  int widest;   /* on_stack: the widest debug register piece, the window's element */
};

struct rc_watched_window {
  int used, id, win_rank;
  struct rc_watch_segment segments[RC_WATCH_MAX_SEGMENTS];
  int segment_count; /* those that can be watched */
  long long fences;  /* fence epochs opened so far */
  int fence_open, noput, pscw;
  int fences_ended; /* the last synchronisation was a fence with MPI_MODE_NOSUCCEED */
  int shared;       /* a shared-memory window: other ranks load and store it directly at any time */
  int attach_said;  /* dynamic windows: the watch_unavailable line for attached memory was written */
};
extern struct rc_watched_window rc_watched_windows[RC_RMA_MAX_WINDOWS];

/* The slot of window w in rc_watched_windows, -1 when it is not followed. */
int rc_watched_slot(const struct rc_window *w);
/* Releases every armed segment of the window. */
void rc_watch_disarm_window(struct rc_watched_window *ww);
/* Whether nothing of the window is watched now: between fence sequences (watch_window.c). */
int rc_watch_between_sequences(const struct rc_watched_window *ww);
/* Arms the window's segments for the epoch it is in (watch_window.c says which). */
void rc_watch_arm_window(const struct rc_window *w, struct rc_watched_window *ww);

/* Whether [lo, hi) of window w can be watched (see watch_window.c); the reason when not.
 * `stack` (NULL for another rank's segment): set to the widest debug register piece when it is on
 * the call stack, to be watched by debug registers. */
const char *rc_watch_window_unwatchable(const struct rc_window *w, uintptr_t lo, uintptr_t hi, int *stack);

#endif
