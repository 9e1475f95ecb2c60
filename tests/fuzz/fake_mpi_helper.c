/* A stand-in for tools/mpi_fuzz_helper.c without MPI, to test the client side of the protocol
 * and the campaign's classification:
 * - MPI_SUM on MPI_INT wraps correctly, except that it saturates when COUNT >= 8 (a fake vector
 *   body); MPI_PROD on MPI_INT crashes the process; MPI_LAND answers "error 10 MPI_ERR_OP";
 * - choices MPI leaves open, made as both Debian MPIs make them: MPI_PROD on
 *   MPI_C_DOUBLE_COMPLEX is C's `*` (Annex G, libgcc's __muldc3); MPI_MINLOC/MPI_MAXLOC on
 *   MPI_DOUBLE_INT keep inoutbuf's operand on a tie and with a NaN (Open MPI's and MPICH's code);
 * - rows no one policy explains: MPI_MINLOC on MPI_FLOAT_INT keeps inoutbuf's operand on a tie
 *   in a fake vector body (COUNT >= 8) and inbuf's in the tail; MPI_PROD on MPI_C_COMPLEX
 *   multiplies by the conjugate (wrong under every policy);
 * - MPI_BOR stalls forever, on MPI_SHORT after reading its buffers and on MPI_LONG before (so a
 *   large request fills the pipe);
 * every other op or type is "unsupported". */
#include <complex.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fake_mpi_ops.h"

static int is(const char* a, const char* b) { return strcmp(a, b) == 0; }

/* 0 when done, 1 for "unsupported". */
static int reduce(const char* op, const char* type, long long count, void* in, void* inout) {
  if (is(op, "MPI_SUM") && is(type, "MPI_INT")) fake_sum_int(in, inout, count);
  else if (is(op, "MPI_PROD") && is(type, "MPI_C_DOUBLE_COMPLEX")) fake_prod_c99(in, inout, count);
  else if (is(op, "MPI_PROD") && is(type, "MPI_C_COMPLEX")) fake_prod_conjugate(in, inout, count);
  else if (is(op, "MPI_MINLOC") && is(type, "MPI_DOUBLE_INT")) fake_loc_double_int(in, inout, count, -1);
  else if (is(op, "MPI_MAXLOC") && is(type, "MPI_DOUBLE_INT")) fake_loc_double_int(in, inout, count, 1);
  else if (is(op, "MPI_MINLOC") && is(type, "MPI_FLOAT_INT")) fake_minloc_float_int_by_position(in, inout, count);
  else return 1;
  return 0;
}

int main(void) {
  char line[512];
  while (fgets(line, sizeof line, stdin) != NULL) {
    char op[64], type[64];
    long long count = 0;
    int in_off = 0, inout_off = 0;
    unsigned long long nbytes = 0;
    if (strcmp(line, "version\n") == 0) {
      printf("ok 13\nfake MPI v0.1");
      fflush(stdout);
      continue;
    }
    if (sscanf(line, "reduce %63s %63s %lld %d %d %llu", op, type, &count, &in_off, &inout_off, &nbytes) != 6) break;
    if (is(op, "MPI_BOR") && is(type, "MPI_LONG"))
      for (;;) pause();
    /* 16-byte aligned, as malloc's are: every element type of the fake is aligned in it. */
    void* in = malloc(nbytes + 16);
    void* inout = malloc(nbytes + 16);
    if (fread(in, 1, nbytes, stdin) != nbytes || fread(inout, 1, nbytes, stdin) != nbytes) return 3;
    if (is(op, "MPI_BOR") && is(type, "MPI_SHORT"))
      for (;;) pause();
    if (is(op, "MPI_PROD") && is(type, "MPI_INT")) {
      fprintf(stderr, "fake helper: PROD is not implemented\n");
      abort();
    }
    if (is(op, "MPI_LAND")) {
      printf("error 10 MPI_ERR_OP: invalid reduce operation\n");
    } else if (reduce(op, type, count, in, inout) != 0) {
      printf("unsupported %s\n", type);
    } else {
      printf("ok %llu\n", nbytes);
      fwrite(inout, 1, nbytes, stdout);
    }
    fflush(stdout);
    free(in);
    free(inout);
  }
  return 0;
}
