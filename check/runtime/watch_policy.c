/* SPDX-License-Identifier: BSD-3-Clause */
/* The policy for memory given to MPI_Win_create (watch_policy.h). */
#define _GNU_SOURCE
#include "watch_policy.h"

#include <mpi.h>
#include <stdlib.h>
#include <string.h>

#ifndef REDSEM_MPI_FLAVOR_NAME
#error "build with -DREDSEM_MPI_FLAVOR_NAME=\"openmpi\" or \"mpich\""
#endif

struct setting {
  const char *name, *value;
};

/* Open MPI: no single-copy mechanism in the shared-memory transport (btl vader: no CMA, KNEM or
 * XPMEM), and osc pt2pt allowed (Debian's openmpi-mca-params.conf excludes it; osc rdma then
 * declines windows it cannot reach by RDMA) while osc ucx stays excluded (UCX may use CMA). */
static const struct setting open_mpi_settings[] = {{"OMPI_MCA_btl_vader_single_copy_mechanism", "none"},
                                                   {"OMPI_MCA_osc", "^ucx"}};
#define SETTINGS (sizeof open_mpi_settings / sizeof open_mpi_settings[0])

static int open_mpi(void) { return strcmp(REDSEM_MPI_FLAVOR_NAME, "openmpi") == 0; }

static struct {
  int considered;      /* before_init ran with the check recording and watching */
  const char *refused; /* why the policy could not hold, or NULL */
  int set[SETTINGS];   /* the settings this library made (not the user's own) */
  int known_library;   /* a version whose paths were examined (watch_policy.h) */
  int one_node;        /* every rank of MPI_COMM_WORLD on this node */
} policy;

static const char *open_mpi_before_init(int required) {
  /* Open MPI's own override of the level MPI_Init asks for, in its numbering (mpi.h's). */
  const char *level = getenv("OMPI_MPI_THREAD_LEVEL");
  if (required == MPI_THREAD_MULTIPLE || (level && atoi(level) == MPI_THREAD_MULTIPLE))
    return "the program asks for MPI_THREAD_MULTIPLE, which Open MPI's osc pt2pt (the check's path for it, with "
           "the kernel copies off) does not support: other ranks' accesses to it may be kernel copies (CMA), which a "
           "page protection would make fail";
  for (size_t i = 0; i < SETTINGS; ++i) {
    const char *v = getenv(open_mpi_settings[i].name);
    if (v && strcmp(v, open_mpi_settings[i].value) != 0)
      return "the run sets an Open MPI parameter the check's policy needs to another value (OMPI_MCA_btl_vader_"
             "single_copy_mechanism=none, OMPI_MCA_osc=^ucx): other ranks' accesses to it may be kernel copies (CMA), "
             "which a page protection would make fail";
  }
  for (size_t i = 0; i < SETTINGS; ++i)
    if (!getenv(open_mpi_settings[i].name))
      policy.set[i] = setenv(open_mpi_settings[i].name, open_mpi_settings[i].value, 0) == 0;
  for (size_t i = 0; i < SETTINGS; ++i)
    if (!getenv(open_mpi_settings[i].name)) return "the check's policy could not be set in the environment";
  return NULL;
}

void rc_watch_policy_before_init(int required) {
  const char *dir = getenv("REDSEM_CHECK_DIR"), *watch = getenv("REDSEM_CHECK_WATCH");
  if (!dir || !*dir || (watch && strcmp(watch, "0") == 0) || policy.considered) return;
  policy.considered = 1;
  if (open_mpi()) {
    policy.refused = open_mpi_before_init(required);
  } else if (getenv("UCX_TLS")) {
    policy.refused =
        "UCX_TLS is set for the run: UCX may then reach it by kernel copies (CMA), which a page "
        "protection would make fail";
  }
}

/* Whether `text` has `key` followed by blanks and then `value`. */
static int says(const char *text, const char *key, const char *value) {
  const char *at = strstr(text, key);
  if (!at) return 0;
  at += strlen(key);
  at += strspn(at, " \t");
  return strncmp(at, value, strlen(value)) == 0;
}

void rc_watch_policy_after_init(void) {
  /* Collective on MPI_COMM_WORLD, made by every rank that records (REDSEM_CHECK_DIR, the same
   * library): not made to depend on anything else a rank could see differently (the watcher's
   * setting, the thread level each rank asks for), so that no rank waits in it alone. */
  MPI_Comm node;
  int world = 0, here = -1;
  PMPI_Comm_size(MPI_COMM_WORLD, &world);
  if (PMPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node) == MPI_SUCCESS) {
    PMPI_Comm_size(node, &here);
    PMPI_Comm_free(&node);
  }
  policy.one_node = here == world;
  char text[MPI_MAX_LIBRARY_VERSION_STRING];
  int len = 0;
  if (PMPI_Get_library_version(text, &len) != MPI_SUCCESS) len = 0;
  text[len < MPI_MAX_LIBRARY_VERSION_STRING ? len : MPI_MAX_LIBRARY_VERSION_STRING - 1] = '\0';
  policy.known_library = open_mpi() ? strncmp(text, "Open MPI v4.1.", 14) == 0
                                    : says(text, "MPICH Version:", "4.0.") && says(text, "MPICH Device:", "ch4:ucx");
}

/* Whether this library made any of the settings (not the user's own values). */
static int made_any(void) {
  int any = 0;
  for (size_t i = 0; i < SETTINGS; ++i) any |= policy.set[i];
  return any;
}

void rc_watch_policy_describe(rc_line *l) {
  if (!made_any()) return;
  rc_open_object(l, "watch_settings");
  for (size_t i = 0; i < SETTINGS; ++i)
    if (policy.set[i]) rc_str(l, open_mpi_settings[i].name, open_mpi_settings[i].value);
  rc_close(l);
}

int rc_watch_policy_lock_assert(int assert_) {
  return made_any() && !policy.refused ? assert_ & ~MPI_MODE_NOCHECK : assert_;
}

const char *rc_watch_policy_create_refusal(void) {
  if (!policy.considered) return "the check's policy for it was not applied before MPI_Init";
  if (policy.refused) return policy.refused;
  if (!policy.known_library)
    return open_mpi() ? "an Open MPI other than 4.1, whose paths into it the check does not know: other ranks' "
                        "accesses to it may be kernel copies, which a page protection would make fail"
                      : "an MPICH other than 4.0 with the ch4:ucx device, whose paths into it the check does not "
                        "know: other ranks' accesses to it may be kernel copies, which a page protection would "
                        "make fail";
  if (!policy.one_node)
    return "the ranks are on more than one node: other ranks' accesses to it may be a network card's or the "
           "kernel's, which a page protection would make fail";
  return NULL;
}
