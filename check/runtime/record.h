/* SPDX-License-Identifier: BSD-3-Clause */
/* The record every rank of a checked program writes: one JSON object per line, each line sent
 * whole as soon as it is complete (record_sink.h: to the launcher, else to
 * $REDSEM_CHECK_DIR/rank-<world rank>.jsonl on this node), so that the lines written before a
 * crash survive it. `redsem check` reads the ranks' files after the run;
 * docs/check_records.md is the format both sides follow.
 *
 * Building a line:
 *   rc_line l;
 *   rc_begin(&l, "finding");            {"ev":"finding","rank":R,"seq":N
 *   rc_str(&l, "call", "MPI_Reduce");
 *   rc_open_object(&l, "evidence");     ,"evidence":{
 *   rc_int(&l, "root", 0);
 *   rc_close(&l);                       }
 *   rc_end(&l);                         }\n, written, freed
 * A NULL key adds an array item. Every interceptor checks rc_active() first and, when it is
 * false, only forwards to PMPI_: the library is then inert (no REDSEM_CHECK_DIR, or the program
 * runs another MPI than the one this library was built for). */
#ifndef REDSEM_CHECK_RECORD_H
#define REDSEM_CHECK_RECORD_H

#include <stddef.h>

#define RC_MAX_DEPTH 16

typedef struct rc_line {
  char *text;
  size_t len, cap;
  int depth;                         /* open objects and arrays, the line's own object included */
  char closer[RC_MAX_DEPTH];         /* '}' or ']' per open level */
  unsigned char empty[RC_MAX_DEPTH]; /* no member written yet at this level */
} rc_line;

/* Whether this process records (after MPI_Init succeeded with the MPI it was built for). */
int rc_active(void);
/* This process's rank in MPI_COMM_WORLD (-1 before MPI_Init). */
int rc_world_rank(void);

void rc_begin(rc_line *l, const char *ev);
void rc_str(rc_line *l, const char *key, const char *value); /* NULL value: null */
void rc_int(rc_line *l, const char *key, long long value);
void rc_bool(rc_line *l, const char *key, int value);
/* Bytes as lowercase hex, two digits per byte, in memory order. */
void rc_hex(rc_line *l, const char *key, const void *bytes, size_t n);
void rc_open_object(rc_line *l, const char *key);
void rc_open_array(rc_line *l, const char *key);
void rc_close(rc_line *l);
/* "caller":{"address":"0x…","module":"/path","offset":"0x…","symbol":"name"|null}: where the
 * intercepted call was made, `return_address` being __builtin_return_address(0) in the
 * interceptor. The launcher turns module+offset into file:line when the binary has them. */
void rc_caller(rc_line *l, const void *return_address);
/* The same object, under `key`, for a function's own address (a user op's function). */
void rc_function(rc_line *l, const char *key, void (*function)(void));
/* Closes what is open, appends the newline, writes the line and frees it. */
void rc_end(rc_line *l);

/* Counts one intercepted call of `call` (a string literal); the totals go in the finalize line. */
void rc_count(const char *call);
/* The number the next record line will have (`seq`): what a later line says happened before it. */
unsigned long rc_next_seq(void);
/* Counts one call forwarded without checks because it was made on an intercommunicator (the
 * finalize line's `unchecked`). */
void rc_count_intercomm(const char *call);

/* Sampling ($REDSEM_CHECK_SAMPLE): whether the call with this 0-based index among its kind
 * (call name and communicator or window) is checked in depth. "all": every call; N: the first
 * N, then those whose index is a power of two; 0: none (only what costs nothing is checked). */
int rc_sampled(unsigned long index);

/* Runs `hook` at MPI_Finalize, before PMPI_Finalize and the finalize line, in registration order. */
void rc_at_finalize(void (*hook)(void));

#endif
