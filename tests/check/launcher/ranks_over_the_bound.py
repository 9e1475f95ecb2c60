#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""`redsem check --records` on four ranks' records of which three outgrow their share of the
reader's memory bound (64 MiB of parsed lines for the run): each of the three is cut and named with
what was left unread in the text, JSON and HTML reports, the fourth is read whole, and the verdict
is `clean (partial)`. In the HTML a cut rank and the verdict have the look of partial coverage
(class "partial"), the rank read whole that of a pass. The files (about 45 MB) are made here and
removed after.

usage: ranks_over_the_bound.py REDSEM WORKDIR"""
import json
import os
import shutil
import sys

from records_run import fail, run_records  # beside this file

redsem, work = sys.argv[1], sys.argv[2]
records, html = os.path.join(work, "records"), os.path.join(work, "html")
shutil.rmtree(work, ignore_errors=True)
os.makedirs(records)
try:
    big_lines = 15000  # about 15 MB a rank, more than its share once parsed
    for rank in range(4):
        lines = big_lines if rank < 3 else 10
        with open(os.path.join(records, f"rank-{rank}.jsonl"), "w") as f:
            f.write(f'{{"ev":"start","rank":{rank},"seq":0,"size":4,"built_for":"openmpi",'
                    f'"library":"Open MPI","program":"/tmp/app","pid":{rank + 1},"sample":8}}\n')
            symbol = "f" * 900
            for seq in range(1, lines + 1):
                f.write(f'{{"ev":"op_create","rank":{rank},"seq":{seq},"op":"user#1","commute":true,'
                        f'"function":{{"module":"/tmp/app","offset":"0x10","symbol":"{symbol}"}}}}\n')
            f.write(f'{{"ev":"finalize","rank":{rank},"seq":{lines + 1},"calls":{{"MPI_Op_create":{lines}}}}}\n')
    out_json = os.path.join(work, "report.json")
    r, problems = run_records(redsem, records, ("--json-file", out_json, "--html", html), timeout=600)
    report = json.load(open(out_json))
    page = open(os.path.join(html, "index.html")).read()
    if report["verdict"] != "clean_partial":
        problems.append(f"JSON verdict {report['verdict']}, expected clean_partial")
    if "verdict: clean (partial)" not in r.stderr:
        problems.append("the text does not say verdict: clean (partial)")
    for rank in report["ranks"]:
        n, cut = rank["rank"], rank.get("record_cut")
        said = f"  rank {n}: finished (its record cut at line "
        if n == 3:
            if cut or f"  rank {n}: finished\n" not in r.stderr:
                problems.append(f"rank 3, read whole, is said to be cut: {cut}")
            if '<td>3</td><td class="pass">finished</td>' not in page:
                problems.append("rank 3, read whole, does not look passed in the HTML")
            continue
        if not cut or cut["lines"] <= 0 or cut["bytes"] <= 0 or not 1 < cut["line"] < big_lines:
            problems.append(f"rank {n}: JSON record_cut {cut}")
            continue
        text = f"line {cut['line']} by the reader's memory bound: {cut['lines']} line(s), {cut['bytes']} byte(s)"
        if said + text.removeprefix("line ") not in r.stderr:
            problems.append(f"rank {n}: the text does not say '{text}'")
        if f"<td>{n}</td><td class=\"partial\">finished (its record cut at {text}" not in page:
            problems.append(f"rank {n}: the HTML does not say '{text}' in the look of partial coverage")
    if '<p id="verdict" class="partial" data-verdict="clean_partial">' not in page:
        problems.append("the HTML verdict does not look partial")
    if not any("3 rank(s)' records outgrew their share" in line for line in report["coverage"]["not_observed"]):
        problems.append("the JSON coverage does not count the 3 ranks cut")
    fail(problems, r)
finally:
    shutil.rmtree(work, ignore_errors=True)
