/* SPDX-License-Identifier: BSD-3-Clause */
/* What comm rank 0 concludes from the blocks a sampled reduction gathered
 * (reduction_sample.c): IN_PLACE used by some ranks only, Allreduce results that differ between
 * ranks, and the `reduction` record of a predefined op on a predefined type. */
#ifndef REDSEM_CHECK_REDUCTION_REPORT_H
#define REDSEM_CHECK_REDUCTION_REPORT_H

#include <stdint.h>

#include "reduction.h"

/* Leading elements gathered per contribution (docs/check_records.md, `reduction`). */
#define RC_SAMPLE_ELEMENTS 64
#define RC_BLOCK_DATA 8160

/* One rank's part of a gather, the same size on every rank. */
struct rc_block {
  int32_t valid;    /* data holds `elements` elements of this rank's buffer */
  int32_t in_place; /* the rank passed MPI_IN_PLACE as sendbuf */
  int32_t elements;
  int32_t unused;
  uint64_t hash; /* Allreduce: the rank's whole result */
  uint64_t pad;
  unsigned char data[RC_BLOCK_DATA];
};

void rc_check_in_place_agreement(const struct rc_reduction *r, const struct rc_sample *s,
                                 const struct rc_block *inputs);
void rc_check_allreduce_agreement(const struct rc_reduction *r, const struct rc_sample *s,
                                  const struct rc_block *results);
void rc_write_reduction_record(const struct rc_reduction *r, const struct rc_sample *s, const struct rc_block *inputs,
                               const struct rc_block *result, int result_rank);

#endif
