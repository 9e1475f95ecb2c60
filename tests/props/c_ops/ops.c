// SPDX-License-Identifier: BSD-3-Clause
// The shapes of real MPI_User_functions, for `redsem opcheck --source` (tests/props/c_ops.cmake):
// each function's expected verdicts are in c_ops.cmake.
#include <math.h>
#include <mpi.h>
#include <stdint.h>

// SUM on MPI_INT and MAX on MPI_DOUBLE, dispatching on the predefined handle.
void sum_or_max(void *in, void *inout, int *len, MPI_Datatype *dt) {
  if (*dt == MPI_INT) {
    int *a = in, *b = inout;
    for (int i = 0; i < *len; i++) b[i] += a[i];
  } else if (*dt == MPI_DOUBLE) {
    double *a = in, *b = inout;
    for (int i = 0; i < *len; i++) b[i] = fmax(a[i], b[i]);
  }
}

// A max-and-sum pair (a struct type made at start-up).
typedef struct { int32_t max; int32_t sum; } max_sum;
void max_and_sum(void *in, void *inout, int *len, MPI_Datatype *dt) {
  max_sum *a = in, *b = inout;
  (void)dt;
  for (int i = 0; i < *len; i++) {
    if (a[i].max > b[i].max) b[i].max = a[i].max;
    b[i].sum += a[i].sum;
  }
}

// Registered commutative, but a difference is not.
void difference(void *in, void *inout, int *len, MPI_Datatype *dt) {
  int *a = in, *b = inout;
  (void)dt;
  for (int i = 0; i < *len; i++) b[i] = a[i] - b[i];
}

// MAX as the MPI libraries write it: with a NaN the result depends on the operands' order.
void nan_max(void *in, void *inout, int *len, MPI_Datatype *dt) {
  double *a = in, *b = inout;
  (void)dt;
  for (int i = 0; i < *len; i++) b[i] = (b[i] < a[i]) ? a[i] : b[i];
}

// MINLOC with MPI's tie rule (the smaller index), and with a tie rule that keeps inoutvec's.
typedef struct { double v; int i; } double_int;
void minloc(void *in, void *inout, int *len, MPI_Datatype *dt) {
  double_int *a = in, *b = inout;
  (void)dt;
  for (int k = 0; k < *len; k++) {
    if (a[k].v < b[k].v) b[k] = a[k];
    else if (a[k].v == b[k].v && a[k].i < b[k].i) b[k].i = a[k].i;
  }
}
void minloc_keep(void *in, void *inout, int *len, MPI_Datatype *dt) {
  double_int *a = in, *b = inout;
  (void)dt;
  for (int k = 0; k < *len; k++)
    if (a[k].v < b[k].v) b[k] = a[k];
}

// A 2x2 matrix product: associative, not commutative.
typedef struct { uint32_t m[4]; } mat2;
void matmul(void *in, void *inout, int *len, MPI_Datatype *dt) {
  mat2 *a = in, *b = inout;
  (void)dt;
  for (int i = 0; i < *len; i++) {
    mat2 r;
    r.m[0] = a[i].m[0] * b[i].m[0] + a[i].m[1] * b[i].m[2];
    r.m[1] = a[i].m[0] * b[i].m[1] + a[i].m[1] * b[i].m[3];
    r.m[2] = a[i].m[2] * b[i].m[0] + a[i].m[3] * b[i].m[2];
    r.m[3] = a[i].m[2] * b[i].m[1] + a[i].m[3] * b[i].m[3];
    b[i] = r;
  }
}
typedef struct { uint8_t m[4]; } mat2_u8;
void matmul_u8(void *in, void *inout, int *len, MPI_Datatype *dt) {
  mat2_u8 *a = in, *b = inout;
  (void)dt;
  for (int i = 0; i < *len; i++) {
    mat2_u8 r;
    r.m[0] = a[i].m[0] * b[i].m[0] + a[i].m[1] * b[i].m[2];
    r.m[1] = a[i].m[0] * b[i].m[1] + a[i].m[1] * b[i].m[3];
    r.m[2] = a[i].m[2] * b[i].m[0] + a[i].m[3] * b[i].m[2];
    r.m[3] = a[i].m[2] * b[i].m[1] + a[i].m[3] * b[i].m[3];
    b[i] = r;
  }
}

