/* SPDX-License-Identifier: BSD-3-Clause */
/* Delay injection's budget per process (watch_delay.h). Whether a hold is made is decided by its
 * least time, D, alone: the time hold_clock.h adds past D while another thread waits for a CPU is
 * never taken from the budget, so that which holds a run makes, and so what it finds, does not
 * depend on the machine's load (a loaded machine had spent the budget on extensions and cut later
 * holds). Each hold's extension is bounded by its cap (RC_HOLD_CAP times D), so the time held in
 * all stays within RC_HOLD_CAP times the budget. Atomics only: async-signal-safe. */
#ifndef REDSEM_CHECK_DELAY_BUDGET_H
#define REDSEM_CHECK_DELAY_BUDGET_H

struct rc_delay_budget {
  unsigned long long limit_ns; /* the holds' least times, D each, per process */
  unsigned long long taken_ns; /* of it, taken by the holds made */
  unsigned long long held_ns;  /* the time held in all: D each, and the extensions */
};

/* Takes a hold's least time `d_ns`: 1 when it fits in the budget, else 0 and nothing taken. */
int rc_budget_take_hold(struct rc_delay_budget *b, long long d_ns);
/* Counts `ns` held past D (an extension) in the time held in all; never refused. */
void rc_budget_held_more(struct rc_delay_budget *b, long long ns);

#endif
