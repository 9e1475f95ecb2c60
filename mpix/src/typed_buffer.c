/* SPDX-License-Identifier: BSD-3-Clause */
#include "typed_buffer.h"

#include <stdlib.h>
#include <string.h>

#include "redsem_mpix.h"

static long temporaries_allocated = 0;

long MPIX_Reduce_locals_temporaries(void) { return temporaries_allocated; }

int redsem_mpix_layout_of(MPI_Datatype datatype, int count, redsem_mpix_layout *layout) {
  MPI_Aint lb = 0, extent = 0, true_lb = 0, true_extent = 0;
  int size = 0;
  int rc = MPI_Type_get_extent(datatype, &lb, &extent);
  if (rc == MPI_SUCCESS) rc = MPI_Type_get_true_extent(datatype, &true_lb, &true_extent);
  if (rc == MPI_SUCCESS) rc = MPI_Type_size(datatype, &size);
  if (rc != MPI_SUCCESS) return rc;
  layout->first = 0;
  layout->bytes = 0;
  layout->contiguous = 1;
  if (count == 0 || size == 0) return MPI_SUCCESS;
  const MPI_Aint stride_span = (MPI_Aint)(count - 1) * extent;
  layout->first = true_lb + (stride_span < 0 ? stride_span : 0);
  layout->bytes = true_extent + (stride_span < 0 ? -stride_span : stride_span);
  layout->contiguous = (MPI_Aint)size == true_extent && extent == true_extent;
  return MPI_SUCCESS;
}

int redsem_mpix_spans_overlap(const void *a, const void *b, const redsem_mpix_layout *layout) {
  if (layout->bytes == 0) return 0;
  /* Compare as integers: the two pointers need not point into the same object. */
  const MPI_Aint a_first = MPI_Aint_add((MPI_Aint)(size_t)a, layout->first);
  const MPI_Aint b_first = MPI_Aint_add((MPI_Aint)(size_t)b, layout->first);
  return a_first < b_first + layout->bytes && b_first < a_first + layout->bytes;
}

/* Marks a's bytes in a zeroed scratch image of both spans by copying 0xFF bytes through the type
 * map at a's place, then reads the image back through the type map at b's place: a marked byte
 * read means a shared byte. MPI does the walking, so any datatype works. */
int redsem_mpix_type_maps_overlap(const void *a, const void *b, int count, MPI_Datatype datatype,
                                  const redsem_mpix_layout *layout, int *overlap) {
  *overlap = redsem_mpix_spans_overlap(a, b, layout);
  if (!*overlap || layout->contiguous) return MPI_SUCCESS;
  const MPI_Aint shift = (MPI_Aint)((size_t)b - (size_t)a);
  const MPI_Aint lowest = shift < 0 ? shift : 0; /* the image starts at a + first + lowest */
  const size_t bytes = (size_t)(layout->bytes + (shift < 0 ? -shift : shift));
  unsigned char *image = calloc(bytes, 1), *probe = malloc(bytes);
  int rc = image != NULL && probe != NULL ? MPI_SUCCESS : MPI_ERR_NO_MEM;
  if (rc == MPI_SUCCESS) {
    memset(probe, 0xFF, bytes);
    char *a_in_image = (char *)image - layout->first - lowest;
    char *a_in_probe = (char *)probe - layout->first - lowest;
    rc = MPI_Sendrecv(a_in_probe, count, datatype, 0, 0, a_in_image, count, datatype, 0, 0,
                      MPI_COMM_SELF, MPI_STATUS_IGNORE);
    memset(probe, 0, bytes);
    if (rc == MPI_SUCCESS)
      rc = MPI_Sendrecv(a_in_image + shift, count, datatype, 0, 0, a_in_probe + shift, count,
                        datatype, 0, 0, MPI_COMM_SELF, MPI_STATUS_IGNORE);
    *overlap = 0;
    for (size_t i = 0; rc == MPI_SUCCESS && i < bytes && !*overlap; ++i) *overlap = probe[i] != 0;
  }
  free(image);
  free(probe);
  return rc;
}

int redsem_mpix_typed_copy(const void *from, void *to, int count, MPI_Datatype datatype,
                           const redsem_mpix_layout *layout) {
  if (layout->bytes == 0) return MPI_SUCCESS;
  if (layout->contiguous) {
    memcpy((char *)to + layout->first, (const char *)from + layout->first, (size_t)layout->bytes);
    return MPI_SUCCESS;
  }
  /* Holes in the type map: let MPI move exactly the typed elements, leaving holes untouched. */
  return MPI_Sendrecv(from, count, datatype, 0, 0, to, count, datatype, 0, 0, MPI_COMM_SELF,
                      MPI_STATUS_IGNORE);
}

int redsem_mpix_temporary(const redsem_mpix_layout *layout, void **buffer, void **allocation) {
  *allocation = malloc(layout->bytes > 0 ? (size_t)layout->bytes : 1);
  if (*allocation == NULL) return MPI_ERR_NO_MEM;
  ++temporaries_allocated;
  *buffer = (char *)*allocation - layout->first;
  return MPI_SUCCESS;
}
