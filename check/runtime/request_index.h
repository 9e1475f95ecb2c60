/* SPDX-License-Identifier: BSD-3-Clause */
/* An index of request handles: the slot of a caller's table that holds the request a handle
 * names, found in a few probes where a scan of the table cost one comparison per followed
 * request at every completion (docs/benchmarks.md, "Request tracking"). Open addressing with
 * linear probing over twice as many entries as the largest table it serves; a removal moves the
 * rest of its probe chain back, so no tombstones accumulate however many requests come and go.
 * Not thread-safe: its user holds its own lock. A zeroed index is empty. */
#ifndef REDSEM_CHECK_REQUEST_INDEX_H
#define REDSEM_CHECK_REQUEST_INDEX_H

#include <mpi.h>

#define RC_REQUEST_INDEX_ENTRIES 8192 /* a power of two, at least twice the slots indexed */

struct rc_request_index {
  struct {
    MPI_Request request;
    int slot; /* the table slot + 1; 0: an empty entry */
  } entry[RC_REQUEST_INDEX_ENTRIES];
};

/* The slot `request` was added with, or -1. */
int rc_request_index_find(const struct rc_request_index *x, MPI_Request request);
/* Adds `request` at `slot` (0 <= slot < RC_REQUEST_INDEX_ENTRIES / 2); it must not be indexed. */
void rc_request_index_add(struct rc_request_index *x, MPI_Request request, int slot);
/* Removes `request`, if indexed. */
void rc_request_index_remove(struct rc_request_index *x, MPI_Request request);

#endif
