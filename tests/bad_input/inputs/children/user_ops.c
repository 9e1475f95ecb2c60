/* SPDX-License-Identifier: BSD-3-Clause */
/* User ops that are correct MPI_SUM on MPI_INT but do what real code does beside the sum:
 * print, print from their setup function, start a process. Built per MPI with its mpicc
 * (tests/bad_input/children.cmake), so their DT_NEEDED names that MPI. */
#include <fcntl.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* REDSEM_TEST_MARKER, an identifier, as a string: the word that names the started process. */
#define STRING(x) #x
#define TEXT(x) STRING(x)

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

/* The first call in each process starts a sleeping process of its own (as a library that starts
 * a progress daemon might) and writes its pid to $REDSEM_TEST_PIDFILE. */
void sum_int_forks_a_sleeper(void* in, void* inout, int* len, MPI_Datatype* type) {
  static int started = 0;
  (void)type;
  if (!started) {
    started = 1;
    const pid_t child = fork();
    if (child == 0) {
      const int null = open("/dev/null", O_RDWR);
      for (int fd = 0; fd < 3; ++fd) dup2(null, fd);
      execl("/bin/sh", "sh", "-c", "sleep 600; true", TEXT(REDSEM_TEST_MARKER), (char*)NULL);
      _exit(127);
    }
    const char* pidfile = getenv("REDSEM_TEST_PIDFILE");
    FILE* f = pidfile != NULL && child > 0 ? fopen(pidfile, "a") : NULL;
    if (f != NULL) {
      fprintf(f, "%d\n", (int)child);
      fclose(f);
    }
  }
  sum(in, inout, *len);
}
