/* SPDX-License-Identifier: BSD-3-Clause */
/* The user-op requests of redsem-mpi-helper: see mpi_user_op_helper.h for the protocol. */
#include "mpi_user_op_helper.h"

#include "type_text.h"

#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int setup_function(MPI_Datatype* type);

/* The loaded function and how it is called, and the datatype handle it gets. */
static MPI_User_function* user_function = NULL;
static int through_reduce_local = 0;
static MPI_Op user_op = MPI_OP_NULL;
static MPI_Datatype user_type = MPI_DATATYPE_NULL;
static int is_worker = 0; /* this process is a worker forked by "isolate" */
/* Shared with the process that forked the worker: nonzero while the user's code runs, so that
 * a worker ending there (exit(0) in the function) is told apart from one that saw "quit". */
static volatile int* in_user_code = NULL;

/* The longest LIB.so:SYMBOL accepted: a path and a symbol name. */
enum { max_spec = 8192 };

void fail(const char* what, const char* why) {
  fprintf(answers, "fail %s: ", what);
  /* The answer is one line. */
  for (const char* c = why; *c != '\0'; ++c) fputc(*c == '\n' ? ' ' : *c, answers);
  fputc('\n', answers);
}

/* Reads a payload of `len` bytes into a static buffer, as a string. */
static char* read_spec(unsigned long long len) {
  static char spec[max_spec + 1];
  if (len > max_spec || !read_exact(spec, (size_t)len)) exit(3);
  spec[len] = '\0';
  return spec;
}

/* Resolves "LIB.so:SYMBOL" (changing `spec`); NULL after answering "fail". */
static void* resolve_spec(char* spec, const char* what) {
  char* colon = strrchr(spec, ':');
  if (colon == NULL) {
    fail(what, "expected LIB.so:SYMBOL");
    return NULL;
  }
  *colon = '\0';
  /* RTLD_GLOBAL: the user's library may itself dlopen a part that uses its symbols. */
  void* lib = dlopen(spec, RTLD_NOW | RTLD_GLOBAL);
  if (lib == NULL) {
    const char* why = dlerror();
    char text[max_spec + 512];
    snprintf(text, sizeof text, "cannot load library '%s': %s", spec, why ? why : "unknown reason");
    fail(what, text);
    return NULL;
  }
  dlerror();
  void* sym = dlsym(lib, colon + 1);
  if (sym == NULL) {
    char text[2 * max_spec];
    snprintf(text, sizeof text, "library '%s' has no symbol '%s'", spec, colon + 1);
    fail(what, text);
  }
  return sym;
}

/* Answers with the datatype's size, extent and constructor (read back from MPI, "-" when it has
 * no form in the scenario syntax), or why it cannot be used. */
static void answer_type(const char* what) {
  int size = 0;
  MPI_Aint lb = 0, extent = 0;
  if (user_type == MPI_DATATYPE_NULL) {
    fail(what, "the datatype handle is MPI_DATATYPE_NULL");
  } else if (MPI_Type_size(user_type, &size) != MPI_SUCCESS || MPI_Type_get_extent(user_type, &lb, &extent) != MPI_SUCCESS) {
    fail(what, "MPI_Type_size or MPI_Type_get_extent refused the datatype handle");
  } else {
    static char text[4096];
    const char* described = rc_type_text(user_type, text, sizeof text);
    fprintf(answers, "ok %d %lld %s\n", size, (long long)extent, described ? described : "-");
  }
}

/* Reads a LIB.so:SYMBOL payload of `len` bytes and resolves it; NULL after answering "fail". */
static void* resolve(unsigned long long len, const char* what) { return resolve_spec(read_spec(len), what); }

/* "LIB.so:FUNCTION=GLOBAL": the library's own initialiser, called as void FUNCTION(void) (a
 * return value is ignored), after which its global `MPI_Datatype GLOBAL` holds the handle: the
 * shape of real libraries, which make their types at start-up and keep them in a global. */
