/* SPDX-License-Identifier: BSD-3-Clause */
/* redsem-mpi-helper: runs one MPI library's MPI_Reduce_local for `redsem fuzz --mpi`. Built
 * with that library's compiler wrapper (mpicc.openmpi, mpicc.mpich) and started as a
 * singleton (no mpirun). It speaks a small protocol, one request at a time: requests on what
 * redsem connects to its stdin, which the helper moves to a descriptor of its own (stdin then
 * reads /dev/null, so a user's function that reads stdin takes no request), answers on the
 * descriptor REDSEM_ANSWER_FD names (never stdout, where a user's function or the library may
 * print; stdout and stderr are the user's):
 *
 *   "version\n"                                  -> "ok N\n" + N bytes (MPI_Get_library_version)
 *   "reduce OP TYPE COUNT INOFF INOUTOFF NBYTES\n" + NBYTES of inbuf + NBYTES of inoutbuf
 *        -> "ok NBYTES\n" + NBYTES of inoutbuf after the call
 *        -> "error CLASS NAME\n"   the call returned an error (MPI_ERRORS_RETURN)
 *        -> "unsupported WHAT\n"   this library has no such op or type
 *        -> "extent E\n"           NBYTES is not COUNT times the type's extent E
 *   "reduce_typemap OP COUNT INOFF INOUTOFF NBYTES\n" + "typemap N LB EXTENT\n" + N lines
 *        "NAME DISP\n" (mpi_user_op_helper.h) + the buffers: the same call on that derived
 *        datatype. Each buffer starts at an element's lower bound: MPI's buffer argument lies
 *        -LB bytes past it. Also -> "fail TEXT\n" when the datatype cannot be built.
 *   "quit\n"
 * and the user-op requests of `fuzz --kernel --mpi` (mpi_user_op_helper.h).
 *
 * OP and TYPE are MPI names ("MPI_SUM", "MPI_INT8_T"): names, not table positions, so the two
 * sides cannot drift apart. OP may also be one of the MPIX add-on's proposal ops
 * (MPIX_SEGMENTED_SUM, MPIX_SELECT_SUM, MPIX_ALL_EQUAL_MIN, generated from examples/ops and compiled in), so
 * tests compare them with their op files' definitions in the model. INOFF/INOUTOFF place each
 * buffer that many bytes past a 64-byte boundary, so alignment-dependent code paths run as they
 * would for the caller. */
#include <fcntl.h>
#include <mpi.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "mpi_user_op_helper.h"
#include "redsem_mpix.h"

struct named_op {
  const char* name;
  MPI_Op op;
};
struct named_type {
  const char* name;
  MPI_Datatype type;
};

static MPI_Op find_op(const char* name) {
  const struct named_op ops[] = {
      {"MPI_MAX", MPI_MAX},         {"MPI_MIN", MPI_MIN},     {"MPI_SUM", MPI_SUM},       {"MPI_PROD", MPI_PROD},
      {"MPI_LAND", MPI_LAND},       {"MPI_BAND", MPI_BAND},   {"MPI_LOR", MPI_LOR},       {"MPI_BOR", MPI_BOR},
      {"MPI_LXOR", MPI_LXOR},       {"MPI_BXOR", MPI_BXOR},   {"MPI_MAXLOC", MPI_MAXLOC}, {"MPI_MINLOC", MPI_MINLOC},
      {"MPI_REPLACE", MPI_REPLACE}, {"MPI_NO_OP", MPI_NO_OP},
      {"MPIX_SEGMENTED_SUM", MPIX_SEGMENTED_SUM}, {"MPIX_SELECT_SUM", MPIX_SELECT_SUM},
      {"MPIX_ALL_EQUAL_MIN", MPIX_ALL_EQUAL_MIN},
  };
  for (size_t i = 0; i < sizeof ops / sizeof ops[0]; ++i)
    if (strcmp(ops[i].name, name) == 0) return ops[i].op;
  return MPI_OP_NULL;
}

