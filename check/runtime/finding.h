/* SPDX-License-Identifier: BSD-3-Clause */
/* A `finding` line (docs/check_records.md): the common fields, then the caller opens
 * "evidence" members with the rc_* writers and ends the line with rc_end. And a `note` line: what
 * the library could not check on a call, and why (never a finding). */
#ifndef REDSEM_CHECK_FINDING_H
#define REDSEM_CHECK_FINDING_H

#include "record.h"

/* Begins the line and leaves the "evidence" object open. */
void rc_finding_begin(rc_line *l, const char *check, const char *call, const char *rule, const char *message,
                      const void *caller);

/* A whole `note` line: `what` names the kind, `message` says why, in one sentence. */
void rc_note(const char *what, const char *call, const char *message, const void *caller);

#endif
