/* SPDX-License-Identifier: BSD-3-Clause */
/* redsem-mpi-surface-helper: one call of MPI_Reduce_local's argument surface (and of MPI_Reduce
 * and MPI_Allreduce on MPI_COMM_SELF, for their buffer rules), under
 * MPI_ERRORS_RETURN, for `redsem fuzz --mpi LIB --surface`. Built with the library's compiler
 * wrapper and started once per case (a fresh singleton process), so a crash or an abort ends
 * that case only. Usage: redsem-mpi-surface-helper CASE. It prints one line:
 *
 *   "ok FLAGS"               the call returned MPI_SUCCESS
 *   "error CLASS FLAGS TEXT" the call returned an error: its class's name (MPI_ERR_OP, …, or its
 *                           number) and the library's text for it
 *   "unknown CASE"           no such case
 *   "unsupported WHAT"       this library lacks the call (MPI_Reduce_local_c before MPI-4)
 *
 * FLAGS are "-" or a comma list of: inbuf_modified (the call changed inbuf), wrote_outside (a
 * guard byte around the buffers changed), wrong_result (an element of inoutbuf is not in ∘
 * inout; the text then names it). The buffers are MPI_INT elements inside one arena whose
 * every other byte is a guard, so an overlap case writes nowhere it may not be seen; the
 * large-count case has two buffers of its own. */
#include <limits.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "redsem_mpi_features.h"

enum { count = 4, guard = 64, arena_size = 2 * guard + 3 * count * (int)sizeof(int) };
static unsigned char arena[arena_size];
static unsigned char before[arena_size];

static void sum_ints(void* in, void* io, int* len, MPI_Datatype* type) {
  (void)type;
  for (int i = 0; i < *len; ++i) ((int*)io)[i] += ((int*)in)[i];
}

/* The class's MPI name: the numbers differ between libraries. */
static const char* class_name(int cls) {
  static char number[32];
  const struct {
    int cls;
    const char* name;
  } names[] = {{MPI_ERR_BUFFER, "MPI_ERR_BUFFER"}, {MPI_ERR_COUNT, "MPI_ERR_COUNT"}, {MPI_ERR_TYPE, "MPI_ERR_TYPE"},
               {MPI_ERR_OP, "MPI_ERR_OP"},         {MPI_ERR_ARG, "MPI_ERR_ARG"},     {MPI_ERR_OTHER, "MPI_ERR_OTHER"},
               {MPI_ERR_INTERN, "MPI_ERR_INTERN"}, {MPI_ERR_UNKNOWN, "MPI_ERR_UNKNOWN"}};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; ++i)
    if (names[i].cls == cls) return names[i].name;
  snprintf(number, sizeof number, "class_%d", cls);
  return number;
}

struct call {
  const void* in;
  void* io;
  int n;
  MPI_Datatype type;
  MPI_Op op;
  int io_bytes; /* the bytes inoutbuf's elements span */
  enum { reduce_local, reduce_local_c, reduce, allreduce } call; /* collectives: on MPI_COMM_SELF, root 0 */
};

/* The default call: two separate buffers of `count` ints, MPI_SUM. */
static struct call plain(void) {
  struct call c = {arena + guard, arena + guard + 2 * count * sizeof(int), count, MPI_INT, MPI_SUM,
                   count * (int)sizeof(int), reduce_local};
  return c;
}

