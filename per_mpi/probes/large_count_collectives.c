/* SPDX-License-Identifier: BSD-3-Clause */
/* Probe: the large-count reduction collectives, blocking and nonblocking (MPI-4.1 §2.5.8, §7.9). */
#include <mpi.h>

typedef void (*fn)(void);
int main(void) {
  fn volatile f[] = {(fn)MPI_Reduce_c,
                     (fn)MPI_Allreduce_c,
                     (fn)MPI_Reduce_scatter_c,
                     (fn)MPI_Reduce_scatter_block_c,
                     (fn)MPI_Scan_c,
                     (fn)MPI_Exscan_c,
                     (fn)MPI_Ireduce_c,
                     (fn)MPI_Iallreduce_c,
                     (fn)MPI_Ireduce_scatter_c,
                     (fn)MPI_Ireduce_scatter_block_c,
                     (fn)MPI_Iscan_c,
                     (fn)MPI_Iexscan_c};
  return f[0] == 0;
}
