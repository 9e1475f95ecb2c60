/* SPDX-License-Identifier: BSD-3-Clause */
/* Memory attached to a dynamic window (MPI_Win_attach, MPI_Win_detach, MPI-4.1 §13.2.4): the
 * post-run analysis maps the calls' target displacements, which on a dynamic window are
 * addresses on the target (relative to MPI_BOTTOM), onto the regions the target attached, and
 * reports an access outside every one of them. */
#include <stdint.h>

#include "rma_state.h"
#include "watch.h"

static void write_region(const char *ev, const char *call, MPI_Win win, const void *base, MPI_Aint size,
                         const void *caller) {
  rc_count(call);
  rc_rma_lock();
  const struct rc_window *w = rc_rma_window(win);
  if (w) {
    rc_line l;
    rc_rma_begin(&l, ev, w, call);
    rc_int(&l, "base", (long long)(intptr_t)base); /* as MPI_Get_address gives it */
    if (size >= 0) rc_int(&l, "size", (long long)size);
    rc_int(&l, "time", rc_rma_now());
    rc_caller(&l, caller);
    rc_end(&l);
    if (size >= 0) rc_watch_attached(w); /* an attach (a detach has no size) */
  }
  rc_rma_unlock();
}

int MPI_Win_attach(MPI_Win win, void *base, MPI_Aint size) {
  if (!rc_active()) return PMPI_Win_attach(win, base, size);
  const int rc = PMPI_Win_attach(win, base, size);
  if (rc == MPI_SUCCESS) write_region("rma_attach", "MPI_Win_attach", win, base, size, __builtin_return_address(0));
  return rc;
}

int MPI_Win_detach(MPI_Win win, const void *base) {
  if (!rc_active()) return PMPI_Win_detach(win, base);
  const int rc = PMPI_Win_detach(win, base);
  if (rc == MPI_SUCCESS) write_region("rma_detach", "MPI_Win_detach", win, base, -1, __builtin_return_address(0));
  return rc;
}
