/* SPDX-License-Identifier: BSD-3-Clause */
/* The 0-based index of a call among the calls of its kind (call name) on one communicator:
 * every rank of the communicator makes the same calls in the same order (MPI-4.1 §7.12), so
 * each rank computes the same index and takes the same sampling decision (rc_sampled). */
#ifndef REDSEM_CHECK_COMM_CALLS_H
#define REDSEM_CHECK_COMM_CALLS_H

#include <mpi.h>

/* `call` is a string literal (the same pointer on every call of that kind). */
unsigned long rc_comm_call_index(MPI_Comm comm, const char *call);

#endif
