/* SPDX-License-Identifier: BSD-3-Clause */
/* The names of the persistent collectives (MPI-4.1 §7.13): MPI-4's own, or on Open MPI 4.1 its
 * pcollreq extension's, with MPIX_ names (it predates MPI-4). RC_PERSISTENT is left undefined
 * when the library has neither. */
#ifndef REDSEM_CHECK_PERSISTENT_NAMES_H
#define REDSEM_CHECK_PERSISTENT_NAMES_H

#include <mpi.h>

#include "redsem_mpi_features.h"

#if REDSEM_HAVE_PERSISTENT == 2
#define RC_PERSISTENT(name) MPI_##name##_init
#define RC_PMPI_PERSISTENT(name) PMPI_##name##_init
#define RC_PERSISTENT_NAME(name) "MPI_" #name "_init"
#elif REDSEM_HAVE_PERSISTENT == 1
#include <mpi-ext.h>
#define RC_PERSISTENT(name) MPIX_##name##_init
#define RC_PMPI_PERSISTENT(name) PMPIX_##name##_init
#define RC_PERSISTENT_NAME(name) "MPIX_" #name "_init"
#endif

#endif