MPI_Datatype find_type(const char* name) {
  const struct named_type types[] = {
      {"MPI_SIGNED_CHAR", MPI_SIGNED_CHAR},
      {"MPI_UNSIGNED_CHAR", MPI_UNSIGNED_CHAR},
      {"MPI_SHORT", MPI_SHORT},
      {"MPI_UNSIGNED_SHORT", MPI_UNSIGNED_SHORT},
      {"MPI_INT", MPI_INT},
      {"MPI_UNSIGNED", MPI_UNSIGNED},
      {"MPI_LONG", MPI_LONG},
      {"MPI_UNSIGNED_LONG", MPI_UNSIGNED_LONG},
      {"MPI_LONG_LONG_INT", MPI_LONG_LONG_INT},
      {"MPI_UNSIGNED_LONG_LONG", MPI_UNSIGNED_LONG_LONG},
      {"MPI_INT8_T", MPI_INT8_T},
      {"MPI_INT16_T", MPI_INT16_T},
      {"MPI_INT32_T", MPI_INT32_T},
      {"MPI_INT64_T", MPI_INT64_T},
      {"MPI_UINT8_T", MPI_UINT8_T},
      {"MPI_UINT16_T", MPI_UINT16_T},
      {"MPI_UINT32_T", MPI_UINT32_T},
      {"MPI_UINT64_T", MPI_UINT64_T},
      {"MPI_INTEGER", MPI_INTEGER},
      {"MPI_INTEGER1", MPI_INTEGER1},
      {"MPI_INTEGER2", MPI_INTEGER2},
      {"MPI_INTEGER4", MPI_INTEGER4},
      {"MPI_INTEGER8", MPI_INTEGER8},
      {"MPI_FLOAT", MPI_FLOAT},
      {"MPI_DOUBLE", MPI_DOUBLE},
      {"MPI_LONG_DOUBLE", MPI_LONG_DOUBLE},
      {"MPI_REAL", MPI_REAL},
      {"MPI_DOUBLE_PRECISION", MPI_DOUBLE_PRECISION},
      {"MPI_REAL4", MPI_REAL4},
      {"MPI_REAL8", MPI_REAL8},
      {"MPI_LOGICAL", MPI_LOGICAL},
      {"MPI_C_BOOL", MPI_C_BOOL},
      {"MPI_CXX_BOOL", MPI_CXX_BOOL},
      {"MPI_C_COMPLEX", MPI_C_COMPLEX},
      {"MPI_C_DOUBLE_COMPLEX", MPI_C_DOUBLE_COMPLEX},
      {"MPI_C_LONG_DOUBLE_COMPLEX", MPI_C_LONG_DOUBLE_COMPLEX},
      {"MPI_CXX_FLOAT_COMPLEX", MPI_CXX_FLOAT_COMPLEX},
      {"MPI_CXX_DOUBLE_COMPLEX", MPI_CXX_DOUBLE_COMPLEX},
      {"MPI_CXX_LONG_DOUBLE_COMPLEX", MPI_CXX_LONG_DOUBLE_COMPLEX},
      {"MPI_COMPLEX", MPI_COMPLEX},
      {"MPI_DOUBLE_COMPLEX", MPI_DOUBLE_COMPLEX},
      {"MPI_COMPLEX8", MPI_COMPLEX8},
      {"MPI_COMPLEX16", MPI_COMPLEX16},
      {"MPI_BYTE", MPI_BYTE},
      {"MPI_AINT", MPI_AINT},
      {"MPI_OFFSET", MPI_OFFSET},
      {"MPI_COUNT", MPI_COUNT},
      {"MPI_FLOAT_INT", MPI_FLOAT_INT},
      {"MPI_DOUBLE_INT", MPI_DOUBLE_INT},
      {"MPI_LONG_INT", MPI_LONG_INT},
      {"MPI_2INT", MPI_2INT},
      {"MPI_SHORT_INT", MPI_SHORT_INT},
      {"MPI_LONG_DOUBLE_INT", MPI_LONG_DOUBLE_INT},
      {"MPI_2REAL", MPI_2REAL},
      {"MPI_2DOUBLE_PRECISION", MPI_2DOUBLE_PRECISION},
      {"MPI_2INTEGER", MPI_2INTEGER},
      {"MPI_CHAR", MPI_CHAR},
      {"MPI_WCHAR", MPI_WCHAR},
      {"MPI_CHARACTER", MPI_CHARACTER},
  };
  for (size_t i = 0; i < sizeof types / sizeof types[0]; ++i)
    if (strcmp(types[i].name, name) == 0) return types[i].type;
  return MPI_DATATYPE_NULL;
}

