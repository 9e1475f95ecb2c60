/* SPDX-License-Identifier: BSD-3-Clause */
/* MPIX_Reduce_locals against the table of docs/semantics.md §4.2, on every rank, with a non-commutative
 * user op (composition of affine maps), a predefined op, a datatype with holes, the error
 * rows, and the at-most-one-temporary rule. Expected values come from the formula, never from
 * the library. */
#include <stdlib.h>
#include <string.h>

#include "check_util.h"
#include "redsem_mpix.h"

/* An element is the affine map x ↦ a·x + b on 32-bit wrapping integers, stored as {a, b}
 * (followed by a hole in the resized datatype). (f∘g)(x) = f(g(x)): {fa·ga, fa·gb + fb}. */
typedef struct { unsigned a, b; } affine;

static affine compose(affine f, affine g) { return (affine){f.a * g.a, f.a * g.b + f.b}; }

static void affine_function(void *in, void *inout, int *len, MPI_Datatype *datatype) {
  MPI_Aint lb = 0, extent = 0;
  MPI_Type_get_extent(*datatype, &lb, &extent);
  for (int k = 0; k < *len; ++k) {
    affine f, g;
    memcpy(&f, (char *)in + k * extent, sizeof f);
    memcpy(&g, (char *)inout + k * extent, sizeof g);
    const affine r = compose(f, g);
    memcpy((char *)inout + k * extent, &r, sizeof r);
  }
}

enum { max_count = 1000, slots = 3 }; /* the holey type: {a, b, hole} */
static const unsigned hole = 0xdeadbeefu;

typedef struct {
  MPI_Datatype type;
  int stride; /* in unsigned ints */
} layout;

static affine element(int rank, int which, int k) {
  return (affine){(unsigned)(2 * k + 3 + which), (unsigned)(rank * 1000 + 7 * k + which)};
}

static void fill(unsigned *buffer, const layout *l, int count, int rank, int which) {
  for (int i = 0; i < max_count * slots; ++i) buffer[i] = hole;
  for (int k = 0; k < count; ++k) {
    const affine e = element(rank, which, k);
    memcpy(buffer + k * l->stride, &e, sizeof e);
  }
}

static affine at(const unsigned *buffer, const layout *l, int k) {
  affine e;
  memcpy(&e, buffer + k * l->stride, sizeof e);
  return e;
}

/* The five rows of §4.2's table. `which` names the entry values: 0 = X, 1 = Y, 2 = A. */
typedef struct { const char *name; int left, right, temporaries; } row;
static const row rows[] = {
    {"A = X op Y", 0, 1, 0}, {"A = A op Y", 2, 1, 1}, {"A = X op A", 0, 2, 0},
    {"A = X op X", 0, 0, 0}, {"A = A op A", 2, 2, 1},
};

static void check_row(const row *r, const layout *l, int count, MPI_Op op, int rank) {
  static unsigned x[max_count * slots], y[max_count * slots], a[max_count * slots];
  fill(x, l, count, rank, 0);
  fill(y, l, count, rank, 1);
  fill(a, l, count, rank, 2);
  const void *in = r->left == 2 ? MPI_IN_PLACE : x;
  const void *arg = r->right == 2 ? MPI_IN_PLACE : r->right == 0 ? (const void *)x : y;
  const long temporaries = MPIX_Reduce_locals_temporaries();
  const int rc = MPIX_Reduce_locals(in, arg, a, count, l->type, op);
  REDSEM_CHECK(rc == MPI_SUCCESS, "%s count %d: rc %d", r->name, count, rc);
  REDSEM_CHECK(MPIX_Reduce_locals_temporaries() - temporaries <= r->temporaries,
               "%s count %d: %ld temporaries", r->name, count,
               MPIX_Reduce_locals_temporaries() - temporaries);
  for (int k = 0; k < count; ++k) {
    const affine want = compose(element(rank, r->left, k), element(rank, r->right, k));
    const affine got = at(a, l, k);
    REDSEM_CHECK(got.a == want.a && got.b == want.b, "%s count %d element %d: {%u,%u} want {%u,%u}",
                 r->name, count, k, got.a, got.b, want.a, want.b);
    const affine x_after = at(x, l, k), y_after = at(y, l, k);
    REDSEM_CHECK(x_after.b == element(rank, 0, k).b && y_after.b == element(rank, 1, k).b,
                 "%s: an input buffer was written", r->name);
  }
  for (int k = 0; k < count * l->stride; ++k)
    if (k % l->stride >= 2) REDSEM_CHECK(a[k] == hole, "%s: the hole after element %d was written", r->name, k / l->stride);
  for (int k = count * l->stride; k < max_count * slots; ++k)
    REDSEM_CHECK(a[k] == hole, "%s count %d: wrote past the end at %d", r->name, count, k);
}

