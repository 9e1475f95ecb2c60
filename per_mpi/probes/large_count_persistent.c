/* SPDX-License-Identifier: BSD-3-Clause */
/* Probe: the large-count persistent reduction collectives, MPI_*_init_c (MPI-4.1 §7.13). */
#include <mpi.h>

typedef void (*fn)(void);
int main(void) {
  fn volatile f[] = {(fn)MPI_Reduce_init_c,         (fn)MPI_Allreduce_init_c,
                     (fn)MPI_Reduce_scatter_init_c, (fn)MPI_Reduce_scatter_block_init_c,
                     (fn)MPI_Scan_init_c,           (fn)MPI_Exscan_init_c};
  return f[0] == 0;
}
