/* SPDX-License-Identifier: BSD-3-Clause */
/* The checks of a reduction call (reduction.h). On a sampled blocking call every rank of the
 * communicator copies a fixed-size block of its contribution's leading elements before the call
 * (an MPI_IN_PLACE input is overwritten by the call) and one of its result after it, and sends
 * both to comm rank 0 in one gather: on ranks that share CPUs, each gather waits for every rank
 * to be scheduled, and a second one before the call doubled that wait. Fixed-size blocks keep
 * the gather matched even when a program passes different counts on different ranks.
 * Nonblocking and persistent forms get the local checks only: a blocking gather inside a call
 * that does not block could deadlock a correct program. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "comm_calls.h"
#include "finding.h"
#include "predefined.h"
#include "process_sync.h"
#include "query_guard.h"
#include "reduction.h"
#include "reduction_report.h"
#include "user_op_laws.h"
#include "user_ops.h"

/* Communicators larger than this are not sampled (rank 0 holds one block per rank). */
#define MAX_SAMPLED_COMM 64

static int block_elements(const struct rc_reduction *r) {
  long long leading = r->count;
  if (r->kind == RC_REDUCE_SCATTER) leading = rc_has_recvcounts(r) ? rc_recvcount(r, 0) : 0;
  MPI_Aint lb, extent, true_lb, true_extent;
  if (leading <= 0 || !rc_type_queryable(r->type)) return 0;
  if (PMPI_Type_get_extent(r->type, &lb, &extent) != MPI_SUCCESS ||
      PMPI_Type_get_true_extent(r->type, &true_lb, &true_extent) != MPI_SUCCESS || extent <= 0 || true_extent <= 0)
    return 0;
  long long e = leading < RC_SAMPLE_ELEMENTS ? leading : RC_SAMPLE_ELEMENTS;
  while (e > 0 && (e - 1) * (long long)extent + (long long)true_extent > RC_BLOCK_DATA) --e;
  return (int)(e > 0 ? e : 0);
}

/* Copies the leading elements of buf (true lower bound applied) into the block. */
static void fill_block(struct rc_block *b, const void *buf, int elements, MPI_Datatype type) {
  MPI_Aint lb, extent, true_lb, true_extent;
  memset(b, 0, sizeof *b);
  if (!buf || elements <= 0) return;
  PMPI_Type_get_extent(type, &lb, &extent);
  PMPI_Type_get_true_extent(type, &true_lb, &true_extent);
  const size_t span = (size_t)((elements - 1) * (long long)extent + (long long)true_extent);
  memcpy(b->data, (const unsigned char *)buf + true_lb, span);
  b->valid = 1;
  b->elements = elements;
}

/* Each rank's contribution and result blocks, gathered once after the call: rank 0 gets them
 * as two arrays of one block per rank (*in, *out; NULL elsewhere or when it could not allocate). */
static void gather_blocks(const struct rc_block mine[2], const struct rc_sample *s, MPI_Comm comm, struct rc_block **in,
                          struct rc_block **out) {
  struct rc_block *all = s->rank == 0 ? malloc(2 * (size_t)s->size * sizeof *all) : NULL;
  /* Every rank gathers even when rank 0 could not allocate: the call sequence stays matched. */
  PMPI_Gather(mine, 2 * (int)sizeof *mine, MPI_BYTE, all, 2 * (int)sizeof *mine, MPI_BYTE, 0, comm);
  *in = *out = NULL;
  if (!all) return;
  *in = malloc((size_t)s->size * sizeof *all);
  *out = malloc((size_t)s->size * sizeof *all);
  for (int i = 0; *in && *out && i < s->size; ++i) {
    (*in)[i] = all[2 * i];
    (*out)[i] = all[2 * i + 1];
  }
  free(all);
}

static int is_intercomm(MPI_Comm comm) {
  int inter = 0;
  return PMPI_Comm_test_inter(comm, &inter) == MPI_SUCCESS && inter;
}

/* MPI_Reduce_local's own contributions: inbuf and inoutbuf, checked before the call overwrites
 * inoutbuf. */
