/* SPDX-License-Identifier: BSD-3-Clause */
/* redsem's C API from C: MPI_Reduce_local and the proposed MPI_Reduce_locals on native
 * kernels, a MAXLOC on value-index pairs, a user-defined op with the MPI_User_function ABI,
 * and an erroneous call refused without writing. Exits nonzero if any result is wrong. */
#include <redsem/reduce.h>
#include <stdio.h>

static int failures = 0;

static void expect(int ok, const char* what) {
  printf("%s %s\n", ok ? "ok  " : "FAIL", what);
  if (!ok) ++failures;
}

/* a op b = 10a + b: not commutative, so the result shows the operand order. */
static void digits(void* invec, void* inoutvec, int* len, redsem_datatype* type) {
  const int* a = (const int*)invec;
  int* b = (int*)inoutvec;
  (void)type;
  for (int k = 0; k < *len; ++k) b[k] = 10 * a[k] + b[k];
}

int main(void) {
  double x[5] = {1, 2, 3, 4, 5}, a[5] = {10, 20, 30, 40, 50};
  expect(redsem_reduce_local(x, a, 5, REDSEM_DOUBLE, REDSEM_SUM) == REDSEM_SUCCESS && a[4] == 55,
         "MPI_SUM on MPI_DOUBLE: a = x + a");

  struct { double value; int index; } p[3] = {{1.0, 0}, {7.0, 1}, {3.0, 2}}, q[3] = {{2.0, 5}, {7.0, 0}, {1.0, 9}};
  expect(redsem_reduce_local(p, q, 3, REDSEM_DOUBLE_INT, REDSEM_MAXLOC) == REDSEM_SUCCESS && q[0].index == 5 &&
             q[1].index == 0 && q[2].value == 3.0 && q[2].index == 2,
         "MPI_MAXLOC on MPI_DOUBLE_INT: ties keep the smaller index");

  int u[2] = {1, 2}, v[2] = {3, 4}, out[2] = {0, 0};
  expect(redsem_reduce_locals(u, v, out, 2, REDSEM_INT, REDSEM_PROD) == REDSEM_SUCCESS && out[0] == 3 && out[1] == 8,
         "MPI_Reduce_locals(u, v, out): out = u * v, three operands");

  redsem_op op = REDSEM_OP_NULL;
  expect(redsem_op_create(digits, 0, &op) == REDSEM_SUCCESS, "redsem_op_create");
  expect(redsem_reduce_locals(REDSEM_IN_PLACE, v, u, 2, REDSEM_INT, op) == REDSEM_SUCCESS && u[0] == 13 && u[1] == 24,
         "MPI_Reduce_locals(IN_PLACE, v, u) with a user op: u = u op v");
  expect(redsem_op_free(&op) == REDSEM_SUCCESS && op == REDSEM_OP_NULL, "redsem_op_free");

  int err = redsem_reduce_local(v, v, 2, REDSEM_INT, REDSEM_SUM);
  printf("     refused: %s\n", redsem_error_string(err));
  expect(err == REDSEM_ERR_INOUT_ALIASES_INPUT && v[0] == 3 && v[1] == 4, "aliased buffers refused, nothing written");
  expect(redsem_reduce_local(x, a, 5, REDSEM_DOUBLE, REDSEM_BAND) == REDSEM_ERR_OP_NOT_FOR_TYPE,
         "MPI_BAND on MPI_DOUBLE refused");
  return failures == 0 ? 0 : 1;
}
