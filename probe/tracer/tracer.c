/* redsem_probe_tracer: runs the reduction collectives with the tracing op and prints, on rank
 * 0, every rank's result trees (run-length encoded over consecutive elements). `redsem probe`
 * starts it under mpirun and reads this format:
 *   P <size> <commute-flags-run> | <library version, one line>
 *   S <case> <collective> <commute> <in_place> <count> <root>   (before the collective runs)
 *   C <case> <collective> <commute> <in_place> <count> <root>   (after it, then its results)
 *   R <case> <rank> <first element> <elements> <indices_ok> <tree>
 * A case with an S line and no C line crashed the job; `redsem probe` restarts after it.
 * Usage: redsem_probe_tracer FIRST_CASE [count ...] (default counts 1 64 4096). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace_element.h"

typedef enum { REDUCE, ALLREDUCE, REDUCE_SCATTER, REDUCE_SCATTER_BLOCK, SCAN, EXSCAN } collective;
static const char *collective_names[] = {"Reduce", "Allreduce", "Reduce_scatter",
                                         "Reduce_scatter_block", "Scan", "Exscan"};

typedef struct {
  int id;
  collective which;
  int commute, in_place, count, root;
} trace_case;

typedef struct {
  int rank, size;
  MPI_Datatype type;
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

/* Appends "R" lines for elements [0, n) of result, whose element k should be global index
 * first_index + k. */
static char *append_runs(char *out, size_t *capacity, const tracer *t, int id,
                         const trace_element *result, int n, int first_index) {
  size_t used = strlen(out);
  for (int k = 0; k < n;) {
    int end = k + 1, ok = result[k].index == first_index + k;
    while (end < n && strcmp(result[end].tree, result[k].tree) == 0 &&
           (result[end].index == first_index + end) == ok)
      ++end;
    const size_t need = used + trace_tree_chars + 96;
    if (need > *capacity) *capacity = 2 * need, out = realloc(out, *capacity);
    used += (size_t)snprintf(out + used, *capacity - used, "R %d %d %d %d %d %s\n", id, t->rank, k,
                             end - k, ok, result[k].tree);
    k = end;
  }
  return out;
}

static void fill(trace_element *buffer, int n, int rank, int first_index) {
  for (int k = 0; k < n; ++k) trace_leaf(&buffer[k], rank, first_index + k);
}
static void poison(trace_element *buffer, int n) {
  for (int k = 0; k < n; ++k) memset(&buffer[k], 0, sizeof buffer[k]), strcpy(buffer[k].tree, "#"), buffer[k].index = -2;
}

