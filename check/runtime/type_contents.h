/* SPDX-License-Identifier: BSD-3-Clause */
/* A derived datatype's constructor as MPI gives it back (MPI_Type_get_envelope and
 * MPI_Type_get_contents, MPI-4.1 §5.1.13): the one reading of it that the RMA records (which
 * write the constructor out) and the user-op law check (which looks for one leaf type) share. */
#ifndef REDSEM_CHECK_TYPE_CONTENTS_H
#define REDSEM_CHECK_TYPE_CONTENTS_H

#include <mpi.h>

/* How deep constructors may nest, and how many integers, addresses or datatypes one may hold,
 * before a type is more than the check reads back (a bound, so the walk needs no allocation). */
#define RC_MAX_TYPE_DEPTH 8
#define RC_MAX_CONTENTS 64

struct rc_type_contents {
  int combiner; /* MPI_COMBINER_NAMED: a predefined type, and nothing below is filled */
  int ni, na, nd;
  int ints[RC_MAX_CONTENTS];
  MPI_Aint addrs[RC_MAX_CONTENTS];
  MPI_Datatype types[RC_MAX_CONTENTS];
};

/* Reads the constructor of `type`, found `depth` constructors down from the type the caller was
 * given; 0, or -1 when it is deeper than RC_MAX_TYPE_DEPTH, holds more than RC_MAX_CONTENTS of
 * anything, or MPI refuses. After 0 with a derived combiner, rc_type_contents_release. */
int rc_type_contents_read(MPI_Datatype type, int depth, struct rc_type_contents *c);

/* Whether a datatype was made by a type constructor (0 for a named one and MPI_DATATYPE_NULL,
 * which is never queried). */
int rc_type_is_derived(MPI_Datatype type);

/* Frees the inner datatypes get_contents handed out; named ones are not the caller's to free. */
void rc_type_contents_release(struct rc_type_contents *c);

#endif
