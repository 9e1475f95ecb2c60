/* SPDX-License-Identifier: BSD-3-Clause */
/* User ops of the shapes real code has, for `redsem opcheck --kernel`: some break a law or
 * their contract with MPI, some are right. Each says what `opcheck` must find. */
#include "../buggy/kernel_abi.h"

/* Right: associative, not commutative (the lower rank's value unless it is zero). Created
 * commutative it is an error; created non-commutative it passes. */
REDSEM_KERNEL(first_nonzero_double) {
  REDSEM_UNUSED(datatype);
  const double* a = invec;
  double* b = inoutvec;
  for (int i = 0; i < *len; ++i)
    if (a[i] != 0) b[i] = a[i];
}

/* Ignores *len: always combines 8 elements, writing past a shorter inoutvec. */
REDSEM_KERNEL(sum_int_fixed_len) {
  REDSEM_UNUSED(datatype);
  REDSEM_UNUSED(len);
  const int* a = invec;
  int* b = inoutvec;
  for (int i = 0; i < 8; ++i) b[i] = (int)((unsigned)a[i] + (unsigned)b[i]);
}

/* Never advances per element: every step adds invec[0] into inoutvec[0]. */
REDSEM_KERNEL(sum_int_never_advances) {
  REDSEM_UNUSED(datatype);
  const int* a = invec;
  int* b = inoutvec;
  for (int i = 0; i < *len; ++i) *b = (int)((unsigned)*a + (unsigned)*b);
}

/* A compensated sum that assumes one call sees the whole buffer: the first half holds the
 * sums, the second half their compensations (Kahan), so a split moves them. */
REDSEM_KERNEL(kahan_sum_halves) {
  REDSEM_UNUSED(datatype);
  const double* a = invec;
  double* b = inoutvec;
  const int n = *len / 2;
  for (int i = 0; i < n; ++i) {
    const double s = b[i] + a[i];
    const double err = (b[i] - s) + a[i];
    b[n + i] = (b[n + i] + a[n + i]) + err;
    b[i] = s;
  }
}

/* MAX as `out = (out < in) ? in : out`: commutative except where the comparison cannot tell
 * the operands apart (NaN, ±0). Created commutative, as MPI_MAX-like ops are. */
REDSEM_KERNEL(max_double_ternary) {
  REDSEM_UNUSED(datatype);
  const double* a = invec;
  double* b = inoutvec;
  for (int i = 0; i < *len; ++i) b[i] = (b[i] < a[i]) ? a[i] : b[i];
}

/* Right: 2x2 integer matrices as contiguous(4, MPI_INT), row-major, product in rank order
 * (inoutvec = invec × inoutvec): associative (wrapping arithmetic), not commutative, identity
 * 1:0:0:1. */
REDSEM_KERNEL(matmul2x2_int) {
  REDSEM_UNUSED(datatype);
  const unsigned* a = invec;
  unsigned* b = inoutvec;
  for (int i = 0; i < *len; ++i, a += 4, b += 4) {
    const unsigned r0 = a[0] * b[0] + a[1] * b[2], r1 = a[0] * b[1] + a[1] * b[3];
    const unsigned r2 = a[2] * b[0] + a[3] * b[2], r3 = a[2] * b[1] + a[3] * b[3];
    b[0] = r0;
    b[1] = r1;
    b[2] = r2;
    b[3] = r3;
  }
}

/* Right: MPI_MINLOC on MPI_2INT, created commutative. */
struct two_int {
  int value, index;
};
REDSEM_KERNEL(minloc_2int_op) {
  REDSEM_UNUSED(datatype);
  const struct two_int* a = invec;
  struct two_int* b = inoutvec;
  for (int i = 0; i < *len; ++i) {
    if (a[i].value < b[i].value || (a[i].value == b[i].value && a[i].index < b[i].index)) b[i] = a[i];
  }
}

/* MINLOC on MPI_DOUBLE_INT written the usual way: on NaN or ±0 the "tie" branch keeps
 * inoutvec's value, so the result depends on the operand order there. */
struct double_int {
  double value;
  int index;
};
REDSEM_KERNEL(minloc_double_int_op) {
  REDSEM_UNUSED(datatype);
  const struct double_int* a = invec;
  struct double_int* b = inoutvec;
  for (int i = 0; i < *len; ++i) {
    if (a[i].value < b[i].value)
      b[i] = a[i];
    else if (!(b[i].value < a[i].value) && a[i].index < b[i].index)
      b[i].index = a[i].index;
  }
}

/* Commutative, not associative: the mean of two. */
REDSEM_KERNEL(mean_double) {
  REDSEM_UNUSED(datatype);
  const double* a = invec;
  double* b = inoutvec;
  for (int i = 0; i < *len; ++i) b[i] = (a[i] + b[i]) / 2;
}

/* Right: MPI_SUM on MPI_DOUBLE as users write it. Not associative, exactly as MPI's own
 * MPI_SUM on MPI_DOUBLE is not, which MPI allows (MPI-4.1 §7.9.1): a warning, not an error. */
REDSEM_KERNEL(sum_double) {
  REDSEM_UNUSED(datatype);
  const double* a = invec;
  double* b = inoutvec;
  for (int i = 0; i < *len; ++i) b[i] = a[i] + b[i];
}

/* Right result, but it scribbles on invec (uses it as scratch). */
REDSEM_KERNEL(sum_int_scratch_invec) {
  REDSEM_UNUSED(datatype);
  int* a = invec;
  int* b = inoutvec;
  for (int i = 0; i < *len; ++i) {
    b[i] = (int)((unsigned)a[i] + (unsigned)b[i]);
    a[i] = 0;
  }
}

/* Right on almost every input, but it aborts when its invec holds 200 and its inoutvec 100: a
 * pair the contract check's buffers (special, small and random values) do not hold, reached
 * only inside a search: the law search's (a∘b)∘c with a = b = c = 100, or given values. */
void abort(void);
REDSEM_KERNEL(sum_int_aborts_on_200_and_100) {
  REDSEM_UNUSED(datatype);
  const int* a = invec;
  int* b = inoutvec;
  for (int i = 0; i < *len; ++i) {
    if (a[i] == 200 && b[i] == 100) abort();
    b[i] = (int)((unsigned)a[i] + (unsigned)b[i]);
  }
}

/* State kept across calls (a counter of calls, added in): the same inputs give a different
 * result on every call. The counter lives in a shared mapping made when the library loads, so
 * that it also counts the calls redsem makes in child processes. */
#include <sys/mman.h>
static int* calls_seen;
__attribute__((constructor)) static void map_call_counter(void) {
  void* p = mmap(0, sizeof(int), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  calls_seen = p == MAP_FAILED ? 0 : (int*)p;
}
REDSEM_KERNEL(sum_int_adds_its_call_count) {
  REDSEM_UNUSED(datatype);
  const int* a = invec;
  int* b = inoutvec;
  const int n = calls_seen ? (*calls_seen)++ : 0;
  for (int i = 0; i < *len; ++i) b[i] = (int)((unsigned)a[i] + (unsigned)b[i] + (unsigned)n);
}
