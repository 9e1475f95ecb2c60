/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI_Win_shared_query (MPI-4.1 §13.2.3): the pointer it returns lets this rank load and store
 * another rank's segment of a shared-memory window directly, without an RMA call. The line says
 * which bytes of this process are that rank's segment (the post-run analysis pairs the accesses
 * to them, docs/check_records.md), and the watcher arms them as it arms this rank's own window
 * memory (watch.h). */
#include <stdint.h>

#include "redsem_mpi_features.h"
#include "rma_state.h"
#include "watch.h"

static void queried(const char *call, MPI_Win win, int rank, MPI_Aint size, MPI_Aint disp_unit, void *baseptr,
                    const void *caller) {
  rc_count(call);
  rc_rma_lock();
  const struct rc_window *w = rc_rma_window(win);
  if (w) {
    void *base = *(void **)baseptr;
    rc_line l;
    rc_rma_begin(&l, "rma_shared_query", w, call);
    rc_int(&l, "segment_rank", rank);
    rc_int(&l, "base", (long long)(intptr_t)base);
    rc_int(&l, "size", (long long)size);
    rc_int(&l, "disp_unit", (long long)disp_unit);
    rc_int(&l, "time", rc_rma_now());
    rc_caller(&l, caller);
    rc_end(&l);
    rc_watch_segment(w, rank == MPI_PROC_NULL ? -1 : rank, base, size);
  }
  rc_rma_unlock();
}

int MPI_Win_shared_query(MPI_Win win, int rank, MPI_Aint *size, int *disp_unit, void *baseptr) {
  if (!rc_active()) return PMPI_Win_shared_query(win, rank, size, disp_unit, baseptr);
  const int rc = PMPI_Win_shared_query(win, rank, size, disp_unit, baseptr);
  if (rc == MPI_SUCCESS)
    queried("MPI_Win_shared_query", win, rank, *size, *disp_unit, baseptr, __builtin_return_address(0));
  return rc;
}

#if REDSEM_HAVE_LARGE_COUNT_RMA
int MPI_Win_shared_query_c(MPI_Win win, int rank, MPI_Aint *size, MPI_Aint *disp_unit, void *baseptr) {
  if (!rc_active()) return PMPI_Win_shared_query_c(win, rank, size, disp_unit, baseptr);
  const int rc = PMPI_Win_shared_query_c(win, rank, size, disp_unit, baseptr);
  if (rc == MPI_SUCCESS)
    queried("MPI_Win_shared_query_c", win, rank, *size, *disp_unit, baseptr, __builtin_return_address(0));
  return rc;
}
#endif
