/* An MPI program whose rank 1 crashes after MPI_Init, for the launcher's tests. Before it does,
 * it appends one `finding` line to its own record (docs/check_records.md: what the check
 * library writes when a rank sees something MPI does not promise), standing for a finding the
 * library gathered before the crash: redsem check must report it, and the rank as ended early.
 * Its caller is this file's record_finding, as the library would name it (module and offset),
 * so that the report shows it as crash.c:<line> (record_finding). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <limits.h>
#include <mpi.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void record_finding(int rank) {
  const char *dir = getenv("REDSEM_CHECK_DIR");
  if (!dir) return;
  char path[4096];
  snprintf(path, sizeof path, "%s/rank-%d.jsonl", dir, rank);
  Dl_info info;
  const uintptr_t address = (uintptr_t)&record_finding;
  if (!dladdr((void *)address, &info) || !info.dli_fname) return;
  const int fd = open(path, O_WRONLY | O_APPEND);
  if (fd < 0) return;
  char line[PATH_MAX + 512];
  const int n = snprintf(line, sizeof line,
                         "{\"ev\":\"finding\",\"rank\":%d,\"seq\":1,\"check\":\"launcher_test_marker\","
                         "\"call\":\"MPI_Barrier\",\"rule\":\"none (a test marker)\",\"message\":\"written by the "
                         "test program before rank %d crashes\",\"caller\":{\"address\":\"0x%jx\",\"module\":\"%s\","
                         "\"offset\":\"0x%jx\",\"symbol\":null},\"evidence\":{}}\n",
                         rank, rank, (uintmax_t)address, info.dli_fname, (uintmax_t)(address - (uintptr_t)info.dli_fbase));
  if (write(fd, line, (size_t)n) != n) perror("crash: write");
  close(fd);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 1) {
    record_finding(rank);
    raise(SIGKILL);
  }
  MPI_Barrier(MPI_COMM_WORLD); /* the others wait here until the launcher ends the job */
  MPI_Finalize();
  return 0;
}
