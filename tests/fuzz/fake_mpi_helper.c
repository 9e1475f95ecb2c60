/* SPDX-License-Identifier: BSD-3-Clause */
/* A stand-in for tools/mpi/mpi_fuzz_helper.c without MPI, to test the client side of the protocol
 * and the campaign's classification:
 * - MPI_SUM on MPI_INT wraps correctly, except that it saturates when COUNT >= 8 (a fake vector
 *   body); MPI_PROD on MPI_INT crashes the process; MPI_LAND answers "error 10 MPI_ERR_OP";
 * - choices MPI leaves open, made as both Debian MPIs make them: MPI_PROD on
 *   MPI_C_DOUBLE_COMPLEX is C's `*` (Annex G, libgcc's __muldc3); MPI_MINLOC/MPI_MAXLOC on
 *   MPI_DOUBLE_INT keep inoutbuf's operand on a tie and with a NaN (Open MPI's and MPICH's code);
 * - rows no one policy explains: MPI_MINLOC on MPI_FLOAT_INT keeps inoutbuf's operand on a tie
 *   in a fake vector body (COUNT >= 8) and inbuf's in the tail; MPI_PROD on MPI_C_COMPLEX
 *   multiplies by the conjugate (wrong under every policy);
 * - MPI_BOR spins forever (a hang by CPU time), on MPI_SHORT after reading its buffers and on
 *   MPI_LONG before (so a large request fills the pipe); MPI_BAND on MPI_SHORT blocks forever
 *   (no CPU time: not a hang, but slowness past the wall backstop);
 * every other op or type is "unsupported";
 * - derived datatypes ("reduce_typemap"): MPI_BAND on a typemap of MPI_INT entries is right (on
 *   each entry); MPI_BXOR on one runs over every int from the first entry to the last, gaps
 *   included (a library that takes the typemap's span for contiguous); every other op or
 *   typemap is refused with MPI_ERR_OP, as both Debian MPIs refuse predefined ops on derived
 *   types. */
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

/* "reduce_typemap OP COUNT INOFF INOUTOFF NBYTES" + "typemap N LB EXTENT" + N entries + buffers. */
static int reduce_typemap(const char* line) {
  char op[64];
  long long count = 0, n = 0, lb = 0, extent = 0;
  int in_off = 0, inout_off = 0;
  unsigned long long nbytes = 0;
  if (sscanf(line, "reduce_typemap %63s %lld %d %d %llu", op, &count, &in_off, &inout_off, &nbytes) != 5) return 0;
  char entry[160];
  if (fgets(entry, sizeof entry, stdin) == NULL || sscanf(entry, "typemap %lld %lld %lld", &n, &lb, &extent) != 3 ||
      n <= 0 || n > 4096)
    exit(3);
  long long disps[4096];
  int all_int = 1;
  long long lo = LLONG_MAX, hi = LLONG_MIN;
  for (long long i = 0; i < n; ++i) {
    char name[64];
    if (fgets(entry, sizeof entry, stdin) == NULL || sscanf(entry, "%63s %lld", name, &disps[i]) != 2) exit(3);
    all_int = all_int && is(name, "MPI_INT");
    lo = disps[i] < lo ? disps[i] : lo;
    hi = disps[i] + (long long)sizeof(int) > hi ? disps[i] + (long long)sizeof(int) : hi;
  }
  unsigned char* in = malloc(nbytes + 16);
  unsigned char* inout = malloc(nbytes + 16);
  if (fread(in, 1, nbytes, stdin) != nbytes || fread(inout, 1, nbytes, stdin) != nbytes) exit(3);
  const int band = is(op, "MPI_BAND"), bxor = is(op, "MPI_BXOR");
  if (!all_int || !(band || bxor)) {
    printf("error 10 MPI_ERR_OP: invalid reduce operation\n");
  } else if ((unsigned long long)(extent * count) != nbytes) {
    printf("extent %lld\n", extent);
  } else {
    for (long long k = 0; k < count; ++k) {
      /* The buffers start at the lower bound: the element's origin is -lb bytes further on. */
      const long long origin = k * extent - lb;
      for (long long i = 0; band && i < n; ++i) {
        int a, b;
        memcpy(&a, in + origin + disps[i], sizeof a);
        memcpy(&b, inout + origin + disps[i], sizeof b);
        b &= a;
        memcpy(inout + origin + disps[i], &b, sizeof b);
      }
      for (long long at = lo; bxor && at < hi; at += (long long)sizeof(int)) {
        int a, b;
        memcpy(&a, in + origin + at, sizeof a);
        memcpy(&b, inout + origin + at, sizeof b);
        b ^= a;
        memcpy(inout + origin + at, &b, sizeof b);
      }
    }
    printf("ok %llu\n", nbytes);
    fwrite(inout, 1, nbytes, stdout);
  }
  fflush(stdout);
  free(in);
  free(inout);
  return 1;
}

static void spin(void) {
  for (volatile unsigned i = 0;; i = i + 1) { /* unsigned: wrapping is no overflow (UBSan) */
  }
}

int main(void) {
  char line[512];
  /* Answers go where redsem reads them (props/fuzz/mpi_library.h), not to stdout. */
  const char* answer_fd = getenv("REDSEM_ANSWER_FD");
  if (answer_fd != NULL && dup2(atoi(answer_fd), STDOUT_FILENO) < 0) return 3;
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
    if (reduce_typemap(line)) continue;
    if (sscanf(line, "reduce %63s %63s %lld %d %d %llu", op, type, &count, &in_off, &inout_off, &nbytes) != 6) break;
    if (is(op, "MPI_BOR") && is(type, "MPI_LONG")) spin();
    /* 16-byte aligned, as malloc's are: every element type of the fake is aligned in it. */
    void* in = malloc(nbytes + 16);
    void* inout = malloc(nbytes + 16);
    if (fread(in, 1, nbytes, stdin) != nbytes || fread(inout, 1, nbytes, stdin) != nbytes) return 3;
    if (is(op, "MPI_BOR") && is(type, "MPI_SHORT")) spin();
    if (is(op, "MPI_BAND") && is(type, "MPI_SHORT"))
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
