/* SPDX-License-Identifier: BSD-3-Clause */
/* Probe: the large-count point-to-point calls, blocking, nonblocking and persistent (MPI-4.1
 * §2.5.8, §3). */
#include <mpi.h>

typedef void (*fn)(void);
int main(void) {
  fn volatile f[] = {(fn)MPI_Send_c,
                     (fn)MPI_Ssend_c,
                     (fn)MPI_Bsend_c,
                     (fn)MPI_Rsend_c,
                     (fn)MPI_Recv_c,
                     (fn)MPI_Sendrecv_c,
                     (fn)MPI_Sendrecv_replace_c,
                     (fn)MPI_Isend_c,
                     (fn)MPI_Ibsend_c,
                     (fn)MPI_Irsend_c,
                     (fn)MPI_Issend_c,
                     (fn)MPI_Irecv_c,
                     (fn)MPI_Send_init_c,
                     (fn)MPI_Bsend_init_c,
                     (fn)MPI_Rsend_init_c,
                     (fn)MPI_Ssend_init_c,
                     (fn)MPI_Recv_init_c};
  return f[0] == 0;
}