static void setup_global(char* spec, char* global) {
  char global_spec[max_spec + 1];
  const char* colon = strrchr(spec, ':');
  snprintf(global_spec, sizeof global_spec, "%.*s:%s", colon ? (int)(colon - spec) : 0, spec, global);
  void* sym = resolve_spec(spec, "setup");
  if (sym == NULL) return;
  void (*init)(void);
  memcpy(&init, &sym, sizeof init); /* a data pointer to a function pointer, as dlsym's users must */
  init();
  void* handle = resolve_spec(global_spec, "setup");
  if (handle == NULL) return;
  memcpy(&user_type, handle, sizeof user_type);
  answer_type("setup");
}

static void setup(unsigned long long len) {
  char* spec = read_spec(len);
  char* colon = strrchr(spec, ':');
  char* equals = colon ? strchr(colon, '=') : NULL;
  if (equals != NULL) {
    *equals = '\0';
    setup_global(spec, equals + 1);
    return;
  }
  void* sym = resolve_spec(spec, "setup");
  if (sym == NULL) return;
  setup_function* fn;
  memcpy(&fn, &sym, sizeof fn); /* a data pointer to a function pointer, as dlsym's users must */
  MPI_Datatype type = MPI_DATATYPE_NULL;
  const int rc = fn(&type);
  check_channels("the setup function");
  if (rc != 0) {
    char text[64];
    snprintf(text, sizeof text, "the setup function returned %d, not 0", rc);
    fail("setup", text);
    return;
  }
  user_type = type;
  answer_type("setup");
}

static void predefined(const char* name) {
  user_type = find_type(name);
  if (user_type == MPI_DATATYPE_NULL)
    fail(name, "this library has no such predefined datatype");
  else
    answer_type(name);
}

MPI_Datatype read_typemap(long long n, long long lb, long long extent) {
  if (n <= 0 || n > INT_MAX / 2) exit(3);
  int* blocks = malloc((size_t)n * sizeof *blocks);
  MPI_Aint* disps = malloc((size_t)n * sizeof *disps);
  MPI_Datatype* types = malloc((size_t)n * sizeof *types);
  if (blocks == NULL || disps == NULL || types == NULL) exit(3);
  const char* unknown = NULL;
  static char bad[64];
  for (long long i = 0; i < n; ++i) {
    char line[160], name[64];
    long long disp = 0;
    if (fgets(line, sizeof line, requests) == NULL || sscanf(line, "%63s %lld", name, &disp) != 2) exit(3);
    blocks[i] = 1;
    disps[i] = (MPI_Aint)disp;
    types[i] = find_type(name);
    if (types[i] == MPI_DATATYPE_NULL && unknown == NULL) {
      snprintf(bad, sizeof bad, "%s", name);
      unknown = bad;
    }
  }
  MPI_Datatype made = MPI_DATATYPE_NULL, sized = MPI_DATATYPE_NULL;
  if (unknown != NULL) {
    fail(unknown, "this library has no such predefined datatype");
  } else if (MPI_Type_create_struct((int)n, blocks, disps, types, &made) != MPI_SUCCESS ||
             MPI_Type_create_resized(made, (MPI_Aint)lb, (MPI_Aint)extent, &sized) != MPI_SUCCESS ||
             MPI_Type_commit(&sized) != MPI_SUCCESS) {
    fail("typemap", "MPI_Type_create_struct, MPI_Type_create_resized or MPI_Type_commit failed");
    sized = MPI_DATATYPE_NULL;
  } else {
    MPI_Type_free(&made);
  }
  free(blocks);
  free(disps);
  free(types);
  return sized;
}

static void typemap(long long n, long long lb, long long extent) {
  const MPI_Datatype made = read_typemap(n, lb, extent);
  if (made == MPI_DATATYPE_NULL) return;
  user_type = made;
  answer_type("typemap");
}

static void load(const char* mode, int commute, unsigned long long len) {
  void* sym = resolve(len, "kernel");
  if (sym == NULL) return;
  memcpy(&user_function, &sym, sizeof user_function);
  through_reduce_local = strcmp(mode, "reduce_local") == 0;
  if (through_reduce_local && MPI_Op_create(user_function, commute, &user_op) != MPI_SUCCESS) {
    fail("kernel", "MPI_Op_create refused the function");
    return;
  }
  fprintf(answers, "ok\n");
}

