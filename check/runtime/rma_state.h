/* SPDX-License-Identifier: BSD-3-Clause */
/* What the RMA part of the library keeps per process (check/runtime/rma_*.c): the windows it
 * has seen, the requests of request-based RMA calls, and the copies of origin buffers waiting for
 * their calls to complete. Every table has a fixed size: a program with more windows, requests
 * or pending calls than it holds runs unchanged, and the record says which bound was hit
 * (`rma_limit`, docs/check_records.md). One mutex guards all of it: MPI_THREAD_MULTIPLE
 * programs may call RMA from several threads. */
#ifndef REDSEM_CHECK_RMA_STATE_H
#define REDSEM_CHECK_RMA_STATE_H

#include <mpi.h>
#include <stddef.h>

#include "record.h"

#define RC_RMA_MAX_WINDOWS 64      /* live windows followed at once */
#define RC_RMA_MAX_SYNCS 512       /* synchronisation lines written per window */
#define RC_RMA_MAX_CALLS 64        /* RMA calls recorded between two synchronisation calls */
#define RC_RMA_MAX_VALUE_BYTES 256 /* origin bytes written into a record */
#define RC_RMA_MAX_COPY_BYTES 4096 /* origin bytes kept per call for the completion check */
#define RC_RMA_MAX_PENDING 256     /* calls whose origin buffer awaits completion */
#define RC_RMA_MAX_REQUESTS 256    /* live requests of request-based RMA calls */
#define RC_RMA_MAX_GROUP 4096      /* window group members written into rma_win */

struct rc_window {
  int used; /* 0: a free slot */
  MPI_Win win;
  int id;           /* creation order on this rank, from 0: links this rank's lines about it */
  const char *base; /* this rank's window memory (NULL for dynamic windows) */
  MPI_Aint size;
  unsigned long syncs; /* synchronisation calls seen */
  unsigned long calls; /* RMA calls since the last synchronisation call */
  int limit_said;      /* the rma_limit line for this window was written */
};

/* Serialises access to the tables below. */
void rc_rma_lock(void);
void rc_rma_unlock(void);

/* The window's entry, or NULL when it is not followed (created before the record opened, or
 * beyond RC_RMA_MAX_WINDOWS). Call with the lock held. */
struct rc_window *rc_rma_window(MPI_Win win);
/* Whether this process follows a window now: exact with the lock held, a hint without it (a
 * window another thread is making or freeing meanwhile may or may not count). */
int rc_rma_has_windows(void);
/* Whether `bytes` bytes at `p` lie in some window memory of this process. */
int rc_rma_in_window_memory(const void *p, size_t bytes);
/* Whether the window's record reached RC_RMA_MAX_SYNCS synchronisation lines (those repeated in
 * a poll loop and absorbed into an `rma_repeat` line do not count: record_repeat.h). */
int rc_rma_syncs_bounded(const struct rc_window *w);
/* Whether the lines about the window's current epoch are written: under both bounds of its
 * `rma_call` lines (RC_RMA_MAX_SYNCS synchronisation lines, RC_RMA_MAX_CALLS calls in the epoch),
 * past which the window's `rma_limit` line says its record stops. The watcher's `watch` lines, of
 * pending buffers and of window memory alike, follow it: a window moved to a new epoch at every
 * lock would otherwise write one a synchronisation call for as long as the program runs. */
int rc_rma_epoch_recorded(const struct rc_window *w);
/* Writes an `rma_limit` line once per window (w may be NULL for a table without a window). */
void rc_rma_limit(struct rc_window *w, const char *what, long long limit);

/* Starts a record line about window w: ev, win, call, epoch. */
void rc_rma_begin(rc_line *l, const char *ev, const struct rc_window *w, const char *call);
/* Nanoseconds of CLOCK_REALTIME: orders epochs of different ranks of one machine (the
 * post-run analysis calls two calls concurrent only when their lifetimes overlap). */
long long rc_rma_now(void);

/* Origin buffers (rma_origin.c). Packs up to `cap` bytes of `count` elements of `type` at
 * `buf` into `out`; returns the bytes packed, *whole = 0 when not all of them fit. */
size_t rc_rma_pack(const void *buf, int count, MPI_Datatype type, char *out, size_t cap, int *whole);
/* Keeps a copy of a call's origin (or compare) buffer until the call completes. */
void rc_rma_keep_origin(const struct rc_window *w, const char *call, const char *which, int target, const void *buf,
                        int count, MPI_Datatype type, MPI_Request request, const void *caller);
/* Compares the kept copies of the calls a synchronisation call completes with their buffers
 * now, writes a finding for each that changed and forgets them. target < 0: every target. */
void rc_rma_complete_origins(const struct rc_window *w, int target, const char *completed_by);
/* Forgets the window's copies without comparing (MPI_Win_free). */
void rc_rma_forget_origins(const struct rc_window *w);
/* Compares and forgets the copies of the call whose request completed. */
void rc_rma_complete_request_origin(MPI_Request request);

/* Fetched values (rma_results.c): keeps a fetching call's result buffer (`of`: the seq of its
 * rma_call line) and writes its `rma_result` line when a synchronisation call (target < 0:
 * every target) or its request completes it. Call with the lock held. */
void rc_rma_keep_result(const struct rc_window *w, int target, long long of, const void *buf, int count,
                        MPI_Datatype type, MPI_Request request);
void rc_rma_complete_results(const struct rc_window *w, int target);
void rc_rma_complete_request_result(MPI_Request request);
/* The request was freed: the call is completed by synchronisation only. */
void rc_rma_untie_request_result(MPI_Request request);
void rc_rma_forget_results(const struct rc_window *w);

/* Requests of request-based RMA calls (rma_requests.c). */
/* Follows a request; returns its number (from 0 per rank), or -1 when the table is full. */
long long rc_rma_add_request(const struct rc_window *w, MPI_Request request);
/* How many requests are followed: completion.c copies handles only when there are some. */
int rc_rma_requests_pending(void);
/* Called by completion.c for every request that MPI_Wait/Test… completed (the handle as it was
 * before the call freed it): if it is an RMA request, its call is complete at the origin. */
void rc_rma_request_completed(MPI_Request request);
/* Called by completion.c for a request the program freed with MPI_Request_free: its call is
 * now complete at the origin only when a synchronisation call says so. */
void rc_rma_request_freed(MPI_Request request);
/* Unties the kept copies of a freed request's call from the request (rma_origin.c). */
void rc_rma_untie_request_origin(MPI_Request request);

#endif
