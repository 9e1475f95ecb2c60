/* SPDX-License-Identifier: BSD-3-Clause */
/* The request-heavy program of scripts/bench_check.py: STEPS steps on a ring of ranks, each step
 *   - a halo exchange of REQUESTS requests, half MPI_Irecv (a quarter from each neighbour) and
 *     half MPI_Isend (likewise), one tag per message, completed by one MPI_Waitall;
 *   - the same exchange on persistent requests (made once by MPI_Recv_init and MPI_Send_init),
 *     started by MPI_Startall and completed by MPI_Testsome in a polling loop;
 *   - one receive from the left and one send to the right, the receive completed by MPI_Test
 *     in a polling loop and the send by MPI_Wait;
 *   - the first exchange again, its requests completed one at a time by MPI_Testany;
 *   - MPI_Ibarrier and MPI_Iallreduce of 4 doubles, each completed by MPI_Test in a polling loop.
 * With WINDOW 1 the ranks allocate a 4 KiB window before the loop (and never access it), which is
 * when the check library writes what the requests synchronise. Prints the slowest rank's seconds
 * of the loop (MPI_Wtime); exits 1 if a message or the reduction arrived wrong.
 *   usage: request_heavy [STEPS (2000)] [REQUESTS (64)] [WINDOW (0)] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define DOUBLES 8
#define MAX_REQUESTS 1024

struct ring {
  int rank, size, left, right, pairs; /* pairs: messages each way to each neighbour */
  double *in, *out;                   /* 2 * pairs blocks of DOUBLES each */
  MPI_Request requests[MAX_REQUESTS];
  MPI_Request persistent[MAX_REQUESTS];
  int wrong;
};

static int peer_of(const struct ring *r, int k) { return k < r->pairs ? r->left : r->right; }

/* Message k of the exchange (0 <= k < 2 * pairs) in a step, as its sender writes it. */
static double value(int sender, long step, int k, int i) { return sender * 1e6 + (double)(step % 1000) * 100 + k + i; }

static void fill(struct ring *r, long step) {
  for (int k = 0; k < 2 * r->pairs; ++k)
    for (int i = 0; i < DOUBLES; ++i) r->out[k * DOUBLES + i] = value(r->rank, step, k, i);
}

/* Block k is received from the neighbour that sends it as its own block `sent_as` (the left
 * neighbour sends its right blocks, the right one its left blocks), tagged with that index. */
static void verify(struct ring *r, long step, int count) {
  for (int k = 0; k < count; ++k) {
    const int from = peer_of(r, k), sent_as = k < r->pairs ? k + r->pairs : k - r->pairs;
    if (r->in[k * DOUBLES] != value(from, step, sent_as, 0)) r->wrong = 1;
  }
}

/* Receives of blocks [0, count) into `in` and sends of the matching blocks of `out`. */
static void post(struct ring *r, int count, int tag_base, MPI_Request *requests) {
  for (int k = 0; k < count; ++k) {
    const int sent_as = k < r->pairs ? k + r->pairs : k - r->pairs;
    MPI_Irecv(&r->in[k * DOUBLES], DOUBLES, MPI_DOUBLE, peer_of(r, k), tag_base + sent_as, MPI_COMM_WORLD,
              &requests[k]);
    MPI_Isend(&r->out[k * DOUBLES], DOUBLES, MPI_DOUBLE, peer_of(r, k), tag_base + k, MPI_COMM_WORLD,
              &requests[count + k]);
  }
}

static void make_persistent(struct ring *r) {
  const int count = 2 * r->pairs;
  for (int k = 0; k < count; ++k) {
    const int sent_as = k < r->pairs ? k + r->pairs : k - r->pairs;
    MPI_Recv_init(&r->in[k * DOUBLES], DOUBLES, MPI_DOUBLE, peer_of(r, k), 1000 + sent_as, MPI_COMM_WORLD,
                  &r->persistent[k]);
    MPI_Send_init(&r->out[k * DOUBLES], DOUBLES, MPI_DOUBLE, peer_of(r, k), 1000 + k, MPI_COMM_WORLD,
                  &r->persistent[count + k]);
  }
}

