/* SPDX-License-Identifier: BSD-3-Clause */
/* redsem_probe_tracer: runs the reduction collectives with the tracing op and prints, on rank
 * 0, every rank's result trees (run-length encoded over consecutive elements). `redsem probe`
 * starts it under mpirun and reads this format:
 *   P <size> <element bytes> <library version, one line>
 *   F <form> <supported> <binding>  (per call form: blocking, nonblocking, persistent)
 *   S <case> <collective> <commute> <in_place> <count> <root> <padded> <form>  (before the call)
 *   C <case> <collective> <commute> <in_place> <count> <root> <padded> <form>  (after it, then results)
 * Each collective runs in three call forms: blocking (MPI_Reduce), nonblocking (MPI_Ireduce, then
 * MPI_Wait; MPI-4.1 §7.12) and persistent (MPI_Reduce_init, MPI_Start, MPI_Wait; MPI-4.1 §7.13),
 * which libraries implement with other schedules. A library before MPI-4 may offer the persistent
 * ones as an extension (Open MPI's MPIX_*_init); one with neither gets "F persistent 0 -" and no
 * persistent cases.
 * A padded case uses a datatype whose extent exceeds its size (64 data bytes in 80), as
 * MPI_DOUBLE_INT's does: algorithms that confuse size and extent show up there.
 *   R <case> <rank> <first element> <elements> <indices_ok> <tree>
 * A case with an S line and no C line crashed the job; `redsem probe` restarts after it.
 * Usage: redsem_probe_tracer FIRST_CASE [forms=FORM,...] [count ...] (default: every form the
 * library has; counts 1 64 4096). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "redsem_mpi_features.h"
#include "trace_element.h"

/* The persistent collectives: MPI-4's own, or Open MPI's pcollreq extension of the same names
 * with MPIX_ (it predates MPI-4), as per_mpi/probes found them; neither, and the persistent cases
 * are not run. */
#if REDSEM_HAVE_PERSISTENT == 2
#define HAVE_PERSISTENT 1
#define PERSISTENT_BINDING "MPI_*_init"
#define PERSISTENT(name) MPI_##name##_init
#elif REDSEM_HAVE_PERSISTENT == 1
#include <mpi-ext.h>
#define HAVE_PERSISTENT 1
#define PERSISTENT_BINDING "MPIX_*_init"
#define PERSISTENT(name) MPIX_##name##_init
#endif
#ifndef HAVE_PERSISTENT
#define HAVE_PERSISTENT 0
#define PERSISTENT_BINDING "-"
#endif

typedef enum { REDUCE, ALLREDUCE, REDUCE_SCATTER, REDUCE_SCATTER_BLOCK, SCAN, EXSCAN } collective;
static const char *collective_names[] = {"Reduce", "Allreduce", "Reduce_scatter",
                                         "Reduce_scatter_block", "Scan", "Exscan"};
typedef enum { BLOCKING, NONBLOCKING, PERSISTENT } call_form;
static const char *form_names[] = {"blocking", "nonblocking", "persistent"};
static const int form_supported[] = {1, 1, HAVE_PERSISTENT};
static const char *form_bindings[] = {"MPI_<collective>", "MPI_I<collective>", PERSISTENT_BINDING};
/* The forms asked for (forms=…): all unless the command line names some. */
static int form_wanted[] = {1, 1, 1};

/* Reads "forms=blocking,persistent" into form_wanted; 0 when the argument is no such list. */
static int read_forms(const char *arg) {
  if (strncmp(arg, "forms=", 6) != 0) return 0;
  for (int f = BLOCKING; f <= PERSISTENT; ++f) {
    const size_t n = strlen(form_names[f]);
    form_wanted[f] = 0;
    for (const char *p = arg + 6; *p; p += strcspn(p, ","), p += *p == ',')
      if (strncmp(p, form_names[f], n) == 0 && (p[n] == ',' || p[n] == 0)) form_wanted[f] = 1;
  }
  return 1;
}

typedef struct {
  int id;
  collective which;
  int commute, in_place, count, root, padded;
  call_form form;
} trace_case;

typedef struct {
  int rank, size;
  MPI_Datatype types[2]; /* dense, padded */
  MPI_Op ops[2]; /* by commute flag */
} tracer;

