/* SPDX-License-Identifier: BSD-3-Clause */
/* An MPI program whose double sum depends on the evaluation order, for the launcher's tests of
 * the post-run float-order analysis: on 4 ranks, element 0 sums 1e16, 1, -1e16, 1 (2 in exact
 * arithmetic, 0 or 2 or 4 depending on the order); element 1 sums 0.5, 0.25, 1, 2, exact in every
 * order. Rank 0 gathers the contributions and appends the `reduction` line the check library
 * writes for a sampled reduction (own_record.h), so that the analysis runs end to end without
 * the collective interceptors. With `exact` as argument, element 0 is exact too. */
#include "own_record.h"

#include <mpi.h>

enum { elements = 2, max_ranks = 16 };

static void hex(char *out, const double *values, int n) {
  const unsigned char *bytes = (const unsigned char *)values;
  for (size_t i = 0; i < (size_t)n * sizeof(double); ++i) sprintf(out + 2 * i, "%02x", bytes[i]);
}

static void record_reduction(int size, const double *inputs, const double *result) {
  char fields[4096], text[2 * elements * sizeof(double) + 1];
  int at = snprintf(fields, sizeof fields,
                    "\"call\":\"MPI_Allreduce\",\"index\":0,\"comm_size\":%d,\"root\":-1,\"op\":\"MPI_SUM\","
                    "\"type\":\"MPI_DOUBLE\",\"count\":%d,\"in_place\":false,\"elements\":%d,\"inputs\":[",
                    size, elements, elements);
  for (int r = 0; r < size; ++r) {
    hex(text, inputs + r * elements, elements);
    at += snprintf(fields + at, sizeof fields - (size_t)at, "%s\"%s\"", r ? "," : "", text);
  }
  hex(text, result, elements);
  snprintf(fields + at, sizeof fields - (size_t)at, "],\"result\":\"%s\"", text);
  append_own_record(0, "reduction", fields, (uintptr_t)&record_reduction);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int exact = argc > 1 && strcmp(argv[1], "exact") == 0;
  const double big[] = {1e16, 1, -1e16, 1}, small[] = {0.5, 0.25, 1, 2};
  double mine[elements] = {exact ? small[rank % 4] : big[rank % 4], small[rank % 4]}, sum[elements];
  MPI_Allreduce(mine, sum, elements, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  double all[max_ranks * elements];
  if (size <= max_ranks) {
    MPI_Gather(mine, elements, MPI_DOUBLE, all, elements, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    if (rank == 0) record_reduction(size, all, sum);
  }
  MPI_Finalize();
  return 0;
}
