/* SPDX-License-Identifier: BSD-3-Clause */
/* Probe: the RMA calls the check library interposes (MPI-4.1 §12), which it cannot be built without. */
#include <mpi.h>

typedef void (*fn)(void);
int main(void) {
  fn volatile f[] = {(fn)MPI_Win_create,
                     (fn)MPI_Win_allocate,
                     (fn)MPI_Win_allocate_shared,
                     (fn)MPI_Win_create_dynamic,
                     (fn)MPI_Win_attach,
                     (fn)MPI_Win_shared_query,
                     (fn)MPI_Put,
                     (fn)MPI_Get,
                     (fn)MPI_Accumulate,
                     (fn)MPI_Get_accumulate,
                     (fn)MPI_Fetch_and_op,
                     (fn)MPI_Compare_and_swap,
                     (fn)MPI_Rput,
                     (fn)MPI_Rget,
                     (fn)MPI_Raccumulate,
                     (fn)MPI_Rget_accumulate,
                     (fn)MPI_Win_lock_all,
                     (fn)MPI_Win_flush};
  return f[0] == 0;
}