/* MPICH's MPI_STATUSES_IGNORE is the address 1, which GCC takes for an array of no room. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wstringop-overflow"
static void halo_waitall(struct ring *r, long step) {
  post(r, 2 * r->pairs, 0, r->requests);
  MPI_Waitall(4 * r->pairs, r->requests, MPI_STATUSES_IGNORE);
  verify(r, step, 2 * r->pairs);
}
#pragma GCC diagnostic pop

static void halo_persistent_testsome(struct ring *r, long step) {
  const int count = 4 * r->pairs;
  int done = 0, outcount = 0, indices[MAX_REQUESTS];
  MPI_Status statuses[MAX_REQUESTS];
  MPI_Startall(count, r->persistent);
  while (done < count) {
    MPI_Testsome(count, r->persistent, &outcount, indices, statuses);
    if (outcount != MPI_UNDEFINED) done += outcount;
  }
  verify(r, step, 2 * r->pairs);
}

static void one_message_test(struct ring *r, long step) {
  MPI_Request receive, send;
  const double sent = value(r->rank, step, 0, 0);
  double got = 0.0;
  int flag = 0;
  MPI_Irecv(&got, 1, MPI_DOUBLE, r->left, 2000, MPI_COMM_WORLD, &receive);
  MPI_Isend(&sent, 1, MPI_DOUBLE, r->right, 2000, MPI_COMM_WORLD, &send);
  while (!flag) MPI_Test(&receive, &flag, MPI_STATUS_IGNORE);
  MPI_Wait(&send, MPI_STATUS_IGNORE);
  if (got != value(r->left, step, 0, 0)) r->wrong = 1;
}

static void halo_testany(struct ring *r, long step) {
  int index = 0, flag = 0;
  post(r, 2 * r->pairs, 3000, r->requests);
  for (int done = 0; done < 4 * r->pairs;) {
    MPI_Testany(4 * r->pairs, r->requests, &index, &flag, MPI_STATUS_IGNORE);
    if (flag && index != MPI_UNDEFINED) ++done;
  }
  verify(r, step, 2 * r->pairs);
}

static void collectives_test(struct ring *r, long step) {
  MPI_Request request;
  int flag = 0;
  MPI_Ibarrier(MPI_COMM_WORLD, &request);
  while (!flag) MPI_Test(&request, &flag, MPI_STATUS_IGNORE);
  double in[4] = {(double)r->rank, (double)step, 1.0, 2.0}, sum[4];
  flag = 0;
  MPI_Iallreduce(in, sum, 4, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &request);
  while (!flag) MPI_Test(&request, &flag, MPI_STATUS_IGNORE);
  if (sum[0] != (double)r->size * (r->size - 1) / 2 || sum[2] != (double)r->size) r->wrong = 1;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  const long steps = argc > 1 ? atol(argv[1]) : 2000;
  const int requests = argc > 2 ? atoi(argv[2]) : 64;
  const int window = argc > 3 ? atoi(argv[3]) : 0;
  if (requests < 4 || requests > MAX_REQUESTS || requests % 4 != 0) {
    fprintf(stderr, "request_heavy: REQUESTS must be a multiple of 4 from 4 to %d\n", MAX_REQUESTS);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  struct ring r = {.pairs = requests / 4};
  MPI_Comm_rank(MPI_COMM_WORLD, &r.rank);
  MPI_Comm_size(MPI_COMM_WORLD, &r.size);
  r.left = (r.rank + r.size - 1) % r.size;
  r.right = (r.rank + 1) % r.size;
  r.in = calloc((size_t)requests / 2 * DOUBLES, sizeof(double));
  r.out = calloc((size_t)requests / 2 * DOUBLES, sizeof(double));
  if (!r.in || !r.out) MPI_Abort(MPI_COMM_WORLD, 2);
  MPI_Win win = MPI_WIN_NULL;
  double *base = NULL;
  if (window) MPI_Win_allocate(4096, sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
  make_persistent(&r);
  MPI_Barrier(MPI_COMM_WORLD);
  const double start = MPI_Wtime();
  for (long step = 0; step < steps; ++step) {
    fill(&r, step);
    halo_waitall(&r, step);
    halo_persistent_testsome(&r, step);
    one_message_test(&r, step);
    halo_testany(&r, step);
    collectives_test(&r, step);
  }
  double seconds = MPI_Wtime() - start, slowest = 0.0;
  int any_wrong = 0;
  MPI_Reduce(&seconds, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  MPI_Reduce(&r.wrong, &any_wrong, 1, MPI_INT, MPI_LOR, 0, MPI_COMM_WORLD);
  if (r.rank == 0) printf("%.6f\n", slowest);
  if (r.rank == 0 && any_wrong) fprintf(stderr, "request_heavy: a message or a sum arrived wrong\n");
  for (int k = 0; k < requests; ++k) MPI_Request_free(&r.persistent[k]);
  if (window) MPI_Win_free(&win);
  free(r.in);
  free(r.out);
  MPI_Finalize();
  return any_wrong ? 1 : 0;
}