static void check_predefined_sum(int rank) {
  double x[5], y[5], a[5];
  for (int k = 0; k < 5; ++k) x[k] = rank + k * 0.5, y[k] = 100.0 * k, a[k] = -1.0;
  int rc = MPIX_Reduce_locals(x, y, a, 5, MPI_DOUBLE, MPI_SUM);
  for (int k = 0; k < 5; ++k) REDSEM_CHECK(rc == 0 && a[k] == x[k] + y[k], "MPI_SUM X op Y [%d]", k);
  rc = MPIX_Reduce_locals(MPI_IN_PLACE, MPI_IN_PLACE, a, 5, MPI_DOUBLE, MPI_SUM);
  for (int k = 0; k < 5; ++k) REDSEM_CHECK(rc == 0 && a[k] == 2 * (x[k] + y[k]), "MPI_SUM A op A [%d]", k);
}

static void check_errors(MPI_Op op, const layout *l) {
  static unsigned x[max_count * slots], a[max_count * slots];
  fill(x, l, 4, 0, 0);
  fill(a, l, 4, 0, 2);
  REDSEM_CHECK(MPIX_Reduce_locals(x, x, MPI_IN_PLACE, 4, l->type, op) == MPI_ERR_BUFFER,
               "inoutbuf = MPI_IN_PLACE must be MPI_ERR_BUFFER");
  REDSEM_CHECK(MPIX_Reduce_locals(x, x, a, -1, l->type, op) == MPI_ERR_COUNT, "count -1");
  REDSEM_CHECK(MPIX_Reduce_locals_c(x, x, a, -1, l->type, op) == MPI_ERR_COUNT, "count -1 (_c)");
  REDSEM_CHECK(MPIX_Reduce_locals(a + l->stride, MPI_IN_PLACE, a, 4, l->type, op) == MPI_ERR_BUFFER,
               "inbuf overlapping inoutbuf");
  REDSEM_CHECK(MPIX_Reduce_locals(MPI_IN_PLACE, a, a, 4, l->type, op) == MPI_ERR_BUFFER,
               "argbuf equal to inoutbuf");
  for (int k = 0; k < 4; ++k)
    REDSEM_CHECK(at(a, l, k).b == element(0, 2, k).b, "an erroneous call wrote element %d", k);
  REDSEM_CHECK(MPIX_Reduce_locals(NULL, x, a, 4, l->type, op) == MPI_ERR_BUFFER, "inbuf NULL, count 4");
  REDSEM_CHECK(MPIX_Reduce_locals(x, NULL, a, 4, l->type, op) == MPI_ERR_BUFFER, "argbuf NULL, count 4");
  REDSEM_CHECK(MPIX_Reduce_locals(MPI_IN_PLACE, NULL, a, 4, l->type, op) == MPI_ERR_BUFFER, "argbuf NULL, in place");
  REDSEM_CHECK(MPIX_Reduce_locals_c(NULL, x, a, 4, l->type, op) == MPI_ERR_BUFFER, "inbuf NULL, count 4 (_c)");
  for (int k = 0; k < 4; ++k)
    REDSEM_CHECK(at(a, l, k).b == element(0, 2, k).b, "an erroneous call wrote element %d", k);
  REDSEM_CHECK(MPIX_Reduce_locals(NULL, NULL, NULL, 0, l->type, op) == MPI_SUCCESS, "count 0");
}

/* Ops MPI_Reduce_local refuses, in every row of the table: the error comes back and A keeps
 * its entry values (the X op Y row used to copy Y into A before MPI refused the op). */
static void check_refused_ops(void) {
  /* MPI_Reduce_local reports through the error handler of MPI_COMM_SELF (MPI-4) or, in older
   * libraries, of MPI_COMM_WORLD: both return here, as the MPIX header's callers would set. */
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
  const MPI_Op refused[] = {MPI_OP_NULL, MPI_REPLACE, MPI_NO_OP, MPI_BAND};
  const char *names[] = {"MPI_OP_NULL", "MPI_REPLACE", "MPI_NO_OP", "MPI_BAND"};
  for (size_t o = 0; o < sizeof refused / sizeof refused[0]; ++o) {
    double x[3] = {1, 2, 3}, y[3] = {10, 20, 30}, a[3] = {-1, -2, -3};
    const void *ins[] = {x, MPI_IN_PLACE, x, MPI_IN_PLACE};
    const void *args[] = {y, y, MPI_IN_PLACE, MPI_IN_PLACE};
    for (int r = 0; r < 4; ++r) {
      const int rc = MPIX_Reduce_locals(ins[r], args[r], a, 3, MPI_DOUBLE, refused[o]);
      REDSEM_CHECK(rc != MPI_SUCCESS, "%s on MPI_DOUBLE, row %d: accepted", names[o], r);
      REDSEM_CHECK(a[0] == -1 && a[1] == -2 && a[2] == -3, "%s on MPI_DOUBLE, row %d: A written before the error",
                   names[o], r);
    }
  }
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
  MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_ARE_FATAL);
}

