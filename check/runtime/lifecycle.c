/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI_Init, MPI_Init_thread and MPI_Finalize of a checked program: the record is opened once
 * MPI is up (the rank is known) and closed at MPI_Finalize, after the other parts of the
 * library have added what they gathered (rc_at_finalize). */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "law_child.h"
#include "record.h"
#include "record_sink.h"
#include "record_state.h"
#include "redsem_mpi_features.h"
#include "thread_clocks.h"
#include "watch.h"
#include "watch_delay.h"
#include "watch_policy.h"
#include "watch_state.h"

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
static void record_wrong_mpi(const char *library) {
  char name[64];
  snprintf(name, sizeof name, "wrong-mpi-%ld.jsonl", (long)getpid());
  if (rc_sink_open(name) < 0) return;
  rc_line l;
  rc_begin(&l, "wrong_mpi");
  rc_str(&l, "built_for", REDSEM_MPI_FLAVOR_NAME);
  rc_str(&l, "library", library);
  rc_end(&l);
  rc_sink_close();
}

/* The thread level MPI provided, by its name without the MPI_THREAD_ prefix. */
static const char *thread_level(void) {
  int level = MPI_THREAD_SINGLE;
  if (PMPI_Query_thread(&level) != MPI_SUCCESS) return "unknown";
  switch (level) {
    case MPI_THREAD_SINGLE:
      return "single";
    case MPI_THREAD_FUNNELED:
      return "funneled";
    case MPI_THREAD_SERIALIZED:
      return "serialized";
    case MPI_THREAD_MULTIPLE:
      return "multiple";
    default:
      return "unknown";
  }
}

static void open_record(void) {
  const char *dir = getenv("REDSEM_CHECK_DIR");
  if (!dir || !*dir || rc_state.fd >= 0) return;
  char library[MPI_MAX_LIBRARY_VERSION_STRING];
  library_version(library);
  /* The words this MPI's MPI_Get_library_version starts with, as the build found them
   * (per_mpi/features.cmake): a program that loads a library whose text does not is another MPI's. */
  if (strncmp(library, REDSEM_MPI_LIBRARY_MARK, strlen(REDSEM_MPI_LIBRARY_MARK)) != 0) {
    record_wrong_mpi(library);
    return;
  }
  rc_watch_policy_after_init();
  if (rc_tc_requested()) rc_watch_refresh_modules(); /* whose pthreads calls are the program's */
  int rank = -1, size = 0;
  PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
  PMPI_Comm_size(MPI_COMM_WORLD, &size);
  char name[64];
  snprintf(name, sizeof name, "rank-%d.jsonl", rank);
  if (rc_sink_open(name) < 0) return;
  rc_state.rank = rank;
  read_sampling();
  rc_read_op_seconds();
  rc_delay_read();
  char program[PATH_MAX], host[256] = "";
  const ssize_t n = readlink("/proc/self/exe", program, sizeof program - 1);
  program[n > 0 ? n : 0] = '\0';
  gethostname(host, sizeof host - 1);
  rc_line l;
  rc_begin(&l, "start");
  rc_int(&l, "size", size);
  rc_str(&l, "built_for", REDSEM_MPI_FLAVOR_NAME);
  rc_str(&l, "library", library);
  rc_str(&l, "program", program);
  rc_str(&l, "host", host);
  rc_int(&l, "pid", (long long)getpid());
  rc_str(&l, "thread_level", thread_level());
  if (rc_tc_requested()) rc_str(&l, "thread_sync", "calls");
  rc_watch_policy_describe(&l);
  rc_delay_describe(&l);
  if (rc_state.sample_all)
    rc_str(&l, "sample", "all");
  else
    rc_int(&l, "sample", (long long)rc_state.sample_first);
  rc_end(&l);
}

int MPI_Init(int *argc, char ***argv) {
  rc_watch_policy_before_init(MPI_THREAD_SINGLE);
  /* the threads and locks MPI_Init makes are the library's (thread_clocks.h) */
  __atomic_store_n(&rc_tc_in_init, 1, __ATOMIC_RELEASE);
  const int rc = PMPI_Init(argc, argv);
  __atomic_store_n(&rc_tc_in_init, 0, __ATOMIC_RELEASE);
  if (rc == MPI_SUCCESS) open_record();
  return rc;
}

int MPI_Init_thread(int *argc, char ***argv, int required, int *provided) {
  rc_watch_policy_before_init(required);
  __atomic_store_n(&rc_tc_in_init, 1, __ATOMIC_RELEASE);
  const int rc = PMPI_Init_thread(argc, argv, required, provided);
  __atomic_store_n(&rc_tc_in_init, 0, __ATOMIC_RELEASE);
  if (rc == MPI_SUCCESS) open_record();
  return rc;
}

static void write_counts(rc_line *l, const char *key, const struct rc_call_counts *t) {
  rc_open_object(l, key);
  for (int i = 0; i < t->kinds; ++i) rc_int(l, t->names[i], (long long)t->counts[i]);
  rc_close(l);
}

/* The watcher's faults by kind (`watch_faults`), when it took any. */
static void write_fault_counts(rc_line *l) {
  const struct rc_watch_fault_counts f = rc_watch_faults();
  if (!f.program && !f.program_beside && !f.library_stepped && !f.library_opened && !f.string_ops_run &&
      !f.program_beside_opened && !f.string_ops_recorded && !f.program_opened)
    return;
  rc_open_object(l, "watch_faults");
  rc_int(l, "program", (long long)f.program);
  rc_int(l, "program_beside", (long long)f.program_beside);
  rc_int(l, "program_beside_opened", (long long)f.program_beside_opened);
  rc_int(l, "program_opened", (long long)f.program_opened);
  rc_int(l, "library_stepped", (long long)f.library_stepped);
  rc_int(l, "library_opened", (long long)f.library_opened);
  rc_int(l, "library_copy_opened", (long long)f.library_copy_opened);
  rc_int(l, "string_ops_run", (long long)f.string_ops_run);
  rc_int(l, "string_ops_recorded", (long long)f.string_ops_recorded);
  rc_close(l);
}

int MPI_Finalize(void) {
  if (rc_in_law_child()) rc_law_child_leave(); /* a user op under evaluation called it */
  if (rc_active()) {
    for (int i = 0; i < rc_state.hooks; ++i) rc_state.hook[i]();
    rc_line l;
    rc_begin(&l, "finalize");
    write_counts(&l, "calls", &rc_state.calls);
    if (rc_watch_sync_steps()) rc_int(&l, "watch_sync_steps", (long long)rc_watch_sync_steps());
    if (rc_watch_window_protects()) rc_int(&l, "watch_window_protects", (long long)rc_watch_window_protects());
    write_fault_counts(&l);
    rc_delay_write_counts(&l);
    if (rc_state.intercomm.kinds) {
      rc_open_object(&l, "unchecked");
      write_counts(&l, "intercommunicator", &rc_state.intercomm);
      rc_close(&l);
    }
    rc_end(&l);
    rc_sink_close();
  }
  return PMPI_Finalize();
}

/* A user op under evaluation in the law check's child must not abort the program's job. */
int MPI_Abort(MPI_Comm comm, int errorcode) {
  if (rc_in_law_child()) rc_law_child_leave();
  return PMPI_Abort(comm, errorcode);
}
