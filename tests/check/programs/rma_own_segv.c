/* SPDX-License-Identifier: BSD-3-Clause */
/* A correct program with a SIGSEGV handler of its own, which it triggers on purpose (a guard
 * page it unprotects on the fault) while an MPI_Get is pending and its result buffer watched:
 * the program's handler is still called and the run is clean. */
#include <mpi.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static char *guard;
static size_t page;
static volatile sig_atomic_t faults;

static void on_fault(int sig, siginfo_t *info, void *context) {
  (void)sig;
  (void)context;
  if ((char *)info->si_addr < guard || (char *)info->si_addr >= guard + page) _exit(3);
  ++faults;
  mprotect(guard, page, PROT_READ | PROT_WRITE);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int *mine;
  MPI_Win win;
  MPI_Win_allocate(sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &mine, &win);
  *mine = rank;
  MPI_Barrier(MPI_COMM_WORLD);
  static int got;
  MPI_Win_lock(MPI_LOCK_SHARED, (rank + 1) % size, 0, win);
  MPI_Get(&got, 1, MPI_INT, (rank + 1) % size, 0, 1, MPI_INT, win);
  page = (size_t)sysconf(_SC_PAGESIZE);
  guard = mmap(NULL, page, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  struct sigaction act;
  memset(&act, 0, sizeof act);
  act.sa_sigaction = on_fault;
  act.sa_flags = SA_SIGINFO;
  sigemptyset(&act.sa_mask);
  sigaction(SIGSEGV, &act, NULL);
  guard[0] = 1; /* faults once: the handler opens the page and the store is made again */
  MPI_Win_unlock((rank + 1) % size, win);
  const int ok = faults == 1 && guard[0] == 1;
  if (!ok) fprintf(stderr, "rank %d: own handler saw %d faults\n", rank, (int)faults);
  MPI_Win_free(&win);
  MPI_Finalize();
  return ok ? 0 : 1;
}
