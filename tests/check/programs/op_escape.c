/* SPDX-License-Identifier: BSD-3-Clause */
/* Correct: MPI_Reduce_local(in, inout) calls its op once, as f(in, inout) (MPI-4.1 §7.9.7), and
 * this op leaves by another route than returning only when called the other way round, as the
 * check's commutativity test calls it: by longjmp, exit, MPI_Finalize, MPI_Abort, a signal, or
 * never (spinning or sleeping), chosen by OP_ESCAPE at build time. The check must give a note,
 * end promptly, leave no process behind and pass the program's exit status 0 through. */
#include <mpi.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define ESCAPE_LONGJMP 1
#define ESCAPE_EXIT 2
#define ESCAPE_FINALIZE 3
#define ESCAPE_ABORT 4
#define ESCAPE_SIGNAL 5
#define ESCAPE_SPIN 6
#define ESCAPE_SLEEP 7
#ifndef OP_ESCAPE
#error "build with -DOP_ESCAPE=1..7"
#endif

static jmp_buf back;

static void escape(void) {
  switch (OP_ESCAPE) {
    case ESCAPE_LONGJMP:
      longjmp(back, 1);
    case ESCAPE_EXIT:
      exit(3);
    case ESCAPE_FINALIZE:
      MPI_Finalize();
      return;
    case ESCAPE_ABORT:
      MPI_Abort(MPI_COMM_WORLD, 5);
      return;
    case ESCAPE_SIGNAL:
      raise(SIGSEGV);
      return;
    case ESCAPE_SPIN:
      for (volatile unsigned long i = 0;; ++i) {
      }
    case ESCAPE_SLEEP:
      for (;;) sleep(1);
  }
}

/* max, expecting its inout operand to be the program's 2.0 */
static void guarded_max(void *in, void *inout, int *len, MPI_Datatype *type) {
  (void)type;
  const double *a = in;
  double *b = inout;
  if (a[0] == 2.0) escape();
  for (int i = 0; i < *len; ++i) b[i] = a[i] > b[i] ? a[i] : b[i];
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Op max;
  MPI_Op_create(guarded_max, 1, &max);
  double in = 1.0, inout = 2.0;
  if (setjmp(back) != 0) {
    printf("came back by longjmp in the program: wrong\n");
    return 9;
  }
  MPI_Reduce_local(&in, &inout, 1, MPI_DOUBLE, max);
  MPI_Op_free(&max);
  MPI_Finalize();
  return inout != 2.0;
}
