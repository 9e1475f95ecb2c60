/* SPDX-License-Identifier: BSD-3-Clause */
/* MPIX_Reduce_locals on redsem's native kernels: every predefined op on a set of predefined
 * datatypes, in each of docs/semantics.md §4.2's five forms, must take the native path (the counter moves
 * by one per call) and give exactly what the MPI library's own MPI_Reduce_local gives for
 * L op R; a user op must not take it, and still be right. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "check_util.h"
#include "redsem_mpix.h"

enum { count = 37, max_extent = 32 };

typedef struct { double v; int i; } double_int;
typedef struct { int v, i; } two_int;

typedef struct {
  const char *name;
  MPI_Datatype type;
  MPI_Op op;
} pair;

/* Element k of operand `which` on this rank, as bytes of `type` (small values: no overflow). */
static void fill(unsigned char *buffer, MPI_Datatype type, int rank, int which) {
  memset(buffer, 0, (size_t)count * max_extent);
  for (int k = 0; k < count; ++k) {
    const int v = (k * 7 + which * 5 + rank * 3) % 23 - 11;
    if (type == MPI_INT) ((int *)buffer)[k] = v;
    else if (type == MPI_UNSIGNED_CHAR) buffer[k] = (unsigned char)(v + 11);
    else if (type == MPI_LONG_LONG) ((long long *)buffer)[k] = (long long)v * (1LL << 33);  /* a multiply: shifting a negative value is UB */
    else if (type == MPI_FLOAT) ((float *)buffer)[k] = (float)v / 3.0f;
    else if (type == MPI_DOUBLE) ((double *)buffer)[k] = (double)v / 7.0;
    else if (type == MPI_DOUBLE_INT) ((double_int *)buffer)[k] = (double_int){(double)(v % 4), which * 100 + k};
    else if (type == MPI_2INT) ((two_int *)buffer)[k] = (two_int){v % 3, which * 100 + k};
  }
}

/* Equal as values of `type` (a pair type's padding is not compared). */
static int same(const unsigned char *a, const unsigned char *b, MPI_Datatype type) {
  if (type == MPI_DOUBLE_INT) {
    for (int k = 0; k < count; ++k) {
      const double_int x = ((const double_int *)a)[k], y = ((const double_int *)b)[k];
      if (memcmp(&x.v, &y.v, sizeof x.v) != 0 || x.i != y.i) return 0;
    }
    return 1;
  }
  int size = 0;
  MPI_Type_size(type, &size);
  return memcmp(a, b, (size_t)count * (size_t)size) == 0;
}

/* The five forms; `left`/`right` name X (0), Y (1) or A (2). */
typedef struct { const char *name; int left, right; } form;
static const form forms[] = {{"A = X op Y", 0, 1}, {"A = A op Y", 2, 1}, {"A = X op A", 0, 2},
                             {"A = X op X", 0, 0}, {"A = A op A", 2, 2}};

/* Runs one form; returns whether the native path took it. */
static int check_form(const pair *p, const form *f, int rank, int expect_native) {
  static unsigned char x[count * max_extent], y[count * max_extent], a[count * max_extent];
  static unsigned char want[count * max_extent], left[count * max_extent];
  fill(x, p->type, rank, 0), fill(y, p->type, rank, 1), fill(a, p->type, rank, 2);
  /* want := L op R by the MPI library: want := R, then want := L op want. */
  const unsigned char *operands[] = {x, y, a};
  memcpy(left, operands[f->left], sizeof left);
  memcpy(want, operands[f->right], sizeof want);
  REDSEM_CHECK(MPI_Reduce_local(left, want, count, p->type, p->op) == MPI_SUCCESS, "%s: MPI_Reduce_local", p->name);
  const long before = MPIX_Reduce_locals_native_calls();
  const void *in = f->left == 2 ? MPI_IN_PLACE : operands[f->left];
  const void *arg = f->right == 2 ? MPI_IN_PLACE : operands[f->right];
  const int rc = MPIX_Reduce_locals(in, arg, a, count, p->type, p->op);
  const long native = MPIX_Reduce_locals_native_calls() - before;
  REDSEM_CHECK(rc == MPI_SUCCESS, "%s, %s: rc %d", p->name, f->name, rc);
  REDSEM_CHECK(same(a, want, p->type), "%s, %s: differs from MPI_Reduce_local", p->name, f->name);
  REDSEM_CHECK(native == (expect_native ? 1 : 0), "%s, %s: %ld native calls, expected %d", p->name, f->name,
               native, expect_native);
  return native == 1;
}

