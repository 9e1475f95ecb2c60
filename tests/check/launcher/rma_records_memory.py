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
import shutil
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "../../..", "scripts"))
import rma_records  # noqa: E402 (found through the path above)
from records_run import check_records  # noqa: E402 (beside this file)

redsem, work, per_rank_mb, memory_mb = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
shutil.rmtree(work, ignore_errors=True)
try:
    rma_records.write_records(work, ranks=4, bytes_per_rank=per_rank_mb << 20)
    check_records(redsem, work, ("4 rank(s)' records outgrew their share of the reader's memory bound",
                                 "verdict: clean (partial)"), memory_mb)
finally:
    shutil.rmtree(work, ignore_errors=True)
