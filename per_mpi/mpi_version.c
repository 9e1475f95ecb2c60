/* SPDX-License-Identifier: BSD-3-Clause */
/* redsem-mpi-version: which MPI library a program built with this wrapper loads. Prints the file
 * that defines MPI_Get_library_version, then that call's text (MPI-4.1 §9.1.1: it may be called
 * before MPI_Init, so no launcher is needed). The on-demand build runs it once to learn the
 * library's identity, and `redsem` runs it again to tell a stale cache entry (tools/mpi). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <mpi.h>
#include <stdio.h>

int main(void) {
  Dl_info where = {0};
  if (dladdr((void *)MPI_Get_library_version, &where) == 0 || where.dli_fname == NULL) where.dli_fname = "-";
  char text[MPI_MAX_LIBRARY_VERSION_STRING];
  int len = 0;
  if (MPI_Get_library_version(text, &len) != MPI_SUCCESS) return 1;
  if (len < 0 || len >= MPI_MAX_LIBRARY_VERSION_STRING) len = MPI_MAX_LIBRARY_VERSION_STRING - 1;
  text[len] = '\0';
  printf("%s\n%s\n", where.dli_fname, text);
  return 0;
}
