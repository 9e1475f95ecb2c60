/* SPDX-License-Identifier: BSD-3-Clause */
/* What the record keeps per process: shared by the writer (record.c) and the MPI_Init /
 * MPI_Finalize interceptors that open and close it (lifecycle.c). */
#ifndef REDSEM_CHECK_RECORD_STATE_H
#define REDSEM_CHECK_RECORD_STATE_H

#define RC_MAX_CALL_KINDS 128
#define RC_MAX_HOOKS 16

struct rc_state {
  int fd;                     /* the rank's record file; -1: inert */
  int rank;                   /* in MPI_COMM_WORLD */
  unsigned long seq;          /* the next line's number */
  int sample_all;             /* REDSEM_CHECK_SAMPLE=all */
  unsigned long sample_first; /* REDSEM_CHECK_SAMPLE=N */
  struct rc_call_counts {
    int kinds;
    const char *names[RC_MAX_CALL_KINDS];
    unsigned long counts[RC_MAX_CALL_KINDS];
  } calls,       /* intercepted, per call name */
      intercomm; /* forwarded unchecked: made on an intercommunicator */
  int hooks;
  void (*hook[RC_MAX_HOOKS])(void);
};

extern struct rc_state rc_state;

#endif