static int make_case(const char* name, struct call* c) {
  unsigned char* in = arena + guard;
  *c = plain();
  if (strcmp(name, "plain") == 0) return 1;
  if (strcmp(name, "same_buffer") == 0) return c->io = in, 1;
  if (strcmp(name, "overlap_one_element") == 0) return c->io = in + (count - 1) * sizeof(int), 1;
  if (strcmp(name, "overlap_one_byte") == 0) return c->io = in + count * sizeof(int) - 1, 1;
  if (strcmp(name, "in_place_inbuf") == 0) return c->in = MPI_IN_PLACE, 1;
  if (strcmp(name, "in_place_inoutbuf") == 0) return c->io = MPI_IN_PLACE, 1;
  if (strcmp(name, "in_place_both") == 0) return c->in = MPI_IN_PLACE, c->io = MPI_IN_PLACE, 1;
  if (strcmp(name, "count_zero_null_buffers") == 0) return c->in = NULL, c->io = NULL, c->n = 0, c->io_bytes = 0, 1;
  if (strcmp(name, "negative_count") == 0) return c->n = -1, 1;
  if (strcmp(name, "negative_count_c") == 0) return c->n = -1, c->call = reduce_local_c, 1;
  if (strcmp(name, "datatype_null") == 0) return c->type = MPI_DATATYPE_NULL, 1;
  if (strcmp(name, "op_null") == 0) return c->op = MPI_OP_NULL, 1;
  if (strcmp(name, "op_replace") == 0) return c->op = MPI_REPLACE, 1;
  if (strcmp(name, "op_no_op") == 0) return c->op = MPI_NO_OP, 1;
  if (strncmp(name, "reduce_", 7) == 0 || strncmp(name, "allreduce_", 10) == 0) {
    const char* rest = name + (name[0] == 'r' ? 7 : 10);
    c->call = name[0] == 'r' ? reduce : allreduce;
    if (strcmp(rest, "in_place") == 0) return c->in = MPI_IN_PLACE, 1;
    if (strcmp(rest, "in_place_recvbuf") == 0) return c->io = MPI_IN_PLACE, 1;
    if (strcmp(rest, "same_buffer") == 0) return c->io = in, 1;
    return 0;
  }
  if (strcmp(name, "freed_op") == 0) {
    MPI_Op op, copy;
    MPI_Op_create(sum_ints, 1, &op);
    copy = op;
    MPI_Op_free(&op);
    return c->op = copy, 1;
  }
  if (strcmp(name, "uncommitted_type") == 0) {
    MPI_Datatype pair;
    MPI_Type_contiguous(2, MPI_INT, &pair); /* not committed */
    MPI_Op op;
    MPI_Op_create(sum_ints, 1, &op);
    return c->type = pair, c->op = op, c->n = count / 2, 1;
  }
  return 0;
}

/* The MPI-4 large-count binding, with the case's count as an MPI_Count. */
static int reduce_local_large(const struct call* c) {
#if REDSEM_HAVE_REDUCE_LOCAL_C
  return MPI_Reduce_local_c(c->in, c->io, (MPI_Count)c->n, c->type, c->op);
#else
  (void)c;
  return MPI_ERR_OTHER;
#endif
}

/* The class's name and the library's text for a failed call, on one line after "error ". */
static void print_error(int rc, const char* flags) {
  int cls = 0, len = 0;
  char text[MPI_MAX_ERROR_STRING];
  MPI_Error_class(rc, &cls);
  MPI_Error_string(cls, text, &len);
  for (char* p = text; *p; ++p)
    if (*p == '\n') *p = ' ';
  printf("error %s %s %s\n", class_name(cls), flags, text);
}

/* MPI_Reduce_local_c with count INT_MAX + 1 (MPI_BYTE, MPI_BAND: 2 GiB per buffer), a legal
 * call (MPI-4.1 §7.9.7; MPI_BAND on a byte, §7.9.2) that only the large-count binding, with its
 * MPI_Count count, can make. The buffers are uniform except
 * at the probed elements (the first, around 2^30 and the last, which a 32-bit count or offset
 * misses), which hold their own bytes, so a result taken from the wrong element shows too. */
