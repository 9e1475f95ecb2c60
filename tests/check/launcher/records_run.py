# SPDX-License-Identifier: BSD-3-Clause
"""One `redsem check --records DIR` run of the launcher's records tests (huge_records.py,
rma_records_memory.py, ranks_over_the_bound.py): `run_records` runs it and finds what every one of
them requires (exit 0, no sanitizer report); `check_records` adds each expected text on stderr and
the child's peak RSS (ru_maxrss, which does not depend on the machine's load) within `memory_mb`
(0: not measured). `fail` exits with the problems and the output's tails when there are any."""
import os
import resource
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../..", "sanitizer_report"))
import sanitizer_report  # noqa: E402 (found through the path above)


def run_records(redsem, records, options=(), prefix=(), timeout=1200):
    """The run's result and the problems every records test finds in it."""
    r = subprocess.run([*prefix, redsem, "check", "--records", records, *options], capture_output=True, text=True,
                       timeout=timeout)
    problems = []
    if r.returncode != 0:
        problems.append(f"exit {r.returncode}, expected 0")
    report = sanitizer_report.report_line(r.stderr + r.stdout)
    if report:
        problems.append(f"a sanitizer reported: {report}")
    return r, problems


def fail(problems, r):
    if problems:
        raise SystemExit("\n".join(problems) + f"\nstdout:\n{r.stdout[-2000:]}\nstderr:\n{r.stderr[-4000:]}")


def check_records(redsem, records, expected, memory_mb, prefix=(), timeout=1200):
    r, problems = run_records(redsem, records, prefix=prefix, timeout=timeout)
    peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024
    for text in expected:
        if text not in r.stderr:
            problems.append(f"stderr does not say '{text}'")
    if memory_mb and peak_mb > memory_mb:
        problems.append(f"peak RSS {peak_mb} MiB, more than {memory_mb}")
    fail(problems, r)
    print(f"peak RSS {peak_mb} MiB")