static void int_max_user(void *in, void *inout, int *len, MPI_Datatype *type) {
  (void)type;
  for (int k = 0; k < *len; ++k)
    if (((int *)in)[k] > ((int *)inout)[k]) ((int *)inout)[k] = ((int *)in)[k];
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const pair natives[] = {
      {"MPI_SUM on MPI_INT", MPI_INT, MPI_SUM},         {"MPI_PROD on MPI_INT", MPI_INT, MPI_PROD},
      {"MPI_MAX on MPI_INT", MPI_INT, MPI_MAX},         {"MPI_MIN on MPI_INT", MPI_INT, MPI_MIN},
      {"MPI_LAND on MPI_INT", MPI_INT, MPI_LAND},       {"MPI_LOR on MPI_INT", MPI_INT, MPI_LOR},
      {"MPI_LXOR on MPI_INT", MPI_INT, MPI_LXOR},       {"MPI_BAND on MPI_INT", MPI_INT, MPI_BAND},
      {"MPI_BOR on MPI_INT", MPI_INT, MPI_BOR},         {"MPI_BXOR on MPI_INT", MPI_INT, MPI_BXOR},
      {"MPI_SUM on MPI_UNSIGNED_CHAR", MPI_UNSIGNED_CHAR, MPI_SUM},
      {"MPI_BAND on MPI_UNSIGNED_CHAR", MPI_UNSIGNED_CHAR, MPI_BAND},
      {"MPI_SUM on MPI_LONG_LONG", MPI_LONG_LONG, MPI_SUM},
      {"MPI_MAX on MPI_LONG_LONG", MPI_LONG_LONG, MPI_MAX},
      {"MPI_SUM on MPI_FLOAT", MPI_FLOAT, MPI_SUM},     {"MPI_PROD on MPI_FLOAT", MPI_FLOAT, MPI_PROD},
      {"MPI_MAX on MPI_FLOAT", MPI_FLOAT, MPI_MAX},     {"MPI_SUM on MPI_DOUBLE", MPI_DOUBLE, MPI_SUM},
      {"MPI_MIN on MPI_DOUBLE", MPI_DOUBLE, MPI_MIN},   {"MPI_PROD on MPI_DOUBLE", MPI_DOUBLE, MPI_PROD},
      {"MPI_MAXLOC on MPI_DOUBLE_INT", MPI_DOUBLE_INT, MPI_MAXLOC},
      {"MPI_MINLOC on MPI_DOUBLE_INT", MPI_DOUBLE_INT, MPI_MINLOC},
      {"MPI_MAXLOC on MPI_2INT", MPI_2INT, MPI_MAXLOC}, {"MPI_MINLOC on MPI_2INT", MPI_2INT, MPI_MINLOC},
  };
  for (size_t i = 0; i < sizeof natives / sizeof natives[0]; ++i)
    for (size_t j = 0; j < sizeof forms / sizeof forms[0]; ++j) check_form(&natives[i], &forms[j], rank, 1);

  /* Not native: a user op. */
  MPI_Op user;
  MPI_Op_create(int_max_user, 1, &user);
  const pair others[] = {{"a user op on MPI_INT", MPI_INT, user}};
  for (size_t j = 0; j < sizeof forms / sizeof forms[0]; ++j) check_form(&others[0], &forms[j], rank, 0);
  MPI_Op_free(&user);
  /* Signed overflow: whichever path takes it (redsem's kernels refuse it under their default
   * policy and leave it to MPI), the result is the MPI library's. */
  int big[count], a[count], want[count];
  for (int k = 0; k < count; ++k) big[k] = INT_MAX - k, a[k] = want[k] = k + 1 + rank;
  MPI_Reduce_local(big, want, count, MPI_INT, MPI_SUM);
  REDSEM_CHECK(MPIX_Reduce_locals(big, MPI_IN_PLACE, a, count, MPI_INT, MPI_SUM) == MPI_SUCCESS, "overflow");
  REDSEM_CHECK(memcmp(a, want, sizeof a) == 0, "signed overflow: differs from MPI_Reduce_local");
  const int rc = check_finish("native_seam_check");
  MPI_Finalize();
  return rc;
}
