/* User ops that are correct MPI_SUM on MPI_INT but do what real code does beside the sum:
 * print, print from their setup function. Built per MPI with its mpicc
 * (tests/bad_input/children.cmake), so their DT_NEEDED names that MPI. */
#include <mpi.h>
#include <stdio.h>

static void sum(const void* in, void* inout, int len) {
  for (int i = 0; i < len; ++i)
    ((unsigned*)inout)[i] += ((const unsigned*)in)[i]; /* wraps, as MPI_SUM on MPI_INT may */
}

/* Each call prints lines that look like the helper's answers, and more than a pipe holds. */
void sum_int_prints(void* in, void* inout, int* len, MPI_Datatype* type) {
  (void)type;
  for (int k = 0; k < 30; ++k) printf("ok 4\ncrashed 11\nexited 0\nlen 1:0:65\n");
  sum(in, inout, *len);
}

/* A setup function that says what it made, on stdout. */
int make_int_type_printing(MPI_Datatype* type) {
  printf("ok 999 999\nsetup: making a contiguous MPI_INT\n");
  fflush(stdout);
  if (MPI_Type_contiguous(1, MPI_INT, type) != MPI_SUCCESS) return 1;
  return MPI_Type_commit(type);
}
