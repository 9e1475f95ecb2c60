/* SPDX-License-Identifier: BSD-3-Clause */
/* Whose code a faulting instruction is (watch_state.h): the program's, the MPI library's (and its
 * transports', and this library's), the system's (libc, the loader), or a sanitizer runtime's,
 * from the loaded modules' executable segments. The table is rebuilt in normal context; the
 * fault handlers only read it. This library is told by an address inside it, never by its file
 * name: a copy the user renamed (or its sanitized twin) is the same code. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <ucontext.h>

#include "thread_clocks.h"
#include "watch_state.h"

#define MAX_MODULES 256

enum module_class { NO_MODULE, PROGRAM, MPI_LIBRARY, SYSTEM, OPENMP, SANITIZER };
struct module {
  uintptr_t lo, hi;
  enum module_class what;
};
static struct module modules[MAX_MODULES];
static int module_count, modules_built;                          /* read by the handler; being rebuilt */
static unsigned long long modules_seen = (unsigned long long)-1; /* dlpi_adds when the table was built */

/* Modules whose code is the MPI library's (and its transports'), by file name, or the system's
 * (libc, the loader), whose memcpy may have been called by either side. */
static enum module_class class_of(const char *name) {
  static const char *const mpi[] = {"libmpi", "libopen-",  "libmpich", "libucp",     "libucs",   "libuct",
                                    "libucm", "libfabric", "libpmix",  "libpmi",     "libhwloc", "libevent",
                                    "mca_",   "/ucx/",     "libpsm",   "libibverbs", "librdmacm"};
  static const char *const system[] = {"/libc.so", "/ld-linux", "/libpthread", "/libgcc_s"};
  /* A sanitizer's runtime, preloaded first (or linked into the program): its own loads, such as
   * its unwinder walking the stack at every malloc, are its bookkeeping, not the program's. */
  static const char *const sanitizer[] = {"/libasan.", "/libtsan.", "/libubsan.", "/liblsan.", "/libhwasan."};
  for (size_t i = 0; i < sizeof mpi / sizeof mpi[0]; ++i)
    if (strstr(name, mpi[i])) return MPI_LIBRARY;
  if (strstr(name, "/libgomp")) return OPENMP;
  /* LLVM's and Intel's OpenMP runtimes: their entry points (__kmpc_*) are not modelled. */
  if (strstr(name, "/libomp") || strstr(name, "/libiomp"))
    rc_tc_off("LLVM's or Intel's OpenMP runtime is loaded, whose calls are not modelled");
  for (size_t i = 0; i < sizeof system / sizeof system[0]; ++i)
    if (strstr(name, system[i])) return SYSTEM;
  for (size_t i = 0; i < sizeof sanitizer / sizeof sanitizer[0]; ++i)
    if (strstr(name, sanitizer[i])) return SANITIZER;
  return PROGRAM;
}

/* An address of this library's own code: the module holding it is this library's. */
static uintptr_t this_library_code(void) { return (uintptr_t)&class_of; }

static int holds_this_library(const struct dl_phdr_info *info) {
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    const uintptr_t lo = info->dlpi_addr + ph->p_vaddr;
    if (ph->p_type == PT_LOAD && this_library_code() - lo < ph->p_memsz) return 1;
  }
  return 0;
}

static int add_module(struct dl_phdr_info *info, size_t size, void *data) {
  (void)size;
  (void)data;
  const enum module_class what = holds_this_library(info) ? MPI_LIBRARY : class_of(info->dlpi_name);
  for (int i = 0; i < info->dlpi_phnum && modules_built < MAX_MODULES; ++i) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_X)) continue;
    const uintptr_t lo = info->dlpi_addr + ph->p_vaddr;
    modules[modules_built++] = (struct module){lo, lo + ph->p_memsz, what};
  }
  modules_seen = info->dlpi_adds;
  return 0;
}

/* Rebuilt in normal context whenever a library was loaded since (Open MPI loads components
 * late); the handler only reads it. */
static int count_adds(struct dl_phdr_info *info, size_t size, void *data) {
  (void)size;
  *(unsigned long long *)data = info->dlpi_adds;
  return 1;
}

void rc_watch_refresh_modules(void) {
  unsigned long long adds = 0;
  dl_iterate_phdr(count_adds, &adds);
  if (adds == modules_seen) return;
  /* Loading appends modules and keeps the earlier ones in place: a handler reading meanwhile
   * sees the old entries, then the new count. */
  modules_built = 0;
  dl_iterate_phdr(add_module, NULL);
  __atomic_store_n(&module_count, modules_built, __ATOMIC_RELEASE);
}

static enum module_class code_class(uintptr_t pc) {
  const int n = __atomic_load_n(&module_count, __ATOMIC_ACQUIRE);
  for (int i = 0; i < n; ++i)
    if (pc >= modules[i].lo && pc < modules[i].hi) return modules[i].what;
  return NO_MODULE;
}

/* Whose access this is; *instruction is set to the program's code responsible. A fault in libc
 * (memcpy, memset: leaf functions) is charged to its caller, whose return address is on top of
 * the stack. */
int rc_watch_program_access(const ucontext_t *uc, uintptr_t *instruction) {
  const uintptr_t pc = (uintptr_t)uc->uc_mcontext.gregs[REG_RIP];
  *instruction = pc;
  const enum module_class c = code_class(pc);
  if (c != SYSTEM) /* code in no module (generated at run time) is the program's; libgomp's too */
    return c != MPI_LIBRARY && c != SANITIZER;
  const uintptr_t back = *(const uintptr_t *)uc->uc_mcontext.gregs[REG_RSP];
  const enum module_class caller = code_class(back);
  if (caller == MPI_LIBRARY) return 0;
  if (caller == PROGRAM) *instruction = back - 1;
  return 1;
}

/* The module class of the code at `ret` (a call's return address). Before the table is first
 * built (at the end of MPI_Init under the policy) the loader is asked, and nothing made while
 * MPI_Init runs is the program's (NO_MODULE with *in_init set). */
static enum module_class caller_class(const void *ret, int *in_init) {
  *in_init = 0;
  if (__atomic_load_n(&module_count, __ATOMIC_ACQUIRE) != 0) return code_class((uintptr_t)ret);
  Dl_info info, self;
  *in_init = __atomic_load_n(&rc_tc_in_init, __ATOMIC_ACQUIRE);
  if (*in_init || !dladdr(ret, &info) || !info.dli_fname) return NO_MODULE;
  if (dladdr((const void *)this_library_code(), &self) && self.dli_fbase == info.dli_fbase) return MPI_LIBRARY;
  return class_of(info.dli_fname);
}

/* A sanitizer's interceptor (of pthread_create, say) calls on the program's behalf. */
int rc_tc_program_caller(const void *ret) {
  int in_init;
  const enum module_class c = caller_class(ret, &in_init);
  return !in_init && (c == PROGRAM || c == NO_MODULE || c == SANITIZER);
}

/* The OpenMP runtime's threads are the program's too (watch_delay.h); the MPI library's, libc's and
 * those made while MPI_Init runs are not. */
int rc_watch_program_thread_creator(const void *ret) {
  int in_init;
  const enum module_class c = caller_class(ret, &in_init);
  return !in_init && c != MPI_LIBRARY && c != SYSTEM;
}
