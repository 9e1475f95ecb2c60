/* SPDX-License-Identifier: BSD-3-Clause */
/* Window creation and MPI_Win_free (MPI-4.1 §13.2): each window gets an id, its creation order
 * on this rank, which is the same on every rank of its group since creation is collective, and
 * an `rma_win` line with what the post-run analysis needs of it (size, disp_unit, the rank's
 * place in the window's group). */
#define _GNU_SOURCE
#include <pthread.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "query_guard.h"
#include "record_repeat.h"
#include "redsem_mpi_features.h"
#include "rma_state.h"
#include "watch.h"

static pthread_mutex_t rma_mutex = PTHREAD_MUTEX_INITIALIZER;
static struct rc_window windows[RC_RMA_MAX_WINDOWS];
static int windows_created;  /* ids given so far */
static int windows_live;     /* used entries; read without the lock by rc_rma_has_windows */
static int table_limit_said; /* the rma_limit line for the window table was written */

void rc_rma_lock(void) { pthread_mutex_lock(&rma_mutex); }
void rc_rma_unlock(void) { pthread_mutex_unlock(&rma_mutex); }

struct rc_window *rc_rma_window(MPI_Win win) {
  for (int i = 0; i < RC_RMA_MAX_WINDOWS; ++i)
    if (windows[i].used && windows[i].win == win) return &windows[i];
  return NULL;
}

int rc_rma_has_windows(void) { return __atomic_load_n(&windows_live, __ATOMIC_RELAXED) > 0; }

int rc_rma_in_window_memory(const void *p, size_t bytes) {
  const char *b = p;
  for (int i = 0; i < RC_RMA_MAX_WINDOWS; ++i) {
    const struct rc_window *w = &windows[i];
    if (!w->used || !w->base || w->size <= 0) continue;
    if (b < w->base + w->size && w->base < b + bytes) return 1;
  }
  return 0;
}

int rc_rma_syncs_bounded(const struct rc_window *w) {
  return w->syncs - rc_repeat_absorbed_syncs(w->id) >= RC_RMA_MAX_SYNCS;
}

int rc_rma_epoch_recorded(const struct rc_window *w) {
  return !rc_rma_syncs_bounded(w) && w->calls <= RC_RMA_MAX_CALLS;
}

void rc_rma_limit(struct rc_window *w, const char *what, long long limit) {
  int *said = w ? &w->limit_said : &table_limit_said;
  if (*said) return;
  *said = 1;
  rc_line l;
  rc_begin(&l, "rma_limit");
  if (w) rc_int(&l, "win", w->id);
  rc_str(&l, "what", what);
  rc_int(&l, "limit", limit);
  rc_end(&l);
}

void rc_rma_begin(rc_line *l, const char *ev, const struct rc_window *w, const char *call) {
  rc_begin(l, ev);
  rc_int(l, "win", w->id);
  rc_str(l, "call", call);
  rc_int(l, "epoch", (long long)w->syncs);
}

long long rc_rma_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_REALTIME, &t);
  return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

/* The value of `key` in `info` into value[size]; 0 when it is not set. */
static int info_value(MPI_Info info, const char *key, char *value, int size) {
  int flag = 0;
#if REDSEM_HAVE_INFO_GET_STRING
  int length = size;
  if (PMPI_Info_get_string(info, key, &length, value, &flag) != MPI_SUCCESS) flag = 0;
#else
  if (PMPI_Info_get(info, key, size - 1, value, &flag) != MPI_SUCCESS) flag = 0;
#endif
  value[size - 1] = '\0';
  return flag;
}

/* The window info keys the RMA semantics depend on (MPI-4.1 §13.2.1), as the program passed
 * them: what the program asserted, which binds it whatever hints the library then uses. And
 * `no_locks` given true, which lets MPI_Win_free return before the other members called it (§13.2.5):
 * the analysis then takes no order from it (check/analysis/sync_windows.h). */
static void write_info(rc_line *l, MPI_Info info) {
  static const char *const keys[] = {"accumulate_ordering", "accumulate_ops"};
  if (info == MPI_INFO_NULL) return;
  char value[256];
  /* any value but "false" (one the library may read as true) */
  if (info_value(info, "no_locks", value, (int)sizeof value) && strcmp(value, "false") != 0) rc_bool(l, "no_locks", 1);
  rc_open_object(l, "info");
  for (size_t i = 0; i < sizeof keys / sizeof keys[0]; ++i)
    if (info_value(info, keys[i], value, (int)sizeof value)) rc_str(l, keys[i], value);
  rc_close(l);
}

/* The world ranks of the window's group, in window-rank order: with the window's place among
 * this rank's windows of the same group, what names one window on every rank (ids alone do not:
 * windows of other communicators interleave differently on different ranks). Called with the
 * lock held (the buffers are static). */
static void write_group(rc_line *l, MPI_Comm comm, int group_size) {
  static int in[RC_RMA_MAX_GROUP], out[RC_RMA_MAX_GROUP];
  MPI_Group group, world;
  if (group_size > RC_RMA_MAX_GROUP) {
    rc_bool(l, "group_bounded", 1);
    return;
  }
  if (PMPI_Comm_group(comm, &group) != MPI_SUCCESS) return;
  if (PMPI_Comm_group(MPI_COMM_WORLD, &world) == MPI_SUCCESS) {
    for (int i = 0; i < group_size; ++i) in[i] = i;
    if (PMPI_Group_translate_ranks(group, group_size, in, world, out) == MPI_SUCCESS) {
      rc_open_array(l, "group");
      for (int i = 0; i < group_size; ++i) rc_int(l, NULL, out[i]);
      rc_close(l);
    }
    PMPI_Group_free(&world);
  }
  PMPI_Group_free(&group);
}