static void check_local_user_op(const struct rc_reduction *r) {
  struct rc_user_op op;
  if (!rc_user_op_find(r->op, &op)) return;
  if (!rc_sampled(rc_comm_call_index(MPI_COMM_SELF, r->call))) return;
  if (r->sendbuf == MPI_IN_PLACE || r->recvbuf == MPI_IN_PLACE || !r->sendbuf || !r->recvbuf) return;
  struct rc_block *blocks = malloc(2 * sizeof *blocks);
  if (!blocks) return;
  const int elements = block_elements(r);
  fill_block(&blocks[0], r->sendbuf, elements, r->type);
  fill_block(&blocks[1], r->recvbuf, elements, r->type);
  const unsigned char *images[2] = {blocks[0].data, blocks[1].data};
  const int ranks[2] = {rc_world_rank(), rc_world_rank()};
  const struct rc_contributions values = {2, images, ranks, elements};
  rc_check_user_op_laws(r, &op, &values);
  free(blocks);
}

struct rc_reduction rc_reduction_of(enum rc_collective kind, const char *call, enum rc_form form, const void *caller,
                                    const void *sendbuf, void *recvbuf, long long count, MPI_Datatype type, MPI_Op op,
                                    int root, MPI_Comm comm) {
  return (struct rc_reduction){.kind = kind,
                               .call = call,
                               .form = form,
                               .sendbuf = sendbuf,
                               .recvbuf = recvbuf,
                               .count = count,
                               .type = type,
                               .op = op,
                               .root = root,
                               .comm = comm,
                               .caller = caller};
}

/* The checks before the call; every query on the program's arguments under `guard`. */
static void enter_checks(const struct rc_reduction *r, struct rc_sample *s) {
  if (r->kind != RC_REDUCE_LOCAL && (r->comm == MPI_COMM_NULL || is_intercomm(r->comm))) {
    /* An intercommunicator's reductions combine the other group's contributions, and its
     * non-root processes pass arguments that are ignored: forwarded unchecked, counted. */
    if (r->comm != MPI_COMM_NULL) rc_count_intercomm(r->call);
    return;
  }
  rc_check_op_type(r);
  if (r->kind == RC_REDUCE_LOCAL) {
    rc_check_buffers(r, 0, 1);
    check_local_user_op(r);
    return;
  }
  PMPI_Comm_rank(r->comm, &s->rank);
  PMPI_Comm_size(r->comm, &s->size);
  if (r->kind == RC_REDUCE_SCATTER && !rc_has_recvcounts(r)) return;
  rc_check_buffers(r, s->rank, s->size);
  s->index = rc_comm_call_index(r->comm, r->call);
  s->active = r->form == RC_BLOCKING && s->size <= MAX_SAMPLED_COMM && rc_sampled(s->index);
  if (!s->active) return;
  s->elements = block_elements(r);
  /* Copied before the call (an MPI_IN_PLACE input is overwritten by it), gathered after it with
   * the result: one gather per sampled call. NULL (no memory): sent as an invalid block. */
  s->input = malloc(sizeof *s->input);
  if (!s->input) return;
  const int in_place = r->sendbuf == MPI_IN_PLACE;
  const int input_missing = in_place && r->kind == RC_REDUCE && s->rank != r->root;
  fill_block(s->input, input_missing ? NULL : in_place ? r->recvbuf : r->sendbuf, s->elements, r->type);
  s->input->in_place = in_place;
}

void rc_reduction_enter(const struct rc_reduction *r, struct rc_sample *s) {
  memset(s, 0, sizeof *s);
  rc_count(r->call);
  struct rc_guard guard;
  rc_guard_begin(&guard, r->call, r->caller);
  enter_checks(r, s);
  rc_guard_end(&guard);
}

/* Whose result the `reduction` record carries: the root, rank 0, or for a scan the last rank
 * (the one whose result combines every contribution, or all but its own for Exscan). */
static int result_rank(const struct rc_reduction *r, int size) {
  if (r->kind == RC_REDUCE) return r->root;
  if (r->kind == RC_SCAN || r->kind == RC_EXSCAN) return size - 1;
  return 0;
}

/* The hash of this rank's whole result (predefined types: value bytes only, no padding). */
static unsigned long long result_hash(const struct rc_reduction *r) {
  const int type = rc_predefined_type(r->type);
  unsigned long long hash = 14695981039346656037ull;
  const size_t size = rc_type_size(type);
  for (long long i = 0; i < r->count; ++i)
    hash = rc_hash_element(hash, type, (const unsigned char *)r->recvbuf + i * size);
  return hash;
}

