/* SPDX-License-Identifier: BSD-3-Clause */
/* The check library's index of request handles (check/runtime/request_index.h) against a plain
 * list of the handles it holds, under random adds and removals that fill it to the most it is
 * made for (half its entries) and empty it again, with handles drawn from few values (the same
 * handles come and go, as a library's do) and from many. Probe chains wrap past the index's end
 * (a removal that moved an entry back across it wrongly made this test fail). Built with each
 * MPI's mpi.h, whose MPI_Request differs (a pointer in Open MPI, an int in MPICH). Exits 1 at the
 * first disagreement, naming it. */
#include "request_index.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MOST (RC_REQUEST_INDEX_ENTRIES / 2)

static struct rc_request_index index_under_test;
static MPI_Request held[MOST]; /* held[i] was added at slot i */
static int count;

static MPI_Request handle(unsigned long bits) {
  MPI_Request r;
  memset(&r, 0, sizeof r);
  memcpy(&r, &bits, sizeof r < sizeof bits ? sizeof r : sizeof bits);
  return r;
}

static int is_held(MPI_Request r) {
  for (int i = 0; i < count; ++i)
    if (held[i] == r) return 1;
  return 0;
}

/* Every held handle is found at its slot, and `absent` is not found. */
static int agrees(MPI_Request absent, long step) {
  for (int i = 0; i < count; ++i)
    if (rc_request_index_find(&index_under_test, held[i]) != i) {
      fprintf(stderr, "step %ld: held handle %d not found at its slot\n", step, i);
      return 0;
    }
  if (!is_held(absent) && rc_request_index_find(&index_under_test, absent) != -1) {
    fprintf(stderr, "step %ld: a handle never added (or removed) was found\n", step);
    return 0;
  }
  return 1;
}

/* Removes held[i]; the last held handle takes its slot, as a table that keeps slots dense would. */
static void remove_at(int i) {
  rc_request_index_remove(&index_under_test, held[i]);
  held[i] = held[--count];
  if (i < count) {
    rc_request_index_remove(&index_under_test, held[i]);
    rc_request_index_add(&index_under_test, held[i], i);
  }
}

int main(void) {
  srand(7);
  for (long step = 0; step < 400000; ++step) {
    /* Phases of filling and emptying, so that the index is often near full. */
    const int filling = (step / 20000) % 2 == 0;
    const int few = (step / 40000) % 2 == 1; /* handles from few values */
    const unsigned long bits = few ? 8ul * (unsigned long)(rand() % (MOST + 64)) + 8
                                   : ((unsigned long)rand() << 16 ^ (unsigned long)rand()) | 1;
    const MPI_Request r = handle(bits);
    if (count < MOST && (count == 0 || rand() % 4 != 0) == filling) {
      if (!is_held(r)) {
        rc_request_index_add(&index_under_test, r, count);
        held[count++] = r;
      }
    } else if (count > 0) {
      remove_at(rand() % count);
    }
    if (step % 997 == 0 && !agrees(r, step)) return 1;
  }
  while (count > 0) remove_at(count - 1);
  for (int i = 0; i < RC_REQUEST_INDEX_ENTRIES; ++i)
    if (index_under_test.entry[i].slot != 0) {
      fprintf(stderr, "an entry still used after every handle was removed\n");
      return 1;
    }
  printf("request index: agrees with the list\n");
  return 0;
}