/* Rank 0 collects every rank's lines and prints them in rank order. */
static void emit(const tracer *t, const char *text) {
  int length = (int)strlen(text);
  int *lengths = NULL, *displs = NULL;
  char *all = NULL;
  if (t->rank == 0) lengths = malloc(sizeof(int) * (size_t)t->size), displs = malloc(sizeof(int) * (size_t)t->size);
  MPI_Gather(&length, 1, MPI_INT, lengths, 1, MPI_INT, 0, MPI_COMM_WORLD);
  int total = 0;
  if (t->rank == 0) {
    for (int r = 0; r < t->size; ++r) displs[r] = total, total += lengths[r];
    all = malloc((size_t)total + 1);
  }
  MPI_Gatherv(text, length, MPI_CHAR, all, lengths, displs, MPI_CHAR, 0, MPI_COMM_WORLD);
  if (t->rank == 0) {
    fwrite(all, 1, (size_t)total, stdout);
    fflush(stdout);
  }
  free(all), free(lengths), free(displs);
}

static trace_element *element(char *buffer, int stride, int k) {
  return (trace_element *)(buffer + (size_t)k * (size_t)stride);
}

/* Appends "R" lines for elements [0, n) of result, whose element k should be global index
 * first_index + k. */
static char *append_runs(char *out, size_t *capacity, const tracer *t, int id,
                         char *result, int stride, int n, int first_index) {
  size_t used = strlen(out);
  /* A library that wrote garbage leaves no terminator and any bytes: keep lines printable. */
  for (int k = 0; k < n; ++k) {
    char *tree = element(result, stride, k)->tree;
    tree[trace_tree_chars - 1] = 0;
    for (char *p = tree; *p; ++p)
      if (*p <= ' ' || *p > '~') *p = '?';
    if (tree[0] == 0) strcpy(tree, "?");
  }
  for (int k = 0; k < n;) {
    const trace_element *e = element(result, stride, k);
    int end = k + 1, ok = e->index == first_index + k;
    while (end < n && strcmp(element(result, stride, end)->tree, e->tree) == 0 &&
           (element(result, stride, end)->index == first_index + end) == ok)
      ++end;
    const size_t need = used + trace_tree_chars + 96;
    if (need > *capacity) *capacity = 2 * need, out = realloc(out, *capacity);
    used += (size_t)snprintf(out + used, *capacity - used, "R %d %d %d %d %d %s\n", id, t->rank, k,
                             end - k, ok, e->tree);
    k = end;
  }
  return out;
}

static void fill(char *buffer, int stride, int n, int rank) {
  for (int k = 0; k < n; ++k) trace_leaf(element(buffer, stride, k), rank, k);
}
/* What a result buffer holds before the call: "#", which is no tree. */
static void poison(char *buffer, int stride, int n) {
  for (int k = 0; k < n; ++k) {
    trace_element *e = element(buffer, stride, k);
    memset(e, 0, sizeof *e);
    strcpy(e->tree, "#");
    e->index = -2;
  }
}

static void call_blocking(const trace_case *c, const void *sendbuf, void *recv, const int *counts,
                          MPI_Datatype type, MPI_Op op) {
  const int n = c->count;
  switch (c->which) {
    case REDUCE: MPI_Reduce(sendbuf, recv, n, type, op, c->root, MPI_COMM_WORLD); break;
    case ALLREDUCE: MPI_Allreduce(sendbuf, recv, n, type, op, MPI_COMM_WORLD); break;
    case REDUCE_SCATTER: MPI_Reduce_scatter(sendbuf, recv, counts, type, op, MPI_COMM_WORLD); break;
    case REDUCE_SCATTER_BLOCK: MPI_Reduce_scatter_block(sendbuf, recv, n, type, op, MPI_COMM_WORLD); break;
    case SCAN: MPI_Scan(sendbuf, recv, n, type, op, MPI_COMM_WORLD); break;
    case EXSCAN: MPI_Exscan(sendbuf, recv, n, type, op, MPI_COMM_WORLD); break;
  }
}

