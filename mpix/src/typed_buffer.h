/* SPDX-License-Identifier: BSD-3-Clause */
/* The bytes a buffer of `count` elements of an MPI datatype covers, typed copies between two
 * such buffers, and temporaries with the same layout. */
#ifndef REDSEM_MPIX_TYPED_BUFFER_H
#define REDSEM_MPIX_TYPED_BUFFER_H

#include <mpi.h>
#include <stddef.h>

typedef struct {
  MPI_Aint first; /* offset of the first byte touched, from the buffer pointer */
  MPI_Aint bytes; /* length of the span from there that the type map may touch */
  int contiguous; /* the elements' bytes are exactly that span, with no holes */
} redsem_mpix_layout;

int redsem_mpix_layout_of(MPI_Datatype datatype, int count, redsem_mpix_layout *layout);

/* Whether the spans of two buffers with this layout share a byte. */
int redsem_mpix_spans_overlap(const void *a, const void *b, const redsem_mpix_layout *layout);

/* Whether the bytes that the type maps of buffers a and b (count elements of datatype each)
 * touch intersect: interleaved buffers of a type with holes do not overlap. Sets *overlap. */
int redsem_mpix_type_maps_overlap(const void *a, const void *b, int count, MPI_Datatype datatype,
                                  const redsem_mpix_layout *layout, int *overlap);

/* to := from, for count elements of datatype (from and to do not overlap). */
int redsem_mpix_typed_copy(const void *from, void *to, int count, MPI_Datatype datatype,
                           const redsem_mpix_layout *layout);

/* A temporary for count elements: *buffer is the pointer to pass to MPI, *allocation the one
 * to free. Counted in MPIX_Reduce_locals_temporaries. */
int redsem_mpix_temporary(const redsem_mpix_layout *layout, void **buffer, void **allocation);

#endif
