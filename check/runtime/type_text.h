/* SPDX-License-Identifier: BSD-3-Clause */
/* A datatype handle as text: the one writer the RMA records and redsem-mpi-helper share. */
#ifndef REDSEM_CHECK_TYPE_TEXT_H
#define REDSEM_CHECK_TYPE_TEXT_H

#include <mpi.h>
#include <stddef.h>

/* The datatype's name (predefined) or its constructor expression in the form of the scenario
 * files (contiguous(n,T), vector(…), …); NULL when it cannot be described within `cap` bytes. */
const char *rc_type_text(MPI_Datatype type, char *out, size_t cap);

#endif