static void call_nonblocking(const trace_case *c, const void *sendbuf, void *recv, const int *counts,
                             MPI_Datatype type, MPI_Op op) {
  const int n = c->count;
  MPI_Request request = MPI_REQUEST_NULL;
  switch (c->which) {
    case REDUCE: MPI_Ireduce(sendbuf, recv, n, type, op, c->root, MPI_COMM_WORLD, &request); break;
    case ALLREDUCE: MPI_Iallreduce(sendbuf, recv, n, type, op, MPI_COMM_WORLD, &request); break;
    case REDUCE_SCATTER: MPI_Ireduce_scatter(sendbuf, recv, counts, type, op, MPI_COMM_WORLD, &request); break;
    case REDUCE_SCATTER_BLOCK:
      MPI_Ireduce_scatter_block(sendbuf, recv, n, type, op, MPI_COMM_WORLD, &request);
      break;
    case SCAN: MPI_Iscan(sendbuf, recv, n, type, op, MPI_COMM_WORLD, &request); break;
    case EXSCAN: MPI_Iexscan(sendbuf, recv, n, type, op, MPI_COMM_WORLD, &request); break;
  }
  MPI_Wait(&request, MPI_STATUS_IGNORE);
}

#if HAVE_PERSISTENT
static void call_persistent(const trace_case *c, const void *sendbuf, void *recv, const int *counts,
                            MPI_Datatype type, MPI_Op op) {
  const int n = c->count;
  MPI_Request request = MPI_REQUEST_NULL;
  const MPI_Comm w = MPI_COMM_WORLD;
  const MPI_Info i = MPI_INFO_NULL;
  switch (c->which) {
    case REDUCE: PERSISTENT(Reduce)(sendbuf, recv, n, type, op, c->root, w, i, &request); break;
    case ALLREDUCE: PERSISTENT(Allreduce)(sendbuf, recv, n, type, op, w, i, &request); break;
    case REDUCE_SCATTER: PERSISTENT(Reduce_scatter)(sendbuf, recv, counts, type, op, w, i, &request); break;
    case REDUCE_SCATTER_BLOCK: PERSISTENT(Reduce_scatter_block)(sendbuf, recv, n, type, op, w, i, &request); break;
    case SCAN: PERSISTENT(Scan)(sendbuf, recv, n, type, op, w, i, &request); break;
    case EXSCAN: PERSISTENT(Exscan)(sendbuf, recv, n, type, op, w, i, &request); break;
  }
  MPI_Start(&request);
  MPI_Wait(&request, MPI_STATUS_IGNORE);
  MPI_Request_free(&request);
}
#endif

/* The case's collective in its call form, complete when this returns. */
static void call(const trace_case *c, const void *sendbuf, void *recv, const int *counts,
                 MPI_Datatype type, MPI_Op op) {
  switch (c->form) {
    case BLOCKING: call_blocking(c, sendbuf, recv, counts, type, op); break;
    case NONBLOCKING: call_nonblocking(c, sendbuf, recv, counts, type, op); break;
    case PERSISTENT:
#if HAVE_PERSISTENT
      call_persistent(c, sendbuf, recv, counts, type, op);
#endif
      break;
  }
}

static void run_case(const tracer *t, const trace_case *c) {
  const int P = t->size, n = c->count, rank = t->rank;
  int *counts = malloc(sizeof(int) * (size_t)P), *displs = malloc(sizeof(int) * (size_t)P);
  int total = 0;
  for (int r = 0; r < P; ++r) counts[r] = n + r % 2, displs[r] = total, total += counts[r];
  const int vector = c->which == REDUCE_SCATTER ? total : c->which == REDUCE_SCATTER_BLOCK ? n * P : n;
  const MPI_Datatype type = t->types[c->padded];
  MPI_Aint lb = 0, extent = 0;
  MPI_Type_get_extent(type, &lb, &extent);
  const int stride = (int)extent;
  char *send = malloc((size_t)stride * (size_t)vector + 1);
  char *recv = malloc((size_t)stride * (size_t)vector + 1);
  fill(send, stride, vector, rank);
  poison(recv, stride, vector);
  /* In place: the input is in recvbuf (for Reduce, at the root only). */
  const int here_in_place = c->in_place && (c->which != REDUCE || rank == c->root);
  if (here_in_place) fill(recv, stride, vector, rank);
  const void *sendbuf = here_in_place ? MPI_IN_PLACE : send;
  const MPI_Op op = t->ops[c->commute];
  if (rank == 0)
    printf("S %d %s %d %d %d %d %d %s\n", c->id, collective_names[c->which], c->commute, c->in_place,
           n, c->root, c->padded, form_names[c->form]), fflush(stdout);
  /* No rank enters (and perhaps crashes in) the collective before the S line is out. */
  MPI_Barrier(MPI_COMM_WORLD);
  int result_n = n, first_index = 0;
  if (c->which == REDUCE_SCATTER) result_n = counts[rank], first_index = displs[rank];
  if (c->which == REDUCE_SCATTER_BLOCK) first_index = rank * n;
  call(c, sendbuf, recv, counts, type, op);
  size_t capacity = 256;
  char *out = calloc(capacity, 1);
  if (rank == 0)
    snprintf(out, capacity, "C %d %s %d %d %d %d %d %s\n", c->id, collective_names[c->which],
             c->commute, c->in_place, n, c->root, c->padded, form_names[c->form]);
  if (c->which != REDUCE || rank == c->root)
    out = append_runs(out, &capacity, t, c->id, recv, stride, result_n, first_index);
  emit(t, out);
  /* Keep every rank on the same case, so a crash is pinned to the case that caused it. */
  MPI_Barrier(MPI_COMM_WORLD);
  free(out), free(send), free(recv), free(counts), free(displs);
}

