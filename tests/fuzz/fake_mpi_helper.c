/* A stand-in for tools/mpi_fuzz_helper.c without MPI, to test the client side of the protocol:
 * MPI_SUM on MPI_INT wraps correctly, except that it saturates when COUNT >= 8 (a fake vector
 * body); MPI_PROD crashes the process; MPI_LAND answers "error 10 MPI_ERR_OP"; MPI_BOR stalls
 * forever, on MPI_SHORT after reading its buffers and on MPI_LONG before (so a large request
 * fills the pipe); every other op or type is "unsupported". */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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
    if (strcmp(op, "MPI_BOR") == 0 && strcmp(type, "MPI_LONG") == 0)
      for (;;) pause();
    int* in = malloc(nbytes + 1);
    int* inout = malloc(nbytes + 1);
    if (fread(in, 1, nbytes, stdin) != nbytes || fread(inout, 1, nbytes, stdin) != nbytes) return 3;
    if (strcmp(op, "MPI_BOR") == 0 && strcmp(type, "MPI_SHORT") == 0)
      for (;;) pause();
    if (strcmp(op, "MPI_PROD") == 0) {
      fprintf(stderr, "fake helper: PROD is not implemented\n");
      abort();
    }
    if (strcmp(op, "MPI_LAND") == 0) {
      printf("error 10 MPI_ERR_OP: invalid reduce operation\n");
    } else if (strcmp(op, "MPI_SUM") != 0 || strcmp(type, "MPI_INT") != 0) {
      printf("unsupported %s\n", type);
    } else {
      for (long long i = 0; i < count; ++i) {
        const long long s = (long long)in[i] + inout[i];
        inout[i] = count >= 8 ? (s > INT_MAX   ? INT_MAX
                                 : s < INT_MIN ? INT_MIN
                                               : (int)s)
                              : (int)(unsigned)((unsigned)in[i] + (unsigned)inout[i]);
      }
      printf("ok %llu\n", nbytes);
      fwrite(inout, 1, nbytes, stdout);
    }
    fflush(stdout);
    free(in);
    free(inout);
  }
  return 0;
}