// A saturating int16 add: commutative, not associative (100 + 32767 - 100).
void sat_add(void *in, void *inout, int *len, MPI_Datatype *dt) {
  int16_t *a = in, *b = inout;
  (void)dt;
  for (int i = 0; i < *len; i++) {
    int s = a[i] + b[i];
    b[i] = s > 32767 ? 32767 : s < -32768 ? -32768 : s;
  }
}

// A bitwise op: XOR of unsigned ints, with identity 0.
void bit_xor(void *in, void *inout, int *len, MPI_Datatype *dt) {
  unsigned *a = in, *b = inout;
  (void)dt;
  for (int i = 0; i < *len; i++) b[i] ^= a[i];
}

// A carry across elements: each call on one element is a SUM, a call on many is not.
void carry_sum(void *in, void *inout, int *len, MPI_Datatype *dt) {
  int *a = in, *b = inout;
  int carry = 0;
  (void)dt;
  for (int i = 0; i < *len; i++) {
    b[i] = a[i] + b[i] + carry;
    carry = b[i] & 1;
  }
}

// A float sum compiled with -ffast-math: modelled as compiled, with the note.
void fsum(void *in, void *inout, int *len, MPI_Datatype *dt) {
  double *a = in, *b = inout;
  (void)dt;
  for (int i = 0; i < *len; i++) b[i] += a[i];
}

// Sums as users write them, on MPI_FLOAT and MPI_DOUBLE: for every input they are MPI's own
// MPI_SUM, so they fail associativity only as MPI_SUM does (a warning, MPI-4.1 §7.9.1).
void float_sum(void *in, void *inout, int *len, MPI_Datatype *dt) {
  float *a = in, *b = inout;
  (void)dt;
  for (int i = 0; i < *len; i++) b[i] = a[i] + b[i];
}
void double_sum(void *in, void *inout, int *len, MPI_Datatype *dt) {
  double *a = in, *b = inout;
  (void)dt;
  for (int i = 0; i < *len; i++) b[i] = b[i] + a[i];
}

// A float sum with a twist: 0 * a is NaN for an infinite a, so this is no MPI_SUM (an error).
void float_sum_twist(void *in, void *inout, int *len, MPI_Datatype *dt) {
  float *a = in, *b = inout;
  (void)dt;
  for (int i = 0; i < *len; i++) b[i] = a[i] + b[i] + 0.0f * a[i];
}

// A logical AND on MPI_C_BOOL (a C bool holds 0 or 1), with identity 1.
void bool_and(void *in, void *inout, int *len, MPI_Datatype *dt) {
  _Bool *a = in, *b = inout;
  (void)dt;
  for (int i = 0; i < *len; i++) b[i] = a[i] && b[i];
}

// A SUM through a helper the compiler keeps out of line (a fastcc call).
__attribute__((noinline)) static int add_two(int x, int y) { return (int)((unsigned)x + (unsigned)y); }
void helper_sum(void *in, void *inout, int *len, MPI_Datatype *dt) {
  int *a = in, *b = inout;
  (void)dt;
  for (int i = 0; i < *len; i++) b[i] = add_two(a[i], b[i]);
}

// A complex product (clang contracts it into llvm.fmuladd): commutative, and in floats not
// associative.
typedef struct { double re, im; } complex_double;
void complex_prod(void *in, void *inout, int *len, MPI_Datatype *dt) {
  complex_double *a = in, *b = inout;
  (void)dt;
  for (int i = 0; i < *len; i++) {
    complex_double r = {a[i].re * b[i].re - a[i].im * b[i].im, a[i].re * b[i].im + a[i].im * b[i].re};
    b[i] = r;
  }
}

// A bytewise OR over MPI_Type_size's bytes (the size written through a local variable's address).
void bytes_or(void *in, void *inout, int *len, MPI_Datatype *dt) {
  int size;
  unsigned char *a = in, *b = inout;
  MPI_Type_size(*dt, &size);
  for (int i = 0; i < *len * size; i++) b[i] |= a[i];
}