int read_exact(void* p, size_t n) { return n == 0 || fread(p, 1, n, requests) == n; }

/* Returns when the next request has arrived or 200 us have passed. redsem sends it within
 * microseconds of the last answer, and a process that sleeps in read() waits for the scheduler
 * to wake it, which on an idle (virtual) machine costs more than the call itself; so look
 * without sleeping for a moment first. The protocol is one request at a time, so the requests'
 * buffer is empty here and the descriptor tells the truth. */
static void await_request(void) {
  struct timespec start, now;
  clock_gettime(CLOCK_MONOTONIC, &start);
  for (;;) {
    struct pollfd p = {fileno(requests), POLLIN, 0};
    if (poll(&p, 1, 0) != 0) return;
    clock_gettime(CLOCK_MONOTONIC, &now);
    if ((now.tv_sec - start.tv_sec) * 1000000000LL + (now.tv_nsec - start.tv_nsec) > 200000) return;
  }
}

void answer_mpi_error(int rc) {
  int cls = 0, len = 0;
  char text[MPI_MAX_ERROR_STRING];
  MPI_Error_class(rc, &cls);
  MPI_Error_string(cls, text, &len);
  for (int i = 0; i < len; ++i)
    if (text[i] == '\n') text[i] = ' ';
  fprintf(answers, "error %d %.*s\n", cls, len, text);
}

/* A buffer `offset` bytes past a 64-byte boundary. */
static unsigned char* placed(void** block, size_t n, int offset) {
  if (posix_memalign(block, 64, n + 64) != 0) return NULL;
  return (unsigned char*)*block + offset;
}

/* TYPE_NAME names TYPE in answers; a derived TYPE is freed here (MPI_DATATYPE_NULL: it could
 * not be built, "fail" was answered). */
static void reduce(const char* op_name, MPI_Datatype type, const char* type_name, long long count, int in_off,
                   int inout_off, unsigned long long nbytes, int derived) {
  void *in_block = NULL, *inout_block = NULL;
  unsigned char* in = placed(&in_block, nbytes, in_off & 63);
  unsigned char* inout = placed(&inout_block, nbytes, inout_off & 63);
  if (in == NULL || inout == NULL || !read_exact(in, nbytes) || !read_exact(inout, nbytes)) exit(3);
  if (derived && type == MPI_DATATYPE_NULL) {
    fflush(answers);
    free(in_block);
    free(inout_block);
    return;
  }
  const MPI_Op op = find_op(op_name);
  int size = 0;
  MPI_Aint lb = 0, extent = 0;
  if (op == MPI_OP_NULL) {
    fprintf(answers, "unsupported %s\n", op_name);
  } else if (type == MPI_DATATYPE_NULL || MPI_Type_size(type, &size) != MPI_SUCCESS || size == 0) {
    fprintf(answers, "unsupported %s\n", type_name);
  } else if (MPI_Type_get_extent(type, &lb, &extent),
             (unsigned long long)extent * (unsigned long long)count != nbytes) {
    fprintf(answers, "extent %lld\n", (long long)extent);
  } else {
    /* The buffers start at the lower bound; the element at the address MPI is given. */
    const int rc = MPI_Reduce_local(in - lb, inout - lb, (int)count, type, op);
    if (rc == MPI_SUCCESS) {
      fprintf(answers, "ok %llu\n", nbytes);
      fwrite(inout, 1, nbytes, answers);
    } else {
      answer_mpi_error(rc);
    }
  }
  fflush(answers);
  if (derived) MPI_Type_free(&type);
  free(in_block);
  free(inout_block);
}

/* "reduce_typemap": the datatype's request line and its entries come before the buffers. */
static void reduce_typemap(const char* op_name, long long count, int in_off, int inout_off, unsigned long long nbytes) {
  char line[160];
  long long n = 0, lb = 0, extent = 0;
  if (fgets(line, sizeof line, requests) == NULL || sscanf(line, "typemap %lld %lld %lld", &n, &lb, &extent) != 3)
    exit(3);
  reduce(op_name, read_typemap(n, lb, extent), "the derived datatype", count, in_off, inout_off, nbytes, 1);
}

FILE* answers = NULL;
FILE* requests = NULL;
static struct stat channel_ids[2]; /* of the requests' and the answers' descriptors, at the start */

