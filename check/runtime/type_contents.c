/* SPDX-License-Identifier: BSD-3-Clause */
#include "type_contents.h"

int rc_type_is_derived(MPI_Datatype type) {
  int ni, na, nd, combiner;
  return type != MPI_DATATYPE_NULL && PMPI_Type_get_envelope(type, &ni, &na, &nd, &combiner) == MPI_SUCCESS &&
         combiner != MPI_COMBINER_NAMED;
}

int rc_type_contents_read(MPI_Datatype type, int depth, struct rc_type_contents *c) {
  if (depth > RC_MAX_TYPE_DEPTH || type == MPI_DATATYPE_NULL ||
      PMPI_Type_get_envelope(type, &c->ni, &c->na, &c->nd, &c->combiner) != MPI_SUCCESS)
    return -1;
  if (c->combiner == MPI_COMBINER_NAMED) return 0;
  if (c->ni > RC_MAX_CONTENTS || c->na > RC_MAX_CONTENTS || c->nd > RC_MAX_CONTENTS ||
      PMPI_Type_get_contents(type, c->ni, c->na, c->nd, c->ints, c->addrs, c->types) != MPI_SUCCESS)
    return -1;
  return 0;
}

void rc_type_contents_release(struct rc_type_contents *c) {
  for (int i = 0; i < c->nd; ++i)
    if (rc_type_is_derived(c->types[i])) PMPI_Type_free(&c->types[i]);
}
