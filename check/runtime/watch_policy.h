/* SPDX-License-Identifier: BSD-3-Clause */
/* When memory the program gave to MPI_Win_create can be watched (docs/design.md, "Watching local
 * accesses", "Memory given to MPI_Win_create"). Other ranks' puts, gets and accumulates into it
 * must reach it through this process's own user-space code (the MPI library's active-message
 * handlers, which the fault handler steps past), never through a kernel copy (CMA:
 * process_vm_readv/writev, which a page protection makes fail with EFAULT in whichever process
 * makes it) or a network card. Which path a library takes depends on the library, its settings
 * and whether all ranks share one node; the configurations the check knows to be safe are:
 *   - Open MPI 4.1 with its kernel copies turned off for the run (the check's policy: it sets
 *     OMPI_MCA_btl_vader_single_copy_mechanism=none and OMPI_MCA_osc=^ucx before MPI_Init when
 *     the user set neither, so that the window is served by osc pt2pt over copy-in/copy-out
 *     shared memory; the settings are written in the `start` line);
 *   - MPICH 4.0 with the ch4:ucx device and UCX's default transports (it sends RMA to such
 *     memory as active messages copied by the target's handler);
 * each with every rank of MPI_COMM_WORLD on this node. Anything else is refused with the reason. */
#ifndef REDSEM_CHECK_WATCH_POLICY_H
#define REDSEM_CHECK_WATCH_POLICY_H

#include "record.h"

/* Before PMPI_Init(_thread), `required` the thread level asked for (MPI_THREAD_SINGLE for
 * MPI_Init): applies the policy when the check records and watches (REDSEM_CHECK_DIR set,
 * REDSEM_CHECK_WATCH not 0), except where it would break the program: Open MPI 4.1's osc pt2pt,
 * the policy's path for such memory, refuses every window of an MPI_THREAD_MULTIPLE program. */
void rc_watch_policy_before_init(int required);
/* After MPI_Init succeeded with the MPI this library was built for, on every rank that records
 * (it makes a collective call on MPI_COMM_WORLD): whether all ranks share this node, and whether
 * the library is one whose paths were examined. */
void rc_watch_policy_after_init(void);
/* The settings the policy made, as `watch_settings` of the start line (nothing when none). */
void rc_watch_policy_describe(rc_line *l);
/* The assert MPI_Win_lock forwards for the program's `assert_`: without MPI_MODE_NOCHECK where
 * this library's settings put windows on Open MPI 4.1's osc pt2pt, whose puts and accumulates too
 * long for one of its fragments wait, in a lock epoch opened with MPI_MODE_NOCHECK, for a lock
 * acknowledgement that such an epoch never asks for (the program hangs); the program's own value
 * everywhere else. Dropping the assertion is within MPI: it only permits an optimisation
 * (MPI-4.1 §13.5.5), and a program whose assertion holds meets no conflicting lock, so the lock
 * the library then takes is granted without waiting on another rank's. */
int rc_watch_policy_lock_assert(int assert_);
/* Why memory given to MPI_Win_create cannot be watched under this library, or NULL. */
const char *rc_watch_policy_create_refusal(void);

#endif
