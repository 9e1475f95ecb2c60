/* SPDX-License-Identifier: BSD-3-Clause */
/* The fake MPI library's ops (fake_mpi_helper.c says which is right, which a policy choice and
 * which wrong). */
#ifndef REDSEM_TESTS_FUZZ_FAKE_MPI_OPS_H
#define REDSEM_TESTS_FUZZ_FAKE_MPI_OPS_H

#include <complex.h>
#include <limits.h>

/* Wraps in a fake scalar tail, saturates in a fake vector body (count >= 8). */
static void fake_sum_int(const int* in, int* inout, long long count) {
  for (long long i = 0; i < count; ++i) {
    const long long s = (long long)in[i] + inout[i];
    inout[i] = count >= 8 ? (s > INT_MAX ? INT_MAX : s < INT_MIN ? INT_MIN : (int)s)
                          : (int)(unsigned)((unsigned)in[i] + (unsigned)inout[i]);
  }
}

/* C's complex `*`: Annex G's recovery of infinities (GCC calls __muldc3 when both parts are NaN). */
static void fake_prod_c99(const double complex* in, double complex* inout, long long count) {
  for (long long i = 0; i < count; ++i) inout[i] = inout[i] * in[i];
}

/* in · conj(inout): right only when inout is real. */
static void fake_prod_conjugate(const float complex* in, float complex* inout, long long count) {
  for (long long i = 0; i < count; ++i) inout[i] = in[i] * conjf(inout[i]);
}

struct fake_double_int {
  double value;
  int index;
};
struct fake_float_int {
  float value;
  int index;
};

/* MINLOC (dir −1) or MAXLOC (dir 1) as Open MPI and MPICH write it: inoutbuf's operand stays
 * unless inbuf's is strictly better, so a NaN or a ±0 tie keeps inoutbuf's value. */
static void fake_loc_double_int(const struct fake_double_int* in, struct fake_double_int* io, long long count,
                                int dir) {
  for (long long i = 0; i < count; ++i) {
    const int better = dir > 0 ? in[i].value > io[i].value : in[i].value < io[i].value;
    if (better) io[i] = in[i];
    else if (in[i].value == io[i].value && in[i].index < io[i].index) io[i].index = in[i].index;
  }
}

/* MINLOC keeping inoutbuf's value on a tie in a fake vector body, inbuf's in the tail. */
static void fake_minloc_float_int_by_position(const struct fake_float_int* in, struct fake_float_int* io,
                                              long long count) {
  const long long body = count / 8 * 8;
  for (long long i = 0; i < count; ++i) {
    const int min_index = in[i].index < io[i].index ? in[i].index : io[i].index;
    if (in[i].value < io[i].value) io[i] = in[i];
    else if (in[i].value == io[i].value) io[i] = (struct fake_float_int){i < body ? io[i].value : in[i].value, min_index};
  }
}

#endif
