/* SPDX-License-Identifier: BSD-3-Clause */
/* Probe: the persistent reduction collectives as an extension with MPIX_ names (Open MPI 4.1's
 * pcollreq, which predates MPI-4), declared by <mpi-ext.h>. */
#include <mpi.h>

/* After mpi.h, whose types it uses. */
#include <mpi-ext.h>

typedef void (*fn)(void);
int main(void) {
  fn volatile f[] = {(fn)MPIX_Reduce_init,         (fn)MPIX_Allreduce_init,
                     (fn)MPIX_Reduce_scatter_init, (fn)MPIX_Reduce_scatter_block_init,
                     (fn)MPIX_Scan_init,           (fn)MPIX_Exscan_init};
  return f[0] == 0;
}
