/* SPDX-License-Identifier: BSD-3-Clause */
/* Probe: MPI_Isendrecv and MPI_Isendrecv_replace, in their int and large-count forms (MPI-4.1
 * §3.10.2, §2.5.8). */
#include <mpi.h>

typedef void (*fn)(void);
int main(void) {
  fn volatile f[] = {(fn)MPI_Isendrecv, (fn)MPI_Isendrecv_replace, (fn)MPI_Isendrecv_c, (fn)MPI_Isendrecv_replace_c};
  return f[0] == 0;
}
