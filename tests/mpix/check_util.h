/* SPDX-License-Identifier: BSD-3-Clause */
/* Shared by the MPIX test programs: count failures with a message naming rank and case, and
 * agree on one exit status over all ranks. */
#ifndef REDSEM_MPIX_CHECK_UTIL_H
#define REDSEM_MPIX_CHECK_UTIL_H

#include <mpi.h>
#include <stdio.h>

static int check_failures = 0;

#define REDSEM_CHECK(cond, ...)                                              \
  do {                                                                       \
    if (!(cond)) {                                                           \
      int rank_ = 0;                                                         \
      MPI_Comm_rank(MPI_COMM_WORLD, &rank_);                                 \
      fprintf(stderr, "rank %d: %s:%d: check failed: ", rank_, __FILE__, __LINE__); \
      fprintf(stderr, __VA_ARGS__);                                          \
      fprintf(stderr, "\n");                                                 \
      ++check_failures;                                                      \
    }                                                                        \
  } while (0)

/* Every rank's verdict, so the job's exit status is the same everywhere. */
static int check_finish(const char *program) {
  int total = 0, rank = 0, size = 0;
  MPI_Allreduce(&check_failures, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (rank == 0) printf("%s on %d ranks: %s (%d failed checks)\n", program, size,
                        total == 0 ? "PASS" : "FAIL", total);
  return total == 0 ? 0 : 1;
}

#endif
