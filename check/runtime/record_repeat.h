/* SPDX-License-Identifier: BSD-3-Clause */
/* Repeated poll iterations written once (docs/check_records.md, `rma_repeat`; docs/design.md,
 * "Repeated polls"). A spin loop on a window (MPI_Fetch_and_op with MPI_NO_OP, or a
 * compare-and-swap that fails, then a flush, again and again) would exhaust the record's bound of
 * synchronisation calls per window long before it ends. Every record line passes through here:
 * when the last lines of a window, ending with a synchronisation call, repeat the lines just before
 * them exactly (same calls, targets, displacements, types, values fetched and stored; only `seq`,
 * the times and the epoch numbers differ), the further repeats are not written, and one
 * `rma_repeat` line says how many there were. Only lines that the analysis can read that way are
 * taken (a period writes nothing to any target, has no process synchronisation, no fence, lock or
 * PSCW call, no request, and is on a window that is neither shared nor dynamic); any other line
 * ends the repeat. */
#ifndef REDSEM_CHECK_RECORD_REPEAT_H
#define REDSEM_CHECK_RECORD_REPEAT_H

#include <stddef.h>

/* Writes a finished line (record_sink.h), or holds it as one more repeat of the period. */
void rc_repeat_write(const char *text, size_t len);
/* The synchronisation calls on window `win_id` that were not written because they repeated: the
 * record's bound per window (RC_RMA_MAX_SYNCS) counts the lines written. */
unsigned long rc_repeat_absorbed_syncs(int win_id);
/* Ends the repeat now (writing what it held): a later line will refer to this point by `seq`. */
void rc_repeat_break(void);

#endif
