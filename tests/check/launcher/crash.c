/* SPDX-License-Identifier: BSD-3-Clause */
/* An MPI program whose rank 1 crashes after MPI_Init, for the launcher's tests. Before it does,
 * it appends one `finding` line to its own record (own_record.h), standing for a finding the
 * check library gathered before the crash: redsem check must report it, with its caller
 * (crash.c:<line> (record_finding)), and the rank as ended early. */
#include "own_record.h"

#include <mpi.h>
#include <signal.h>

static void record_finding(int rank) {
  append_own_record(rank, "finding",
                    "\"check\":\"launcher_test_marker\",\"call\":\"MPI_Barrier\",\"rule\":\"none (a test marker)\","
                    "\"message\":\"written by the test program before rank 1 crashes\",\"evidence\":{}",
                    (uintptr_t)&record_finding);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 1) {
    record_finding(rank);
    raise(SIGKILL);
  }
  MPI_Barrier(MPI_COMM_WORLD); /* the others wait here until the launcher ends the job */
  MPI_Finalize();
  return 0;
}