/* One operand buffer as redsem's guarded_buffer lays it out (props/fuzz/guarded_buffer.h): a
 * page of canary bytes on each side of the shipped window, inaccessible pages beyond. A write
 * into the canary pages is reported back; one farther away faults (a crash of the worker). */
enum { fence_pages = 16 };
static const unsigned char canary = 0xa5;

struct guarded {
  unsigned char* mapping;
  size_t mapped;
  unsigned char* middle; /* the accessible part: canaries, the window, canaries */
  size_t middle_size;
};

static size_t page_size(void) { return (size_t)sysconf(_SC_PAGESIZE); }

/* The window's first byte, `offset` bytes past a 64-byte boundary, with a page of canaries on
 * each side; the mapping is kept for the next call when it is large enough. */
static unsigned char* place(struct guarded* g, size_t window, int offset) {
  const size_t page = page_size();
  const size_t middle = ((page + 64 + window + page) + page - 1) / page * page;
  if (g->mapping == NULL || g->middle_size < middle) {
    if (g->mapping != NULL) munmap(g->mapping, g->mapped);
    g->mapped = middle + 2 * fence_pages * page;
    g->mapping = mmap(NULL, g->mapped, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (g->mapping == MAP_FAILED) exit(3);
    g->middle = g->mapping + fence_pages * page;
    g->middle_size = middle;
    if (mprotect(g->middle, middle, PROT_READ | PROT_WRITE) != 0) exit(3);
  }
  /* Canaries around the window only: the window itself is read in whole. */
  unsigned char* window_start = g->middle + page + (size_t)(offset & 63);
  memset(g->middle, canary, (size_t)(window_start - g->middle));
  memset(window_start + window, canary, g->middle_size - (size_t)(window_start - g->middle) - window);
  return window_start;
}

/* Whether [p, p + n) holds only canary bytes, compared a block at a time. */
static int all_canary(const unsigned char* p, size_t n) {
  static unsigned char block[4096];
  if (block[0] != canary) memset(block, canary, sizeof block);
  for (size_t k = 0; k < n; k += sizeof block)
    if (memcmp(p + k, block, n - k < sizeof block ? n - k : sizeof block) != 0) return 0;
  return 1;
}

/* The nearest changed canary byte before the window and after it, as " B:OFFSET:VALUE" tokens
 * with OFFSET from the buffer's first element (`data`). */
static void report_strays(const struct guarded* g, const unsigned char* window, size_t size,
                          const unsigned char* data, int which) {
  const unsigned char* end = g->middle + g->middle_size;
  if (all_canary(g->middle, (size_t)(window - g->middle)) && all_canary(window + size, (size_t)(end - (window + size))))
    return;
  for (const unsigned char* p = window; p != g->middle;)
    if (*--p != canary) {
      fprintf(answers, " %d:%lld:%d", which, (long long)(p - data), *p);
      break;
    }
  for (const unsigned char* p = window + size; p != end; ++p)
    if (*p != canary) {
      fprintf(answers, " %d:%lld:%d", which, (long long)(p - data), *p);
      break;
    }
}

static void call(long long count, int in_off, int inout_off, unsigned long long nbytes, unsigned long long margin) {
  static struct guarded in_buffer, inout_buffer;
  const size_t window = (size_t)(nbytes + 2 * margin);
  unsigned char* in = place(&in_buffer, window, (int)((in_off - (long long)margin) & 63));
  unsigned char* inout = place(&inout_buffer, window, (int)((inout_off - (long long)margin) & 63));
  if (!read_exact(in, window) || !read_exact(inout, window) || count > INT_MAX) exit(3);
  int len_changed = 0;
  if (in_user_code != NULL) *in_user_code = 1;
  if (through_reduce_local) {
    const int rc = MPI_Reduce_local(in + margin, inout + margin, (int)count, user_type, user_op);
    if (in_user_code != NULL) *in_user_code = 0;
    if (rc != MPI_SUCCESS) {
      answer_mpi_error(rc);
      return;
    }
  } else {
    int len = (int)count;
    user_function(in + margin, inout + margin, &len, &user_type);
    if (in_user_code != NULL) *in_user_code = 0;
    len_changed = len != (int)count;
  }
  check_channels("the function");
  fputs(len_changed ? "len" : "ok", answers);
  report_strays(&in_buffer, in, window, in + margin, 0);
  report_strays(&inout_buffer, inout, window, inout + margin, 1);
  fputc('\n', answers);
  fwrite(in, 1, window, answers);
  fwrite(inout, 1, window, answers);
}

/* "isolate": from here on a forked worker serves the requests, and this process (the MPI
 * process, initialised) waits. A worker that crashes is replaced by a fresh fork, which costs far
 * less than a new process's MPI_Init: the crash is answered on its behalf, "crashed SIGNAL" (or
 * "exited STATUS" for a function that ended the process), and the next request goes to the new
 * worker. The worker forks when no request is in flight, so this process's requests buffer is empty
 * and stays valid for every later fork. */
static void isolate(void) {
  void* shared = mmap(NULL, sizeof *in_user_code, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (shared == MAP_FAILED) exit(3);
  in_user_code = shared;
  fprintf(answers, "ok\n");
  for (;;) {
    /* Nothing buffered may be written twice, by this process and by the worker: the answers,
     * and what a setup function printed. */
    fflush(answers);
    fflush(stdout);
    const pid_t worker = fork();
    if (worker < 0) exit(3);
    if (worker == 0) {
      prctl(PR_SET_PDEATHSIG, SIGKILL); /* a helper killed for a hang takes its worker along */
      if (getppid() == 1) _exit(0);
      is_worker = 1;
      return; /* the worker answers the requests from here on */
    }
    int status = 0;
    while (waitpid(worker, &status, 0) < 0)
      if (errno != EINTR) exit(3);
    const int in_call = *in_user_code;
    *in_user_code = 0;
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0 && !in_call) {
      /* The worker saw "quit" or the end of the requests: finish as the helper does (a worker
       * that isolated again ends as a worker). */
      end_of_requests();
      MPI_Finalize();
      exit(0);
    }
    if (WIFSIGNALED(status))
      fprintf(answers, "crashed %d\n", WTERMSIG(status));
    else
      fprintf(answers, "exited %d\n", WEXITSTATUS(status));
  }
}

int user_op_request(const char* line) {
  char word[64];
  long long a = 0, b = 0, c = 0;
  int in_off = 0, inout_off = 0, commute = 0;
  unsigned long long len = 0, margin = 0;
  if (sscanf(line, "setup %llu", &len) == 1) {
    setup(len);
  } else if (sscanf(line, "predefined %63s", word) == 1) {
    predefined(word);
  } else if (sscanf(line, "typemap %lld %lld %lld", &a, &b, &c) == 3) {
    typemap(a, b, c);
  } else if (sscanf(line, "load %63s %d %llu", word, &commute, &len) == 3) {
    load(word, commute, len);
  } else if (strcmp(line, "isolate\n") == 0) {
    isolate();
  } else if (sscanf(line, "call %lld %d %d %llu %llu", &a, &in_off, &inout_off, &len, &margin) == 5) {
    if (user_function == NULL || user_type == MPI_DATATYPE_NULL) exit(3);
    call(a, in_off, inout_off, len, margin);
  } else {
    return 0;
  }
  fflush(answers);
  return 1;
}

void end_of_requests(void) {
  if (!is_worker) return;
  /* MPI belongs to the process that forked this one, which finalizes it. */
  fflush(answers);
  fflush(stdout);
  _exit(0);
}

/* The user's code calling MPI_Abort ends this process, as MPI_Abort on a singleton would, but
 * at once: Open MPI's MPI_Abort in a forked worker of a singleton waits for a runtime that is
 * not there, which redsem could only call slowness (exit 3, no verdict). The helper exports this
 * one symbol (tools/CMakeLists.txt, --dynamic-list), so the user's library binds to it. */
int MPI_Abort(MPI_Comm comm, int errorcode) {
  (void)comm;
  fprintf(stderr, "redsem-mpi-helper: the user's code called MPI_Abort with error code %d\n", errorcode);
  fflush(stdout);
  _exit(errorcode == 0 ? 1 : errorcode & 0xff ? errorcode & 0xff : 1);
}