/* Follows a new window and writes its rma_win line. */
static void follow_window(const char *call, MPI_Win win, const void *base, MPI_Aint size, int disp_unit, MPI_Info info,
                          MPI_Comm comm, const void *caller) {
  rc_rma_lock();
  const int id = windows_created++;
  struct rc_window *w = NULL;
  for (int i = 0; i < RC_RMA_MAX_WINDOWS && !w; ++i)
    if (!windows[i].used) w = &windows[i];
  if (!w) {
    rc_rma_limit(NULL, "windows", RC_RMA_MAX_WINDOWS);
    rc_rma_unlock();
    return;
  }
  *w = (struct rc_window){.used = 1, .win = win, .id = id, .base = base, .size = size};
  __atomic_add_fetch(&windows_live, 1, __ATOMIC_RELAXED);
  int rank = -1, group_size = 0;
  PMPI_Comm_rank(comm, &rank);
  PMPI_Comm_size(comm, &group_size);
  rc_line l;
  rc_begin(&l, "rma_win");
  rc_int(&l, "win", id);
  rc_str(&l, "call", call);
  rc_int(&l, "win_rank", rank);
  rc_int(&l, "win_size", group_size);
  write_group(&l, comm, group_size);
  /* The machine: `time` values of ranks on different machines are not comparable. */
  char host[256] = "";
  gethostname(host, sizeof host - 1);
  rc_str(&l, "host", host);
  rc_int(&l, "size", (long long)size);
  rc_int(&l, "disp_unit", disp_unit);
  write_info(&l, info);
  rc_caller(&l, caller);
  rc_end(&l);
  rc_watch_window_created(w);
  if (strcmp(call, "MPI_Win_allocate_shared") == 0) rc_watch_shared_segments(w, group_size);
  rc_rma_unlock();
}

static void window_created(const char *call, MPI_Win win, const void *base, MPI_Aint size, int disp_unit, MPI_Info info,
                           MPI_Comm comm, const void *caller) {
  rc_count(call);
  struct rc_guard guard;
  rc_guard_begin(&guard, call, caller);
  follow_window(call, win, base, size, disp_unit, info, comm, caller);
  rc_guard_end(&guard);
}

static void window_freed(MPI_Win win) {
  rc_count("MPI_Win_free");
  rc_rma_lock();
  struct rc_window *w = rc_rma_window(win);
  if (w) {
    rc_rma_forget_origins(w);
    rc_rma_forget_results(w);
    rc_line l;
    rc_rma_begin(&l, "rma_win_free", w, "MPI_Win_free");
    rc_end(&l);
    w->used = 0;
    __atomic_sub_fetch(&windows_live, 1, __ATOMIC_RELAXED);
  }
  rc_rma_unlock();
}

int MPI_Win_create(void *base, MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, MPI_Win *win) {
  if (!rc_active()) return PMPI_Win_create(base, size, disp_unit, info, comm, win);
  const int rc = PMPI_Win_create(base, size, disp_unit, info, comm, win);
  if (rc == MPI_SUCCESS)
    window_created("MPI_Win_create", *win, base, size, disp_unit, info, comm, __builtin_return_address(0));
  return rc;
}

int MPI_Win_allocate(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, void *baseptr, MPI_Win *win) {
  if (!rc_active()) return PMPI_Win_allocate(size, disp_unit, info, comm, baseptr, win);
  const int rc = PMPI_Win_allocate(size, disp_unit, info, comm, baseptr, win);
  if (rc == MPI_SUCCESS)
    window_created("MPI_Win_allocate", *win, *(void **)baseptr, size, disp_unit, info, comm,
                   __builtin_return_address(0));
  return rc;
}

int MPI_Win_allocate_shared(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, void *baseptr, MPI_Win *win) {
  if (!rc_active()) return PMPI_Win_allocate_shared(size, disp_unit, info, comm, baseptr, win);
  const int rc = PMPI_Win_allocate_shared(size, disp_unit, info, comm, baseptr, win);
  if (rc == MPI_SUCCESS)
    window_created("MPI_Win_allocate_shared", *win, *(void **)baseptr, size, disp_unit, info, comm,
                   __builtin_return_address(0));
  return rc;
}

int MPI_Win_create_dynamic(MPI_Info info, MPI_Comm comm, MPI_Win *win) {
  if (!rc_active()) return PMPI_Win_create_dynamic(info, comm, win);
  const int rc = PMPI_Win_create_dynamic(info, comm, win);
  /* size 0 and disp_unit 1 (§13.2.4): memory is attached later (rma_attach.c). */
  if (rc == MPI_SUCCESS)
    window_created("MPI_Win_create_dynamic", *win, NULL, 0, 1, info, comm, __builtin_return_address(0));
  return rc;
}

int MPI_Win_free(MPI_Win *win) {
  if (!rc_active()) return PMPI_Win_free(win);
  const MPI_Win freed = *win;
  /* Before the library frees its memory: nothing of the window stays armed. */
  rc_rma_lock();
  const struct rc_window *w = rc_rma_window(freed);
  if (w) rc_watch_window_freed(w);
  rc_rma_unlock();
  const int rc = PMPI_Win_free(win);
  if (rc == MPI_SUCCESS) window_freed(freed);
  return rc;
}
