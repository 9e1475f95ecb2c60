/* SPDX-License-Identifier: BSD-3-Clause */
/* Probe: MPI-4's persistent reduction collectives, MPI_*_init (MPI-4.1 §7.13). */
#include <mpi.h>

typedef void (*fn)(void);
int main(void) {
  fn volatile f[] = {(fn)MPI_Reduce_init,         (fn)MPI_Allreduce_init,
                     (fn)MPI_Reduce_scatter_init, (fn)MPI_Reduce_scatter_block_init,
                     (fn)MPI_Scan_init,           (fn)MPI_Exscan_init};
  return f[0] == 0;
}
