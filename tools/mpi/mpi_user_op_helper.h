/* SPDX-License-Identifier: BSD-3-Clause */
/* The user-op requests of redsem-mpi-helper (tools/mpi/mpi_fuzz_helper.c): `redsem fuzz --kernel
 * LIB.so:SYMBOL --mpi LIB` loads the user's function into the helper, after MPI_Init, and calls
 * it with real MPI handles. Requests and answers (a LEN-byte payload follows its line):
 *
 *   "setup LEN\n" + "LIB.so:FUNCTION"       calls int FUNCTION(MPI_Datatype *type); the handle it
 *                                           stores is the kernel's datatype
 *   "setup LEN\n" + "LIB.so:FUNCTION=GLOBAL" calls void FUNCTION(void), the library's own
 *                                           initialiser; its global MPI_Datatype GLOBAL is then
 *                                           the kernel's datatype
 *   "predefined NAME\n"                     the kernel's datatype is a predefined one (MPI_INT)
 *   "typemap N LB EXTENT\n" + N lines "NAME DISP\n"
 *                                           a committed derived datatype with that typemap
 *                                           (MPI_Type_create_struct), resized to LB and EXTENT
 *        -> "ok SIZE EXTENT TYPE\n"          the datatype's MPI_Type_size and extent, and TYPE its
 *                                           constructor as MPI_Type_get_envelope/get_contents
 *                                           give it back, in the scenario syntax (MPI_INT,
 *                                           struct(1:1,0:8,MPI_INT:MPI_DOUBLE), …), "-" when it
 *                                           has no form there (subarray, darray)
 *   "load MODE COMMUTE LEN\n" + "LIB.so:SYMBOL"
 *                                           the user function; MODE "direct" calls it as
 *                                           fn(in, inout, &len, &type), "reduce_local" through
 *                                           MPI_Op_create(fn, COMMUTE) and MPI_Reduce_local
 *        -> "ok\n"
 *   any of them -> "fail TEXT\n"             what went wrong (dlerror, the setup's status, …)
 *   "call COUNT INOFF INOUTOFF NBYTES MARGIN\n" + in window + inout window
 *                                           each window is MARGIN bytes before the buffer, its
 *                                           NBYTES, and MARGIN bytes after: stray writes near
 *                                           the buffers travel back as the kernel made them
 *        -> "ok STRAYS\n" + both windows after the call
 *        -> "len STRAYS\n" + both windows   (direct) the function changed *len
 *           STRAYS: zero or more " B:OFFSET:VALUE", a byte the call wrote beyond a window but
 *           within a page of it (B 0: inbuf, 1: inoutbuf; OFFSET from the buffer's start), the
 *           nearest on each side; beyond that page lie inaccessible pages (a crash)
 *        -> "error CLASS NAME\n"            (reduce_local) MPI_Reduce_local returned an error
 *        -> "crashed SIGNAL\n", "exited STATUS\n"  (after "isolate") the call ended its process
 *   "isolate\n" -> "ok\n"                   later requests go to a forked worker, replaced when a
 *                                           call crashes: a crash then costs a fork, not MPI_Init */
#ifndef REDSEM_MPI_USER_OP_HELPER_H
#define REDSEM_MPI_USER_OP_HELPER_H

#include <mpi.h>
#include <stddef.h>
#include <stdio.h>

/* Where answers go (mpi_fuzz_helper.c): the descriptor REDSEM_ANSWER_FD names, not stdout;
 * where requests come from: a descriptor of their own, not stdin. */
extern FILE* answers;
extern FILE* requests;
/* Ends the process (status 4), saying so on stderr, when the user's code (`after` names it)
 * closed or replaced either descriptor: an answer written then would go wherever it points. */
void check_channels(const char* after);

/* From mpi_fuzz_helper.c: a predefined datatype by its MPI name (MPI_DATATYPE_NULL: none), and
 * an exact read from the requests. */
MPI_Datatype find_type(const char* name);
int read_exact(void* p, size_t n);
/* Answers "error CLASS NAME" for an MPI call that returned `rc` (MPI_ERRORS_RETURN). */
void answer_mpi_error(int rc);
/* Answers "fail WHAT: WHY" (one line). */
void fail(const char* what, const char* why);

/* Reads the N lines "NAME DISP" of a "typemap N LB EXTENT" request, each one element of a
 * predefined type, and builds their MPI_Type_create_struct resized to LB and EXTENT (MPI-4.1
 * §5.1.2, §5.1.7), committed: the derived datatype of the user-op requests and of
 * "reduce_typemap" (mpi_fuzz_helper.c). MPI_DATATYPE_NULL after answering "fail". */
MPI_Datatype read_typemap(long long n, long long lb, long long extent);

/* Handles one user-op request line (reading its payload from the requests and answering on `answers`);
 * 0 when the line is no such request. */
int user_op_request(const char* line);

/* Called when the requests end ("quit", or end of input): a worker forked by "isolate" ends
 * here, leaving MPI_Finalize to the process that initialised MPI. */
void end_of_requests(void);

#endif
