/* SPDX-License-Identifier: BSD-3-Clause */
#include "delay_budget.h"

int rc_budget_take_hold(struct rc_delay_budget *b, long long d_ns) {
  const unsigned long long d = (unsigned long long)d_ns;
  if (__atomic_add_fetch(&b->taken_ns, d, __ATOMIC_RELAXED) > b->limit_ns) {
    __atomic_sub_fetch(&b->taken_ns, d, __ATOMIC_RELAXED);
    return 0;
  }
  __atomic_add_fetch(&b->held_ns, d, __ATOMIC_RELAXED);
  return 1;
}

void rc_budget_held_more(struct rc_delay_budget *b, long long ns) {
  __atomic_add_fetch(&b->held_ns, (unsigned long long)ns, __ATOMIC_RELAXED);
}
