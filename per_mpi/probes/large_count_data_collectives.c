/* SPDX-License-Identifier: BSD-3-Clause */
/* Probe: the large-count collectives that move data without reducing it, blocking, nonblocking
 * and persistent, the neighbourhood ones among them (MPI-4.1 §2.5.8, §7, §8.6). */
#include <mpi.h>

typedef void (*fn)(void);
int main(void) {
  fn volatile f[] = {(fn)MPI_Bcast_c,
                     (fn)MPI_Gatherv_c,
                     (fn)MPI_Scatterv_c,
                     (fn)MPI_Allgatherv_c,
                     (fn)MPI_Alltoallw_c,
                     (fn)MPI_Ibcast_c,
                     (fn)MPI_Ialltoallw_c,
                     (fn)MPI_Bcast_init_c,
                     (fn)MPI_Alltoallw_init_c,
                     (fn)MPI_Neighbor_allgather_c,
                     (fn)MPI_Ineighbor_alltoallw_c,
                     (fn)MPI_Neighbor_alltoallw_init_c};
  return f[0] == 0;
}
