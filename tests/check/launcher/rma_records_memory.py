#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""`redsem check --records` on an RMA-heavy run's records far larger than the reader keeps (four
ranks of lock/get/unlock rounds, scripts/rma_records.py): the peak RSS of the whole check, reading
and analyses, stays within MEMORY_MB whatever the records' size (issue 30, item 8; 0: not
measured, under a sanitizer), every rank is cut and said, and the verdict is partial, never clean.
The peak is the child's ru_maxrss, which does not depend on the machine's load. The files are made
here and removed after.

usage: rma_records_memory.py REDSEM WORKDIR MEGABYTES_PER_RANK MEMORY_MB"""
import os
import resource
import shutil
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "../..", "sanitizer_report"))
sys.path.insert(0, os.path.join(here, "../../..", "scripts"))
import rma_records  # noqa: E402 (found through the path above)
import sanitizer_report  # noqa: E402

redsem, work, per_rank_mb, memory_mb = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
shutil.rmtree(work, ignore_errors=True)
try:
    rma_records.write_records(work, ranks=4, bytes_per_rank=per_rank_mb << 20)
    r = subprocess.run([redsem, "check", "--records", work], capture_output=True, text=True, timeout=1200)
    peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024
    problems = []
    if r.returncode != 0:
        problems.append(f"exit {r.returncode}, expected 0")
    report = sanitizer_report.report_line(r.stderr + r.stdout)
    if report:
        problems.append(f"a sanitizer reported: {report}")
    for expected in ("4 rank(s)' records outgrew their share of the reader's memory bound",
                     "verdict: clean (partial)"):
        if expected not in r.stderr:
            problems.append(f"stderr does not say '{expected}'")
    if memory_mb and peak_mb > memory_mb:
        problems.append(f"peak RSS {peak_mb} MiB, more than {memory_mb}")
    if problems:
        raise SystemExit("\n".join(problems) + f"\nstdout:\n{r.stdout[-2000:]}\nstderr:\n{r.stderr[-4000:]}")
    print(f"peak RSS {peak_mb} MiB")
finally:
    shutil.rmtree(work, ignore_errors=True)
