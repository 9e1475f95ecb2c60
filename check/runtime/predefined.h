/* SPDX-License-Identifier: BSD-3-Clause */
/* The predefined ops and datatypes as redsem's model knows them (generated validity_data.h):
 * which handle is which, their names, whether an op is defined for a type, and how an element's
 * bytes read as values. */
#ifndef REDSEM_CHECK_PREDEFINED_H
#define REDSEM_CHECK_PREDEFINED_H

#include <mpi.h>
#include <stddef.h>

#include "record.h"

/* Index of a predefined datatype or op in the model's tables; -1 when it is not one. */
int rc_predefined_type(MPI_Datatype type);
int rc_predefined_op(MPI_Op op);
const char *rc_type_name(int type_index);
const char *rc_op_name(int op_index);

/* The model's verdict on a reduction with this op and type: 'v' valid, 'r' valid only in RMA
 * accumulates, 'e' erroneous. */
char rc_cell_verdict(int type_index, int op_index);
/* The rule a refused cell breaks: its identifier, MPI-4.1 section and text. */
void rc_cell_rule(int type_index, int op_index, const char **name, const char **section, const char **text);

/* The model's rule that a predefined op takes only the predefined datatypes listed for it. */
void rc_derived_type_rule(const char **name, const char **section, const char **text);

/* Bytes of one element of a predefined type (its extent, padding included). */
size_t rc_type_size(int type_index);
/* Writes the element's value as text (`key`: "3.5", "(2, 7)", …): only its value bytes are read. */
void rc_decode_element(rc_line *l, const char *key, int type_index, const void *element);
/* Whether two elements hold the same values (value bytes only: padding is ignored). */
int rc_same_element(int type_index, const void *a, const void *b);
/* The one predefined datatype every basic element of `type` has (a derived datatype built from
 * one single-value type, e.g. contiguous(4, MPI_DOUBLE)), as its index; -1 when there is none,
 * the leaves are of several types or pairs, or the type is deeper than can be read back. */
int rc_homogeneous_type(MPI_Datatype type);
/* Bytes of one value of a single-value predefined type as MPI_Pack writes it; 0 for a pair type. */
size_t rc_packed_value_size(int type_index);
/* Folds an element's value bytes into an FNV-1a hash. */
unsigned long long rc_hash_element(unsigned long long hash, int type_index, const void *element);

#endif