/* Every collective × call form × commute flag × in place (× distinct roots for Reduce) for one
 * count and layout; case ids count on from *id, and cases below first_case are skipped. */
static void run_cases(const tracer *t, int count, int padded, int first_case, int *id) {
  const int roots[] = {0, t->size - 1, t->size / 2};
  for (int which = REDUCE; which <= EXSCAN; ++which)
    for (int form = BLOCKING; form <= PERSISTENT; ++form)
      for (int flags = 0; flags < 4 && form_supported[form] && form_wanted[form]; ++flags)
        for (int ri = 0; ri < (which == REDUCE ? 3 : 1); ++ri) {
          if ((ri > 0 && roots[ri] == roots[0]) || (ri == 2 && roots[2] == roots[1])) continue;
          const trace_case c = {(*id)++, (collective)which, flags / 2, flags % 2, count, roots[ri], padded,
                                (call_form)form};
          if (c.id >= first_case) run_case(t, &c);
        }
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  tracer t;
  MPI_Comm_rank(MPI_COMM_WORLD, &t.rank);
  MPI_Comm_size(MPI_COMM_WORLD, &t.size);
  MPI_Type_contiguous((int)sizeof(trace_element), MPI_BYTE, &t.types[0]);
  MPI_Type_create_resized(t.types[0], 0, (MPI_Aint)sizeof(trace_element) + 16, &t.types[1]);
  MPI_Type_commit(&t.types[0]);
  MPI_Type_commit(&t.types[1]);
  MPI_Op_create(trace_combine, 0, &t.ops[0]);
  MPI_Op_create(trace_combine, 1, &t.ops[1]);
  const int first_case = argc > 1 ? atoi(argv[1]) : 0;
  const int first_count = argc > 2 && read_forms(argv[2]) ? 3 : 2;
  int default_counts[] = {1, 64, 4096}, *counts = default_counts, ncounts = 3;
  if (argc > first_count) {
    ncounts = argc - first_count;
    counts = malloc(sizeof(int) * (size_t)ncounts);
    for (int i = 0; i < ncounts; ++i) counts[i] = atoi(argv[i + first_count]);
  }
  if (t.rank == 0) {
    char version[MPI_MAX_LIBRARY_VERSION_STRING];
    int length = 0;
    MPI_Get_library_version(version, &length);
    for (int i = 0; i < length; ++i)
      if (version[i] == '\n' || version[i] == '\r') version[i] = ' ';
    printf("P %d %d %.*s\n", t.size, (int)sizeof(trace_element), length, version);
    for (int form = BLOCKING; form <= PERSISTENT; ++form)
      printf("F %s %d %s\n", form_names[form], form_supported[form], form_bindings[form]);
  }
  int id = 0;
  for (int padded = 0; padded < 2; ++padded)
    for (int ci = 0; ci < ncounts; ++ci) run_cases(&t, counts[ci], padded, first_case, &id);
  MPI_Op_free(&t.ops[0]);
  MPI_Op_free(&t.ops[1]);
  MPI_Type_free(&t.types[1]);
  MPI_Type_free(&t.types[0]);
  MPI_Finalize();
  return 0;
}