static void large_count(void) {
#if REDSEM_HAVE_REDUCE_LOCAL_C
  const MPI_Count n = (MPI_Count)INT_MAX + 1;
  const MPI_Count probes[] = {0, 1, 2, ((MPI_Count)1 << 30) - 1, (MPI_Count)1 << 30, ((MPI_Count)1 << 30) + 1,
                              n - 3, n - 2, n - 1};
  enum { nprobes = sizeof probes / sizeof probes[0] };
  unsigned char *in = malloc((size_t)n), *io = malloc((size_t)n), want[nprobes], in_byte[nprobes];
  if (in == NULL || io == NULL) {
    printf("unsupported the helper cannot allocate two buffers of 2 GiB\n");
    free(in), free(io);
    return;
  }
  memset(in, 0xf3, (size_t)n);
  memset(io, 0x5c, (size_t)n);
  for (int i = 0; i < nprobes; ++i) {
    in[probes[i]] = in_byte[i] = (unsigned char)(0x81 + 37 * i);
    io[probes[i]] = (unsigned char)(0xc7 - 23 * i);
    want[i] = in_byte[i] & io[probes[i]];
  }
  const int rc = MPI_Reduce_local_c(in, io, n, MPI_BYTE, MPI_BAND);
  int modified = 0, wrong = -1;
  for (int i = 0; i < nprobes; ++i) {
    modified |= in[probes[i]] != in_byte[i];
    if (wrong < 0 && io[probes[i]] != want[i]) wrong = i;
  }
  /* Between the probes, every 2^24th element: 0xf3 & 0x5c. */
  MPI_Count wrong_at = wrong >= 0 ? probes[wrong] : -1;
  unsigned got = wrong >= 0 ? io[probes[wrong]] : 0, expected = wrong >= 0 ? want[wrong] : 0;
  for (MPI_Count k = 3; wrong_at < 0 && k < n; k += (MPI_Count)1 << 24)
    if (io[k] != (0xf3 & 0x5c)) wrong_at = k, got = io[k], expected = 0xf3 & 0x5c;
  const char* flags = modified && wrong_at >= 0 ? "inbuf_modified,wrong_result"
                      : modified                ? "inbuf_modified"
                      : wrong_at >= 0           ? "wrong_result"
                                                : "-";
  if (rc != MPI_SUCCESS) print_error(rc, flags);
  else if (wrong_at >= 0) printf("ok %s element %lld is 0x%02x, want 0x%02x\n", flags, (long long)wrong_at, got, expected);
  else printf("ok %s\n", flags);
  free(in), free(io);
#else
  printf("unsupported MPI_Reduce_local_c (the library has no such function)\n");
#endif
}

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  MPI_Init(NULL, NULL);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
  for (int i = 0; i < arena_size; ++i) arena[i] = (unsigned char)(0xa5 ^ i);
  for (int i = 0; i < 3 * count; ++i) ((int*)(arena + guard))[i] = i + 1;
  memcpy(before, arena, sizeof arena);
  struct call c;
  int large = 0;
  if (strcmp(argv[1], "large_count_c") == 0) {
    large_count();
    fflush(stdout);
    MPI_Finalize();
    return 0;
  }
  if (!make_case(argv[1], &c)) {
    printf("unknown %s\n", argv[1]);
    MPI_Finalize();
    return 0;
  }
#if REDSEM_HAVE_REDUCE_LOCAL_C
  if (c.call == reduce_local_c) c.call = reduce_local, large = 1;
#else
  if (c.call == reduce_local_c) {
    printf("unsupported MPI_Reduce_local_c (the library has no such function)\n");
    MPI_Finalize();
    return 0;
  }
#endif
  const int rc = large                 ? reduce_local_large(&c)
                 : c.call == reduce    ? MPI_Reduce(c.in, c.io, c.n, c.type, c.op, 0, MPI_COMM_SELF)
                 : c.call == allreduce ? MPI_Allreduce(c.in, c.io, c.n, c.type, c.op, MPI_COMM_SELF)
                                       : MPI_Reduce_local(c.in, c.io, c.n, c.type, c.op);
  const int in_bytes = count * (int)sizeof(int);
  int modified = 0, outside = 0;
  for (int i = 0; i < arena_size; ++i) {
    if (arena[i] == before[i]) continue;
    const int in_in = i >= guard && i < guard + in_bytes;
    const int in_io = c.io != MPI_IN_PLACE && c.io != NULL &&
                      i >= (unsigned char*)c.io - arena && i < (unsigned char*)c.io - arena + c.io_bytes;
    if (in_in && !in_io) modified = 1;
    if (!in_in && !in_io) outside = 1;
  }
  const char* flags = modified && outside ? "inbuf_modified,wrote_outside"
                      : modified          ? "inbuf_modified"
                      : outside           ? "wrote_outside"
                                          : "-";
  if (rc == MPI_SUCCESS) {
    printf("ok %s\n", flags);
  } else {
    print_error(rc, flags);
  }
  fflush(stdout);
  MPI_Finalize();
  return 0;
}
