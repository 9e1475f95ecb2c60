/* SPDX-License-Identifier: BSD-3-Clause */
/* A generated op in a real MPI job (tests/opfile/emit_c/scan_in_mpi_job.cmake): the C that
 * `redsem emit-c` wrote for SEGMENTED_SUM_BOOL (T=int64) is included below. Its _datatype and
 * _op_create make the handles; MPI_Scan with them must give every rank the left-to-right fold of
 * the ranks' elements that the generated function computes when called directly (a
 * non-commutative op, so MPI must keep the order), and the identity must be one on both sides.
 * With the argument "wrong", the function is called with MPI_INT and must end the job. */
#include GENERATED_C

#include <stdlib.h>

#define COUNT 67

typedef segmented_sum_bool_int64_element element;

static element contribution(int rank, int k) {
  element e;
  memset(&e, 0, sizeof e);
  e.value = (int64_t)((uint64_t)(rank + 1) * 0x9E3779B97F4A7C15u + (uint64_t)k); /* sums wrap */
  e.start = (unsigned char)((rank + k) % 3 == 0);
  return e;
}

static int same(const element *x, const element *y) { return x->value == y->value && x->start == y->start; }

static void combine(element *left, element *right, MPI_Datatype type) {
  int one = 1;
  segmented_sum_bool_int64_function(left, right, &one, &type);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Datatype type;
  MPI_Op op;
  if (segmented_sum_bool_int64_datatype(&type) != MPI_SUCCESS || segmented_sum_bool_int64_op_create(&op) != MPI_SUCCESS) {
    fprintf(stderr, "rank %d: the generated _datatype or _op_create failed\n", rank);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  if (argc > 1 && strcmp(argv[1], "wrong") == 0) {
    element x = contribution(0, 0), y = contribution(1, 0);
    combine(&x, &y, MPI_INT);
    printf("the function returned on a wrong datatype\n");
    MPI_Finalize();
    return 1;
  }
  element mine[COUNT], scanned[COUNT];
  for (int k = 0; k < COUNT; ++k) mine[k] = contribution(rank, k);
  MPI_Scan(mine, scanned, COUNT, type, op, MPI_COMM_WORLD);
  int wrong = 0;
  for (int k = 0; k < COUNT; ++k) {
    element fold = contribution(0, k);
    for (int r = 1; r <= rank; ++r) {
      element next = contribution(r, k);
      combine(&fold, &next, type);
      fold = next;
    }
    element id, e = mine[k], left = mine[k];
    segmented_sum_bool_int64_identity(&id);
    combine(&id, &e, type);     /* e := id ∘ e */
    element id2 = id;
    combine(&left, &id2, type); /* id2 := e ∘ id */
    if (!same(&fold, &scanned[k]) || !same(&e, &mine[k]) || !same(&id2, &mine[k])) {
      fprintf(stderr, "rank %d element %d: scan (%lld, %d), fold (%lld, %d)\n", rank, k, (long long)scanned[k].value,
              scanned[k].start, (long long)fold.value, fold.start);
      wrong = 1;
    }
  }
  int any = 0;
  MPI_Allreduce(&wrong, &any, 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD);
  if (rank == 0) printf(any ? "FAIL\n" : "scan of %d ranks agrees with the generated function\n", size);
  MPI_Op_free(&op);
  MPI_Finalize();
  return any;
}