/* The requests, moved off stdin to a descriptor of their own (not inherited by what the user's
 * function executes); stdin reads /dev/null, so a function that reads it ends no request. */
static FILE* open_requests(void) {
  const int fd = fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 10);
  const int null = open("/dev/null", O_RDONLY);
  FILE* f = fd >= 0 ? fdopen(fd, "r") : NULL;
  if (f == NULL || null < 0 || dup2(null, STDIN_FILENO) < 0) {
    fprintf(stderr, "redsem-mpi-helper: cannot move the requests off stdin\n");
    exit(3);
  }
  close(null);
  return f;
}

static int same_file(int fd, const struct stat* then) {
  struct stat now;
  return fstat(fd, &now) == 0 && now.st_dev == then->st_dev && now.st_ino == then->st_ino;
}

void check_channels(const char* after) {
  if (same_file(fileno(requests), &channel_ids[0]) && same_file(fileno(answers), &channel_ids[1])) return;
  fprintf(stderr,
          "redsem-mpi-helper: %s closed or replaced the descriptor of the helper's requests (%d) or answers (%d); "
          "its answer cannot be trusted\n",
          after, fileno(requests), fileno(answers));
  _exit(4);
}

/* The answers' descriptor, named by REDSEM_ANSWER_FD (stdout when it is not set, for a helper
 * run by hand). Never stdout under redsem: the user's function and the library print there, and
 * their text must not be read as an answer. Not inherited by what the function executes. */
static FILE* open_answers(void) {
  const char* named = getenv("REDSEM_ANSWER_FD");
  if (named == NULL) return stdout;
  char* end = NULL;
  const long fd = strtol(named, &end, 10);
  FILE* f = end != named && *end == '\0' && fd > 2 && fd < 1024 ? fdopen((int)fd, "w") : NULL;
  if (f == NULL) {
    fprintf(stderr, "redsem-mpi-helper: REDSEM_ANSWER_FD=%s is no open descriptor above 2\n", named);
    exit(3);
  }
  fcntl((int)fd, F_SETFD, FD_CLOEXEC);
  unsetenv("REDSEM_ANSWER_FD");
  return f;
}

int main(void) {
  /* Large buffers: a request or an answer of a few pages is then one read or write. */
  static char in_buffer[1 << 20], out_buffer[1 << 20];
  requests = open_requests();
  setvbuf(requests, in_buffer, _IOFBF, sizeof in_buffer);
  answers = open_answers();
  setvbuf(answers, out_buffer, _IOFBF, sizeof out_buffer);
  if (fstat(fileno(requests), &channel_ids[0]) != 0 || fstat(fileno(answers), &channel_ids[1]) != 0) exit(3);
  MPI_Init(NULL, NULL);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
  if (MPIX_Ops_init() != MPI_SUCCESS) {
    fprintf(stderr, "redsem-mpi-helper: MPIX_Ops_init failed\n");
    return 1;
  }
  char line[512];
  while (await_request(), fgets(line, sizeof line, requests) != NULL) {
    char op[64], type[64];
    long long count = 0;
    int in_off = 0, inout_off = 0;
    unsigned long long nbytes = 0;
    if (strcmp(line, "version\n") == 0) {
      char version[MPI_MAX_LIBRARY_VERSION_STRING];
      int len = 0;
      MPI_Get_library_version(version, &len);
      fprintf(answers, "ok %d\n", len);
      fwrite(version, 1, (size_t)len, answers);
      fflush(answers);
    } else if (user_op_request(line)) {
      /* answered */
    } else if (sscanf(line, "reduce_typemap %63s %lld %d %d %llu", op, &count, &in_off, &inout_off, &nbytes) == 5) {
      /* First: "reduce %s" would read this line too, with "_typemap" as its op. */
      reduce_typemap(op, count, in_off, inout_off, nbytes);
    } else if (sscanf(line, "reduce %63s %63s %lld %d %d %llu", op, type, &count, &in_off, &inout_off, &nbytes) == 6) {
      reduce(op, find_type(type), type, count, in_off, inout_off, nbytes, 0);
    } else {
      break; /* "quit", or anything else */
    }
  }
  end_of_requests();
  MPI_Finalize();
  return 0;
}
