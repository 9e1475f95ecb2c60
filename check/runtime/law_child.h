/* SPDX-License-Identifier: BSD-3-Clause */
/* A forked child that runs the user's op function on operands the program never formed, cut off
 * from everything the program shares: its own process group (killed with it), no file
 * descriptors but its answer pipe, no shared memory mapping (the MPI library's segments among
 * them), and not the program's stack, so that a longjmp out of the function faults instead of resuming the
 * program in the child. Only an answer written on the pipe counts; leaving by exit, _exit,
 * MPI_Finalize, MPI_Abort (which the library turns into _exit in the child), longjmp, a signal,
 * or not answering within the bound ($REDSEM_CHECK_OP_SECONDS, default 2 s) gives none. */
#ifndef REDSEM_CHECK_LAW_CHILD_H
#define REDSEM_CHECK_LAW_CHILD_H

#include <stddef.h>

/* Runs work(arg, answer) in the child and copies its `size`-byte answer back. 1 when it answered;
 * 0 with `why` (one sentence, at most `why_size` bytes) when it did not. */
int rc_child_run(void (*work)(void *arg, void *answer), void *arg, void *answer, size_t size, char *why,
                 size_t why_size);

/* Whether this process is such a child: the library's MPI_Finalize, MPI_Abort and exit then end
 * it at once, without touching MPI or running the program's exit handlers. */
int rc_in_law_child(void);
/* The status such a child ends with when it leaves that way. */
void rc_law_child_leave(void) __attribute__((noreturn));

/* The bound per checked call, in seconds (REDSEM_CHECK_OP_SECONDS; read at MPI_Init). */
void rc_read_op_seconds(void);

#endif