static void leave_checks(const struct rc_reduction *r, struct rc_sample *s, int rc);

/* Whose entry each member's return follows (process_sync.h): a reduction's result depends on
 * the inputs it reduces, and on nothing else. */
static enum rc_flow flow_of(const struct rc_reduction *r) {
  if (r->count == 0 && !rc_has_recvcounts(r)) return RC_FLOW_NONE; /* no contribution, no result */
  switch (r->kind) {
    case RC_REDUCE:
      return RC_FLOW_TO_ROOT;
    case RC_SCAN:
      return RC_FLOW_PREFIX;
    case RC_EXSCAN:
      return RC_FLOW_EXCLUSIVE_PREFIX;
    default:
      return RC_FLOW_ALL;
  }
}

void rc_reduction_synced(const struct rc_reduction *r, int rc) {
  if (r->kind == RC_REDUCE_LOCAL) return;
  if (r->form == RC_BLOCKING)
    rc_sync_collective_at(r->comm, r->call, flow_of(r), r->root, rc, r->caller);
  else /* a request-based form is followed by RC_CHECKED_STARTED */
    rc_sync_unmodelled(r->call);
}

void rc_reduction_started(const struct rc_reduction *r, int rc, const MPI_Request *request) {
  if (rc != MPI_SUCCESS) return;
  if (r->form == RC_PERSISTENT_FORM)
    rc_sync_persistent_collective(r->comm, r->call, flow_of(r), r->root, *request);
  else
    rc_sync_collective_started(r->comm, r->call, flow_of(r), r->root, *request, r->caller);
}

void rc_reduction_leave(const struct rc_reduction *r, struct rc_sample *s, int rc) {
  if (!s->active) return;
  struct rc_guard guard;
  rc_guard_begin(&guard, r->call, r->caller);
  leave_checks(r, s, rc);
  rc_guard_end(&guard);
}

static void leave_checks(const struct rc_reduction *r, struct rc_sample *s, int rc) {
  struct rc_block mine[2]; /* on the stack: a gather the other ranks make cannot be skipped */
  if (s->input)
    mine[0] = *s->input;
  else
    fill_block(&mine[0], NULL, 0, r->type);
  const int has_result = rc == MPI_SUCCESS && !(r->kind == RC_REDUCE && s->rank != r->root) &&
                         !(r->kind == RC_EXSCAN && s->rank == 0) && r->recvbuf != MPI_IN_PLACE;
  /* A Reduce_scatter rank's block may be shorter than rank 0's, which set the elements. */
  int elements = s->elements;
  if (r->kind == RC_REDUCE_SCATTER && rc_recvcount(r, s->rank) < elements) elements = (int)rc_recvcount(r, s->rank);
  fill_block(&mine[1], has_result ? r->recvbuf : NULL, elements, r->type);
  const int agreement = r->kind == RC_ALLREDUCE && rc_predefined_type(r->type) >= 0;
  if (has_result && agreement) mine[1].hash = result_hash(r);
  struct rc_block *in, *out;
  gather_blocks(mine, s, r->comm, &in, &out);
  if (in && out) {
    rc_check_in_place_agreement(r, s, in);
    if (agreement) rc_check_allreduce_agreement(r, s, out);
    struct rc_user_op op;
    int inputs_valid = 1;
    for (int i = 0; i < s->size; ++i) inputs_valid &= in[i].valid && in[i].elements == s->elements;
    if (inputs_valid && rc_user_op_find(r->op, &op)) {
      const unsigned char **images = malloc((size_t)s->size * sizeof *images);
      int *ranks = malloc((size_t)s->size * sizeof *ranks);
      if (images && ranks) {
        for (int i = 0; i < s->size; ++i) {
          images[i] = in[i].data;
          ranks[i] = i;
        }
        const struct rc_contributions values = {s->size, images, ranks, s->elements};
        rc_check_user_op_laws(r, &op, &values);
      }
      free(images);
      free(ranks);
    }
    const int last = result_rank(r, s->size);
    if (inputs_valid && last >= 0 && last < s->size && out[last].valid && out[last].elements == s->elements)
      rc_write_reduction_record(r, s, in, &out[last], last);
  }
  free(in);
  free(out);
  free(s->input);
  s->input = NULL;
}
