/* SPDX-License-Identifier: BSD-3-Clause */
/* Probe: the large-count RMA calls (MPI-4.1 §2.5.8, §12). */
#include <mpi.h>

typedef void (*fn)(void);
int main(void) {
  fn volatile f[] = {
      (fn)MPI_Put_c,  (fn)MPI_Get_c,         (fn)MPI_Accumulate_c,      (fn)MPI_Get_accumulate_c,  (fn)MPI_Rput_c,
      (fn)MPI_Rget_c, (fn)MPI_Raccumulate_c, (fn)MPI_Rget_accumulate_c, (fn)MPI_Win_shared_query_c};
  return f[0] == 0;
}
