/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI_Init, MPI_Init_thread and MPI_Finalize of a checked program: the record is opened once
 * MPI is up (the rank is known) and closed at MPI_Finalize, after the other parts of the
 * library have added what they gathered (rc_at_finalize). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "law_child.h"
#include "record.h"
#include "record_state.h"
#include "redsem_mpi_features.h"

#ifndef REDSEM_MPI_FLAVOR_NAME
#error "build with -DREDSEM_MPI_FLAVOR_NAME=\"openmpi\" or \"mpich\""
#endif

/* The first line of the library's version text. */
static void library_version(char *text) {
  int len = 0;
  text[0] = '\0';
  if (PMPI_Get_library_version(text, &len) != MPI_SUCCESS) return;
  text[len < MPI_MAX_LIBRARY_VERSION_STRING ? len : MPI_MAX_LIBRARY_VERSION_STRING - 1] = '\0';
  text[strcspn(text, "\n")] = '\0';
}

static void read_sampling(void) {
  const char *sample = getenv("REDSEM_CHECK_SAMPLE");
  rc_state.sample_first = 8;
  if (!sample || !*sample) return;
  if (strcmp(sample, "all") == 0) {
    rc_state.sample_all = 1;
    return;
  }
  char *end = NULL;
  errno = 0;
  const unsigned long n = strtoul(sample, &end, 10);
  if (errno == 0 && end && *end == '\0' && sample[0] != '-') rc_state.sample_first = n;
  /* The launcher validates the option; a hand-set bad value keeps the default. */
}

/* A program that runs another MPI than this library's: say so in a file of its own (the rank is
 * unknown: MPI_COMM_WORLD is a different handle there) and stay inert. */
static void record_wrong_mpi(const char *dir, const char *library) {
  char path[PATH_MAX];
  snprintf(path, sizeof path, "%s/wrong-mpi-%ld.jsonl", dir, (long)getpid());
  rc_state.fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (rc_state.fd < 0) return;
  rc_line l;
  rc_begin(&l, "wrong_mpi");
  rc_str(&l, "built_for", REDSEM_MPI_FLAVOR_NAME);
  rc_str(&l, "library", library);
  rc_end(&l);
  close(rc_state.fd);
  rc_state.fd = -1;
}

static void open_record(void) {
  const char *dir = getenv("REDSEM_CHECK_DIR");
  if (!dir || !*dir || rc_state.fd >= 0) return;
  char library[MPI_MAX_LIBRARY_VERSION_STRING];
  library_version(library);
  /* The words this MPI's MPI_Get_library_version starts with, as the build found them
   * (per_mpi/features.cmake): a program that loads a library whose text does not is another MPI's. */
  if (strncmp(library, REDSEM_MPI_LIBRARY_MARK, strlen(REDSEM_MPI_LIBRARY_MARK)) != 0) {
    record_wrong_mpi(dir, library);
    return;
  }
  int rank = -1, size = 0;
  PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
  PMPI_Comm_size(MPI_COMM_WORLD, &size);
  char path[PATH_MAX];
  snprintf(path, sizeof path, "%s/rank-%d.jsonl", dir, rank);
  /* Appended to, never truncated: processes that each believe they are this rank (one-process
   * jobs started by a launcher of another MPI, all rank 0 of 1) all keep their `start` lines,
   * which is how redsem check tells them from one job. O_NOFOLLOW: a link planted in the records
   * directory never redirects a rank's lines into another file. */
  rc_state.fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (rc_state.fd < 0) {
    fprintf(stderr, "redsem check: rank %d cannot write %s: %s (nothing is checked on it)\n", rank, path,
            strerror(errno));
    return;
  }
  rc_state.rank = rank;
  read_sampling();
  rc_read_op_seconds();
  char program[PATH_MAX];
  const ssize_t n = readlink("/proc/self/exe", program, sizeof program - 1);
  program[n > 0 ? n : 0] = '\0';
  rc_line l;
  rc_begin(&l, "start");
  rc_int(&l, "size", size);
  rc_str(&l, "built_for", REDSEM_MPI_FLAVOR_NAME);
  rc_str(&l, "library", library);
  rc_str(&l, "program", program);
  rc_int(&l, "pid", (long long)getpid());
  if (rc_state.sample_all)
    rc_str(&l, "sample", "all");
  else
    rc_int(&l, "sample", (long long)rc_state.sample_first);
  rc_end(&l);
}

int MPI_Init(int *argc, char ***argv) {
  const int rc = PMPI_Init(argc, argv);
  if (rc == MPI_SUCCESS) open_record();
  return rc;
}

int MPI_Init_thread(int *argc, char ***argv, int required, int *provided) {
  const int rc = PMPI_Init_thread(argc, argv, required, provided);
  if (rc == MPI_SUCCESS) open_record();
  return rc;
}

static void write_counts(rc_line *l, const char *key, const struct rc_call_counts *t) {
  rc_open_object(l, key);
  for (int i = 0; i < t->kinds; ++i) rc_int(l, t->names[i], (long long)t->counts[i]);
  rc_close(l);
}

int MPI_Finalize(void) {
  if (rc_in_law_child()) rc_law_child_leave(); /* a user op under evaluation called it */
  if (rc_active()) {
    for (int i = 0; i < rc_state.hooks; ++i) rc_state.hook[i]();
    rc_line l;
    rc_begin(&l, "finalize");
    write_counts(&l, "calls", &rc_state.calls);
    if (rc_state.intercomm.kinds) {
      rc_open_object(&l, "unchecked");
      write_counts(&l, "intercommunicator", &rc_state.intercomm);
      rc_close(&l);
    }
    rc_end(&l);
    close(rc_state.fd);
    rc_state.fd = -1;
  }
  return PMPI_Finalize();
}

/* A user op under evaluation in the law check's child must not abort the program's job. */
int MPI_Abort(MPI_Comm comm, int errorcode) {
  if (rc_in_law_child()) rc_law_child_leave();
  return PMPI_Abort(comm, errorcode);
}
