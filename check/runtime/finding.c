/* SPDX-License-Identifier: BSD-3-Clause */
#include "finding.h"

void rc_finding_begin(rc_line *l, const char *check, const char *call, const char *rule, const char *message,
                      const void *caller) {
  rc_begin(l, "finding");
  rc_str(l, "check", check);
  rc_str(l, "call", call);
  rc_str(l, "rule", rule);
  rc_str(l, "message", message);
  rc_caller(l, caller);
  rc_open_object(l, "evidence");
}

void rc_note(const char *what, const char *call, const char *message, const void *caller) {
  rc_line l;
  rc_begin(&l, "note");
  rc_str(&l, "what", what);
  rc_str(&l, "call", call);
  rc_str(&l, "message", message);
  rc_caller(&l, caller);
  rc_end(&l);
}
