/* SPDX-License-Identifier: BSD-3-Clause */
/* User functions that misbehave toward the MPI helper that runs them (redsem fuzz --kernel
 * --mpi, opcheck --kernel --mpi), each otherwise an MPI_SUM of ints: the second adversarial
 * pass (tests/bad_input/adversary2.cmake). Built once per MPI with its mpicc. */
#define _GNU_SOURCE
#include <fenv.h>
#include <mpi.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

static void sum(const void* in, void* inout, const int* len) {
  const int* a = in;
  int* b = inout;
  for (int i = 0; i < *len; ++i) b[i] += a[i];
}

/* Reads stdin: the helper's requests once came there, and the function took them. */
void sum_int_reads_stdin(void* in, void* inout, int* len, MPI_Datatype* type) {
  (void)type;
  char buffer[256];
  if (read(STDIN_FILENO, buffer, sizeof buffer) < 0) buffer[0] = 0;
  sum(in, inout, len);
}

/* Points every descriptor from 3 on at stdout: the helper's answers once went there, onto
 * redsem's standard output, and redsem waited for them until its wall-clock backstop. */
void sum_int_dup2_over_descriptors(void* in, void* inout, int* len, MPI_Datatype* type) {
  (void)type;
  for (int fd = 3; fd < 64; ++fd) dup2(STDOUT_FILENO, fd);
  sum(in, inout, len);
}

/* Closes every descriptor. */
void sum_int_closes_descriptors(void* in, void* inout, int* len, MPI_Datatype* type) {
  (void)type;
  for (int fd = 0; fd < 64; ++fd) close(fd);
  sum(in, inout, len);
}

/* Prints what reads like the helper's answers: its output, never an answer. */
void sum_int_prints_answers(void* in, void* inout, int* len, MPI_Datatype* type) {
  (void)type;
  printf("ok 4\nlen 0:0:0\nexited 0\n");
  fflush(stdout);
  sum(in, inout, len);
}

/* Changes the rounding mode and ignores the signals redsem might use to end it. */
void sum_int_changes_environment(void* in, void* inout, int* len, MPI_Datatype* type) {
  (void)type;
  fesetround(FE_UPWARD);
  signal(SIGTERM, SIG_IGN);
  signal(SIGINT, SIG_IGN);
  signal(SIGPIPE, SIG_IGN);
  signal(SIGCHLD, SIG_IGN);
  sum(in, inout, len);
}

/* Ends its own process with SIGTERM: a crash by signal 15. */
void sum_int_terminates_itself(void* in, void* inout, int* len, MPI_Datatype* type) {
  (void)type;
  (void)in;
  (void)inout;
  (void)len;
  kill(getpid(), SIGTERM);
}

/* Replaces its process with another program. */
void sum_int_execs(void* in, void* inout, int* len, MPI_Datatype* type) {
  (void)type;
  (void)in;
  (void)inout;
  (void)len;
  execlp("true", "true", (char*)NULL);
}

/* A setjmp/longjmp inside the call, correct. */
static jmp_buf jump;
void sum_int_longjmps(void* in, void* inout, int* len, MPI_Datatype* type) {
  (void)type;
  if (setjmp(jump) == 0) longjmp(jump, 1);
  sum(in, inout, len);
}

/* Wrong on one element in 97 calls (a count kept across calls): found, not PASS. */
void sum_int_wrong_now_and_then(void* in, void* inout, int* len, MPI_Datatype* type) {
  (void)type;
  static unsigned calls;
  sum(in, inout, len);
  if (*len > 0 && ++calls % 97 == 0) ((int*)inout)[0] ^= 1;
}

/* Calls MPI_Abort: in Open MPI's helper it once waited for a runtime a singleton's forked
 * worker does not have (exit 3, "slow", after the wall backstop). */
void sum_int_aborts(void* in, void* inout, int* len, MPI_Datatype* type) {
  (void)type;
  (void)in;
  (void)inout;
  (void)len;
  MPI_Abort(MPI_COMM_WORLD, 3);
}
