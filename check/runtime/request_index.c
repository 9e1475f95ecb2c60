/* SPDX-License-Identifier: BSD-3-Clause */
/* The request-handle index (request_index.h). */
#include "request_index.h"

#include <stdint.h>
#include <string.h>

#define MASK (RC_REQUEST_INDEX_ENTRIES - 1)

/* A handle is a pointer in some libraries (Open MPI) and an int in others (MPICH): its bytes,
 * multiplied by a large odd constant, spread over the entries by their high bits. */
static unsigned home(MPI_Request request) {
  uint64_t bits = 0;
  memcpy(&bits, &request, sizeof request < sizeof bits ? sizeof request : sizeof bits);
  return (unsigned)((bits * 0x9e3779b97f4a7c15ull) >> 40) & MASK;
}

/* The entry holding `request`, or the empty entry that ends its probe chain. */
static unsigned position(const struct rc_request_index *x, MPI_Request request) {
  unsigned i = home(request);
  while (x->entry[i].slot && x->entry[i].request != request) i = (i + 1) & MASK;
  return i;
}

int rc_request_index_find(const struct rc_request_index *x, MPI_Request request) {
  return x->entry[position(x, request)].slot - 1;
}

void rc_request_index_add(struct rc_request_index *x, MPI_Request request, int slot) {
  const unsigned i = position(x, request);
  x->entry[i].request = request;
  x->entry[i].slot = slot + 1;
}

/* Whether `home` lies cyclically in (hole, i]: then the entry at i may not move back to hole. */
static int stays(unsigned hole, unsigned i, unsigned h) { return hole <= i ? hole < h && h <= i : hole < h || h <= i; }

void rc_request_index_remove(struct rc_request_index *x, MPI_Request request) {
  unsigned hole = position(x, request);
  if (!x->entry[hole].slot) return;
  for (unsigned i = (hole + 1) & MASK; x->entry[i].slot; i = (i + 1) & MASK)
    if (!stays(hole, i, home(x->entry[i].request))) {
      x->entry[hole] = x->entry[i];
      hole = i;
    }
  x->entry[hole].slot = 0;
}
