/* SPDX-License-Identifier: BSD-3-Clause */
/* A correct MPI program that fails (exit 4) when the secret of the records connection
 * ($REDSEM_CHECK_TOKEN) shows on the command line of any process of the host, where every user
 * can read it (`ps`, /proc/PID/cmdline): the launcher's, its daemons' on each node, the ranks'.
 * Exit 3 when the token did not reach this rank at all. Each rank looks once it is started, while
 * the launcher and its daemons are still running. */
#include <dirent.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Whether /proc/<pid>/cmdline holds `secret`; its words joined by spaces into `shown`. */
static int shows(const char *pid, const char *secret, char *shown, size_t size) {
  char path[300]; /* a d_name has at most 255 bytes */
  snprintf(path, sizeof path, "/proc/%s/cmdline", pid);
  FILE *f = fopen(path, "r");
  if (!f) return 0; /* ended meanwhile */
  const size_t n = fread(shown, 1, size - 1, f);
  fclose(f);
  for (size_t i = 0; i < n; ++i)
    if (shown[i] == '\0') shown[i] = ' ';
  shown[n] = '\0';
  return strstr(shown, secret) != NULL;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, sum = 0, status = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const char *secret = getenv("REDSEM_CHECK_TOKEN");
  if (!secret || !*secret) {
    fprintf(stderr, "rank %d: no REDSEM_CHECK_TOKEN in its environment\n", rank);
    status = 3;
  }
  DIR *proc = status ? NULL : opendir("/proc");
  static char shown[65536];
  for (const struct dirent *e; proc && (e = readdir(proc));) {
    if (strspn(e->d_name, "0123456789") != strlen(e->d_name)) continue;
    if (shows(e->d_name, secret, shown, sizeof shown)) {
      fprintf(stderr, "rank %d: the token is on the command line of process %s: %s\n", rank, e->d_name, shown);
      status = 4;
    }
  }
  if (proc) closedir(proc);
  /* The launcher's daemons stay up until every rank has looked. */
  MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Finalize();
  return status;
}
