/* SPDX-License-Identifier: BSD-3-Clause */
/* What the OpenMP interceptors (thread_sync_omp.c: regions, barriers, sections, mutual
 * exclusion; thread_sync_omp_tasks.c: tasks and what is not modelled) share. */
#ifndef REDSEM_CHECK_THREAD_SYNC_OMP_H
#define REDSEM_CHECK_THREAD_SYNC_OMP_H

#include <dlfcn.h>

#include "thread_clocks.h"

/* Every task's end, published when it ends and taken by the waits for tasks (taskwait, taskgroup
 * end, barriers, a region's end): an over-approximation (thread_sync_omp.c). */
extern rc_tc_clock rc_omp_tasks_done;

#endif