/* Overlap is decided on the bytes the type maps touch: with elements {a, b, hole, hole}, a buffer
 * two ints further on interleaves with inoutbuf (legal), one int further on shares bytes. */
static void check_interleaved(MPI_Op op, int rank) {
  enum { n = 5, stride = 4 };
  MPI_Datatype pair, spaced;
  MPI_Type_contiguous(2, MPI_UNSIGNED, &pair);
  MPI_Type_create_resized(pair, 0, stride * sizeof(unsigned), &spaced);
  MPI_Type_commit(&spaced);
  unsigned buffer[n * stride + 2];
  for (int k = 0; k < n; ++k) {
    const affine a = element(rank, 2, k), x = element(rank, 0, k);
    memcpy(buffer + k * stride, &a, sizeof a);
    memcpy(buffer + k * stride + 2, &x, sizeof x);
  }
  const long temporaries = MPIX_Reduce_locals_temporaries();
  int rc = MPIX_Reduce_locals(buffer + 2, MPI_IN_PLACE, buffer, n, spaced, op);
  REDSEM_CHECK(rc == MPI_SUCCESS, "interleaved inbuf: rc %d", rc);
  REDSEM_CHECK(MPIX_Reduce_locals_temporaries() == temporaries, "A = X op A took a temporary");
  for (int k = 0; rc == MPI_SUCCESS && k < n; ++k) {
    const affine want = compose(element(rank, 0, k), element(rank, 2, k));
    affine got;
    memcpy(&got, buffer + k * stride, sizeof got);
    REDSEM_CHECK(got.a == want.a && got.b == want.b, "interleaved element %d: {%u,%u} want {%u,%u}", k,
                 got.a, got.b, want.a, want.b);
  }
  rc = MPIX_Reduce_locals(buffer + 1, MPI_IN_PLACE, buffer, n, spaced, op);
  REDSEM_CHECK(rc == MPI_ERR_BUFFER, "inbuf sharing bytes with inoutbuf: rc %d", rc);
  rc = MPIX_Reduce_locals(MPI_IN_PLACE, buffer + 2, buffer, n, spaced, op);
  REDSEM_CHECK(rc == MPI_SUCCESS, "interleaved argbuf: rc %d", rc);
  for (int k = 0; rc == MPI_SUCCESS && k < n; ++k) {
    const affine x = element(rank, 0, k);
    const affine want = compose(compose(x, element(rank, 2, k)), x);
    affine got;
    memcpy(&got, buffer + k * stride, sizeof got);
    REDSEM_CHECK(got.a == want.a && got.b == want.b, "interleaved A = A op X element %d", k);
  }
  MPI_Type_free(&spaced);
  MPI_Type_free(&pair);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Op op;
  MPI_Op_create(affine_function, 0, &op);
  layout dense = {MPI_DATATYPE_NULL, 2}, holey = {MPI_DATATYPE_NULL, slots};
  MPI_Type_contiguous(2, MPI_UNSIGNED, &dense.type);
  MPI_Type_create_resized(dense.type, 0, slots * sizeof(unsigned), &holey.type);
  MPI_Type_commit(&dense.type);
  MPI_Type_commit(&holey.type);
  const int counts[] = {0, 1, 7, max_count};
  const layout *layouts[] = {&dense, &holey};
  for (int t = 0; t < 2; ++t)
    for (size_t c = 0; c < sizeof counts / sizeof counts[0]; ++c)
      for (size_t r = 0; r < sizeof rows / sizeof rows[0]; ++r)
        check_row(&rows[r], layouts[t], counts[c], op, rank);
  check_predefined_sum(rank);
  check_errors(op, &dense);
  check_errors(op, &holey);
  check_interleaved(op, rank);
  check_refused_ops();
  MPI_Type_free(&holey.type);
  MPI_Type_free(&dense.type);
  MPI_Op_free(&op);
  const int status = check_finish("mpix_reduce_locals_check");
  MPI_Finalize();
  return status;
}
