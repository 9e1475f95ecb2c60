/* SPDX-License-Identifier: BSD-3-Clause */
/* For the launcher's test programs: a line appended to this rank's own record, written the way
 * the check library writes one (docs/check_records.md), standing for what the library would
 * have recorded. The caller is `function` of this program, named as the library names a caller
 * (module and offset from dladdr), so that the report shows it as file:line (function). */
#ifndef REDSEM_CHECK_OWN_RECORD_H
#define REDSEM_CHECK_OWN_RECORD_H

#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* `fields`: the line's members after ev, rank and seq, without braces ("\"check\":\"x\",…"). */
static inline void append_own_record(int rank, const char *ev, const char *fields, uintptr_t function) {
  const char *dir = getenv("REDSEM_CHECK_DIR");
  Dl_info info;
  if (!dir || !dladdr((void *)function, &info) || !info.dli_fname) return;
  char path[PATH_MAX];
  snprintf(path, sizeof path, "%s/rank-%d.jsonl", dir, rank);
  const size_t cap = strlen(fields) + PATH_MAX + 256;
  char *line = malloc(cap);
  const int fd = line ? open(path, O_WRONLY | O_APPEND) : -1;
  if (fd >= 0) {
    const int n = snprintf(line, cap,
                           "{\"ev\":\"%s\",\"rank\":%d,\"seq\":1,%s,\"caller\":{\"address\":\"0x%jx\",\"module\":\"%s\","
                           "\"offset\":\"0x%jx\",\"symbol\":null}}\n",
                           ev, rank, fields, (uintmax_t)function, info.dli_fname,
                           (uintmax_t)(function - (uintptr_t)info.dli_fbase));
    if (n > 0 && (size_t)n < cap && write(fd, line, (size_t)n) != n) perror("append_own_record");
    close(fd);
  }
  free(line);
}

#endif
