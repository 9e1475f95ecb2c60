#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""`redsem check --records` on a rank file of about 3 GB, read within a memory cap: one line of
2.7 GB (a hole of the file: no disk used) and 300 MB of valid lines, more than the reader keeps.
The file is made here and removed after.

usage: huge_records.py REDSEM WORKDIR MEMORY_MB

MEMORY_MB caps the address space and bounds the peak RSS; 0 sets neither (under a sanitizer, whose
shadow memory needs far more address space than any cap and is not the reader's)."""
import os
import shutil
import sys

from records_run import check_records  # beside this file

redsem, work, memory_mb = sys.argv[1], sys.argv[2], int(sys.argv[3])
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
try:
    with open(os.path.join(work, "rank-0.jsonl"), "wb") as f:
        f.write(b'{"ev":"start","rank":0,"seq":0,"size":1,"built_for":"openmpi","library":"Open MPI",'
                b'"program":"/tmp/app","pid":1,"sample":8}\n')
        f.seek(2700 << 20, os.SEEK_CUR)  # a 2.7 GB line of NUL bytes, read back from a hole
        f.write(b"\n")
        symbol = "f" * 900
        line = ('{"ev":"op_create","rank":0,"seq":2,"op":"user#1","commute":true,"function":{"module":"/tmp/app",'
                f'"offset":"0x10","symbol":"{symbol}"}}}}\n').encode()
        block = line * 1024
        for _ in range((300 << 20) // len(block)):
            f.write(block)
        f.write(b'{"ev":"finalize","rank":0,"seq":3,"calls":{"MPI_Op_create":1}}\n')
    check_records(redsem, work, ("longer than 4194304 bytes: skipped unread",
                                 "outgrew their share of the reader's memory bound", "verdict: clean (partial)"),
                  memory_mb, prefix=("prlimit", f"--as={memory_mb << 20}", "--") if memory_mb else (), timeout=600)
finally:
    shutil.rmtree(work, ignore_errors=True)
