/* SPDX-License-Identifier: BSD-3-Clause */
/* Delay injection's budget (check/runtime/delay_budget.h): the holds that fit are those whose
 * least times fit, however long a loaded machine made the holds before them, and the time held in
 * all counts the extensions. Exits 1 at the first disagreement, naming it. */
#include "delay_budget.h"

#include <stdio.h>

#define D 20LL

static int failures;

static void expect(int ok, const char *what) {
  if (ok) return;
  printf("FAILED: %s\n", what);
  ++failures;
}

/* The holds `budget` lets a run make, each extended by `extension` (as hold_clock.c's steps past D
 * would be on a loaded machine). */
static int holds_made(struct rc_delay_budget *b, long long extension) {
  int made = 0;
  while (made < 1000 && rc_budget_take_hold(b, D)) {
    ++made;
    rc_budget_held_more(b, extension);
  }
  return made;
}

int main(void) {
  struct rc_delay_budget idle = {.limit_ns = 100 * D}, loaded = {.limit_ns = 100 * D};
  expect(holds_made(&idle, 0) == 100, "an idle machine's holds fill the budget at D each");
  expect(holds_made(&loaded, 9 * D) == 100, "holds extended to their cap take no more of the budget");
  expect(idle.held_ns == 100 * D, "the time held in all is D a hold when none was extended");
  expect(loaded.held_ns == 1000 * D, "the time held in all counts the extensions");
  expect(!rc_budget_take_hold(&loaded, D) && loaded.taken_ns == 100 * D, "a hold past the budget takes nothing");
  struct rc_delay_budget small = {.limit_ns = D + D / 2};
  expect(rc_budget_take_hold(&small, D) && !rc_budget_take_hold(&small, D), "a hold fits only whole");
  if (failures == 0) printf("delay budget: every expectation held\n");
  return failures != 0;
}
