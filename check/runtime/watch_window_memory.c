/* SPDX-License-Identifier: BSD-3-Clause */
/* Whether window memory can be watched (watch_window.h), and why not: page protection where the
 * other ranks' accesses are known to be copies the library makes in this process (watch_policy.h)
 * or go through a shared mapping; debug registers on the call stack, as far as they reach. */
#define _GNU_SOURCE
#include <stdio.h>
#include <sys/mman.h>

#include "watch_policy.h"
#include "watch_window.h"

static int reaches_outside_world(const struct rc_window *w);

/* The widest debug register piece for window w: one element (its displacement unit, when that is
 * more than a byte), so that an access to one element is never taken for one to its neighbour. */
static int element_bytes(const struct rc_window *w) {
  int *unit = NULL, flag = 0;
  if (PMPI_Win_get_attr(w->win, MPI_WIN_DISP_UNIT, &unit, &flag) != MPI_SUCCESS || !flag || !unit || *unit <= 1)
    return 8;
  int widest = 8;
  while (*unit % widest != 0) widest /= 2;
  return widest;
}

/* Why window memory [lo, hi) on the call stack cannot be watched: more than all the debug
 * registers would be needed. */
static const char *stack_unwatchable(const struct rc_window *w, uintptr_t lo, uintptr_t hi, int widest) {
  static char why[256]; /* written out before the next call: the RMA lock is held */
  if (rc_watch_hw_pieces(lo, hi, widest) <= RC_WATCH_HW_SLOTS) return NULL;
  snprintf(why, sizeof why,
           "window %d, a window of %lu bytes on the call stack (page protection cannot be used there): more than "
           "the %d debug registers (one aligned element of at most 8 bytes each) cover",
           w->id, (unsigned long)(hi - lo), RC_WATCH_HW_SLOTS);
  return why;
}

const char *rc_watch_window_unwatchable(const struct rc_window *w, uintptr_t lo, uintptr_t hi, int *stack) {
  int shared = 0;
  const char *why = "";
  const int prot = rc_watch_mapping(lo, hi, &shared, &why);
  if (prot < 0 && why == rc_watch_on_stack && stack) {
    *stack = element_bytes(w);
    return stack_unwatchable(w, lo, hi, *stack);
  }
  if (prot < 0) return why; /* not one mapping */
  if (!shared && (why = rc_watch_policy_create_refusal()) != NULL) return why;
  if (!shared && reaches_outside_world(w))
    return "the window's group has processes outside MPI_COMM_WORLD, whose accesses to it may be a network card's or "
           "the kernel's, which a page protection would make fail";
  return prot == (PROT_READ | PROT_WRITE) ? NULL : "not read-write memory";
}

/* Whether the window's group has a process outside MPI_COMM_WORLD (spawned or connected), whose
 * node the policy (watch_policy.h) did not look at. */
static int reaches_outside_world(const struct rc_window *w) {
  MPI_Group group, world, both;
  int outside = 1, size = 0, common = -1;
  if (PMPI_Win_get_group(w->win, &group) != MPI_SUCCESS) return 1;
  if (PMPI_Comm_group(MPI_COMM_WORLD, &world) == MPI_SUCCESS) {
    if (PMPI_Group_intersection(group, world, &both) == MPI_SUCCESS) {
      PMPI_Group_size(group, &size);
      PMPI_Group_size(both, &common);
      outside = size != common;
      PMPI_Group_free(&both);
    }
    PMPI_Group_free(&world);
  }
  PMPI_Group_free(&group);
  return outside;
}
