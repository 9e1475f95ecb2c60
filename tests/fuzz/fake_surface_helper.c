/* SPDX-License-Identifier: BSD-3-Clause */
/* A deliberately wrong stand-in for tools/mpi/mpi_surface_helper.c, so that every classification of
 * `fuzz --mpi --surface` fires through real processes, including those neither Debian MPI shows:
 * plain → refused although legal; same_buffer → writes outside; overlap_one_element → modifies
 * inbuf; in_place_inbuf → exits without answering (an abort despite MPI_ERRORS_RETURN);
 * negative_count → a segfault; op_null → a hang (spinning, so the runner's CPU limit ends it:
 * hung); op_replace →
 * accepted although erroneous; large_count_c → a wrong last element (a 32-bit offset's mistake);
 * everything else → refused with MPI_ERR_OP. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  const char* c = argv[1];
  if (strcmp(c, "plain") == 0) puts("error MPI_ERR_OTHER - refused for no reason");
  else if (strcmp(c, "same_buffer") == 0) puts("ok wrote_outside");
  else if (strcmp(c, "overlap_one_element") == 0) puts("ok inbuf_modified");
  else if (strcmp(c, "in_place_inbuf") == 0) exit(1);
  else if (strcmp(c, "negative_count") == 0) raise(SIGSEGV);
  else if (strcmp(c, "op_null") == 0)
    for (volatile unsigned i = 0;; i = i + 1) { /* unsigned: wrapping is no overflow (UBSan) */
    }
  else if (strcmp(c, "op_replace") == 0) puts("ok -");
  else if (strcmp(c, "large_count_c") == 0) puts("ok wrong_result element 2147483647 is 0x5c, want 0x50");
  else puts("error MPI_ERR_OP - invalid op");
  return 0;
}