static void run_case(const tracer *t, const trace_case *c) {
  const int P = t->size, n = c->count, rank = t->rank;
  int *counts = malloc(sizeof(int) * (size_t)P), *displs = malloc(sizeof(int) * (size_t)P);
  int total = 0;
  for (int r = 0; r < P; ++r) counts[r] = n + r % 2, displs[r] = total, total += counts[r];
  const int vector = c->which == REDUCE_SCATTER ? total : c->which == REDUCE_SCATTER_BLOCK ? n * P : n;
  trace_element *send = malloc(sizeof(trace_element) * (size_t)vector + 1);
  trace_element *recv = malloc(sizeof(trace_element) * (size_t)vector + 1);
  fill(send, vector, rank, 0);
  poison(recv, vector);
  /* In place: the input is in recvbuf (for Reduce, at the root only). */
  const int here_in_place = c->in_place && (c->which != REDUCE || rank == c->root);
  if (here_in_place) fill(recv, vector, rank, 0);
  const void *sendbuf = here_in_place ? MPI_IN_PLACE : send;
  const MPI_Op op = t->ops[c->commute];
  if (rank == 0)
    printf("S %d %s %d %d %d %d\n", c->id, collective_names[c->which], c->commute, c->in_place, n,
           c->root), fflush(stdout);
  /* No rank enters (and perhaps crashes in) the collective before the S line is out. */
  MPI_Barrier(MPI_COMM_WORLD);
  int result_n = n, first_index = 0;
  switch (c->which) {
    case REDUCE: MPI_Reduce(sendbuf, recv, n, t->type, op, c->root, MPI_COMM_WORLD); break;
    case ALLREDUCE: MPI_Allreduce(sendbuf, recv, n, t->type, op, MPI_COMM_WORLD); break;
    case REDUCE_SCATTER:
      MPI_Reduce_scatter(sendbuf, recv, counts, t->type, op, MPI_COMM_WORLD);
      result_n = counts[rank], first_index = displs[rank];
      break;
    case REDUCE_SCATTER_BLOCK:
      MPI_Reduce_scatter_block(sendbuf, recv, n, t->type, op, MPI_COMM_WORLD);
      first_index = rank * n;
      break;
    case SCAN: MPI_Scan(sendbuf, recv, n, t->type, op, MPI_COMM_WORLD); break;
    case EXSCAN: MPI_Exscan(sendbuf, recv, n, t->type, op, MPI_COMM_WORLD); break;
  }
  size_t capacity = 256;
  char *out = calloc(capacity, 1);
  if (rank == 0)
    snprintf(out, capacity, "C %d %s %d %d %d %d\n", c->id, collective_names[c->which], c->commute,
             c->in_place, n, c->root);
  if (c->which != REDUCE || rank == c->root)
    out = append_runs(out, &capacity, t, c->id, recv, result_n, first_index);
  emit(t, out);
  /* Keep every rank on the same case, so a crash is pinned to the case that caused it. */
  MPI_Barrier(MPI_COMM_WORLD);
  free(out), free(send), free(recv), free(counts), free(displs);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  tracer t;
  MPI_Comm_rank(MPI_COMM_WORLD, &t.rank);
  MPI_Comm_size(MPI_COMM_WORLD, &t.size);
  MPI_Type_contiguous((int)sizeof(trace_element), MPI_BYTE, &t.type);
  MPI_Type_commit(&t.type);
  MPI_Op_create(trace_combine, 0, &t.ops[0]);
  MPI_Op_create(trace_combine, 1, &t.ops[1]);
  const int first_case = argc > 1 ? atoi(argv[1]) : 0;
  int default_counts[] = {1, 64, 4096}, *counts = default_counts, ncounts = 3;
  if (argc > 2) {
    ncounts = argc - 2;
    counts = malloc(sizeof(int) * (size_t)ncounts);
    for (int i = 0; i < ncounts; ++i) counts[i] = atoi(argv[i + 2]);
  }
  if (t.rank == 0) {
    char version[MPI_MAX_LIBRARY_VERSION_STRING];
    int length = 0;
    MPI_Get_library_version(version, &length);
    for (int i = 0; i < length; ++i)
      if (version[i] == '\n' || version[i] == '\r') version[i] = ' ';
    printf("P %d %d %.*s\n", t.size, (int)sizeof(trace_element), length, version);
  }
  int id = 0;
  const int roots[] = {0, t.size - 1, t.size / 2};
  for (int ci = 0; ci < ncounts; ++ci)
    for (int which = REDUCE; which <= EXSCAN; ++which)
      for (int commute = 0; commute < 2; ++commute)
        for (int in_place = 0; in_place < 2; ++in_place)
          for (int ri = 0; ri < (which == REDUCE ? 3 : 1); ++ri) {
            if (ri > 0 && roots[ri] == roots[0]) continue;
            if (ri == 2 && roots[2] == roots[1]) continue;
            const trace_case c = {id++, (collective)which, commute, in_place, counts[ci], roots[ri]};
            if (c.id >= first_case) run_case(&t, &c);
          }
  MPI_Op_free(&t.ops[0]);
  MPI_Op_free(&t.ops[1]);
  MPI_Type_free(&t.type);
  MPI_Finalize();
  return 0;
}
