/* A `finding` line (docs/check_records.md): the common fields, then the caller opens
 * "evidence" members with the rc_* writers and ends the line with rc_end. */
#ifndef REDSEM_CHECK_FINDING_H
#define REDSEM_CHECK_FINDING_H

#include "record.h"

/* Begins the line and leaves the "evidence" object open. */
void rc_finding_begin(rc_line *l, const char *check, const char *call, const char *rule, const char *message,
                      const void *caller);

#endif
