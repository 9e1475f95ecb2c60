#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Runs one MPI test program under mpirun with the check library preloaded and asserts its
records (docs/check_records.md) against tests/check/expected.json.

usage: run_checked.py EXPECTED_JSON PROGRAM_NAME LIBRARY PROGRAM -- LAUNCHER...

Exit 0 when every expectation holds, 1 with the reasons otherwise."""
import json
import os
import re
import struct
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "sanitizer_report"))
import sanitizer_report  # noqa: E402 (found through the path above)


def read_records(directory):
    """Every rank's lines, parsed; a line that is not JSON fails the test."""
    records = []
    for name in sorted(os.listdir(directory)):
        with open(os.path.join(directory, name), encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                try:
                    records.append(json.loads(line))
                except json.JSONDecodeError as e:
                    raise SystemExit(f"{name}:{number}: not JSON ({e}): {line!r}")
    return records


def doubles(hex_text):
    data = bytes.fromhex(hex_text)
    return list(struct.unpack(f"<{len(data) // 8}d", data))


def subset(expected, actual):
    """Whether every member of `expected` is in `actual` with the same value."""
    return all(k in actual and actual[k] == v for k, v in expected.items())


def check_findings(expect, findings, problems):
    seen = {}
    for f in findings:
        seen.setdefault(f["check"], []).append(f)
    wanted = {e["check"] for e in expect.get("findings", [])}
    for check in sorted(set(seen) - wanted):
        problems.append(f"unexpected finding {check}: {seen[check][0]['message']}")
    for e in expect.get("findings", []):
        found = [f for f in seen.get(e["check"], []) if subset(e.get("fields", {}), f)
                 and subset(e.get("evidence", {}), f["evidence"])]
        if len(found) < e.get("min_ranks", 1):
            problems.append(f"expected {e.get('min_ranks', 1)}+ findings {e['check']} with {e.get('fields')} "
                            f"{e.get('evidence')}, got {len(found)}: {seen.get(e['check'])}")
        for f in found:
            if not f.get("caller", {}).get("module", "").endswith(expect["program_suffix"]):
                problems.append(f"finding {e['check']} names caller {f.get('caller')}, not the program")


def check_notes(expect, notes, problems):
    """Every note must be expected: a legal program leaves none."""
    wanted = {e["what"] for e in expect.get("notes", [])}
    for n in notes:
        if n.get("what") not in wanted:
            problems.append(f"unexpected note {n.get('what')}: {n.get('message')}")
    for e in expect.get("notes", []):
        found = [n for n in notes if n.get("what") == e["what"] and subset(e.get("fields", {}), n)]
        if len(found) < e.get("min_ranks", 1):
            problems.append(f"expected {e.get('min_ranks', 1)}+ notes {e['what']} with {e.get('fields')}, "
                            f"got {len(found)}")


def check_calls(expect, finals, problems):
    """`calls` on every rank; `calls_mpi4` too when the library is an MPI-4 one (its `_c` forms);
    `unchecked` (calls forwarded without checks, per reason) likewise."""
    wanted = dict(expect.get("calls", {}))
    if any(r.get("built_for") == "mpich" for r in finals):
        wanted.update(expect.get("calls_mpi4", {}))
    for call, count in wanted.items():
        for r in finals:
            if r["calls"].get(call) != count:
                problems.append(f"rank {r['rank']} counted {r['calls'].get(call)} {call}, expected {count}")
    for reason, calls in expect.get("unchecked", {}).items():
        for r in finals:
            got = r.get("unchecked", {}).get(reason, {})
            if got != calls:
                problems.append(f"rank {r['rank']} did not check {got} for {reason}, expected {calls}")


def leftover_processes(program):
    """The program's processes still running (a law-check child left behind), after a grace period:
    those whose command line starts with the program (not this script's, nor the launcher's)."""
    pattern = "^" + re.escape(program) + "( |$)"
    for _ in range(20):
        found = subprocess.run(["pgrep", "-f", pattern], stdout=subprocess.PIPE, check=False).stdout.split()
        if not found:
            return []
        time.sleep(0.5)
    return found


def check_reductions(expect, reductions, problems):
    for e in expect.get("reductions", []):
        found = [r for r in reductions if subset(e["fields"], r)]
        if not found:
            problems.append(f"no reduction record with {e['fields']}; got {[r['call'] for r in reductions]}")
            continue
        r = found[0]
        inputs = [doubles(h) for h in r["inputs"]]
        if inputs != e["inputs_f64"]:
            problems.append(f"reduction inputs {inputs} != {e['inputs_f64']}")
        if doubles(r["result"]) not in e["result_f64_one_of"]:
            problems.append(f"reduction result {doubles(r['result'])} not in {e['result_f64_one_of']}")


def check_exact_results(expect, reductions, problems):
    """With values whose every sum is exact, each record's result must be what its inputs give:
    all of them combined, or for MPI_Exscan all but the last rank's (its result_rank's)."""
    if not expect.get("exact_results"):
        return
    combine = {"MPI_SUM": sum, "MPI_MAX": max, "MPI_MIN": min}
    checked = 0
    for r in reductions:
        if r["type"] != "MPI_DOUBLE" or r["op"] not in combine:
            continue
        inputs = [doubles(h) for h in r["inputs"]]
        if r["call"] == "MPI_Exscan":
            inputs = inputs[:-1]
        wanted = [combine[r["op"]](column) for column in zip(*inputs)]
        if doubles(r["result"]) != wanted:
            problems.append(f"{r['call']} #{r['index']}: result {doubles(r['result'])} != {wanted} from its inputs")
        checked += 1
    if checked == 0:
        problems.append("no reduction record to check")


def check_sanitizer_reports(expect, output, status, problems):
    """A sanitizer's report fails the test whatever the exit status, which is not compared when the
    program may exit non-zero (tests/sanitizer_report/sanitizer_report.cmake says why); but for one
    the program's own error makes the MPI library raise (`sanitizer_report_allowed`, with why)."""
    allowed = expect.get("sanitizer_report_allowed", {}).get("report")
    reports = [r for r in sanitizer_report.report_lines(output) if not (allowed and allowed in r)]
    if reports:
        problems.append(f"a sanitizer reported (exit {status}): {reports[0]}\n{output}")


def main(argv):
    if len(argv) < 7 or argv[5] != "--":
        print(__doc__, file=sys.stderr)
        return 2
    expected_file, name, library, program, launcher = argv[1], argv[2], argv[3], argv[4], argv[6:]
    with open(expected_file, encoding="utf-8") as f:
        expect = json.load(f)[name]
    expect["program_suffix"] = os.path.basename(program)
    with tempfile.TemporaryDirectory(prefix="redsem-check-test-") as directory:
        env = dict(os.environ, REDSEM_CHECK_DIR=directory, LD_PRELOAD=library)
        began = time.monotonic()
        run = subprocess.run(launcher + [program], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             timeout=240, check=False)
        elapsed = time.monotonic() - began
        records = read_records(directory)
    problems = []
    output = run.stdout.decode(errors="replace")
    check_sanitizer_reports(expect, output, run.returncode, problems)
    if expect.get("leave_no_process"):
        left = leftover_processes(program)
        if left:
            problems.append(f"processes of the program left running: {left}")
            for pid in left:
                try:
                    os.kill(int(pid), 9)
                except OSError:
                    pass
        # A law check bounded per call ends in seconds; the old one-minute wait took longer.
        if elapsed > 50:
            problems.append(f"the run took {elapsed:.0f} s: the law check's child was not bounded")
    if expect["exit"] == 0 and run.returncode != 0:
        problems.append(f"exit status {run.returncode}, expected 0:\n{output}")
    starts = [r for r in records if r["ev"] == "start"]
    finals = [r for r in records if r["ev"] == "finalize"]
    # A program the library kills may lose ranks that had not opened their record yet.
    if len(starts) != 4 and (expect["exit"] == 0 or not starts):
        problems.append(f"{len(starts)} start records, expected 4 (one per rank)")
    if expect["exit"] == 0 and len(finals) != 4:
        problems.append(f"{len(finals)} finalize records, expected 4")
    for r in finals:
        r["built_for"] = next((s["built_for"] for s in starts if s["rank"] == r["rank"]), None)
    check_calls(expect, finals, problems)
    check_notes(expect, [r for r in records if r["ev"] == "note"], problems)
    check_findings(expect, [r for r in records if r["ev"] == "finding"], problems)
    check_reductions(expect, [r for r in records if r["ev"] == "reduction"], problems)
    check_exact_results(expect, [r for r in records if r["ev"] == "reduction"], problems)
    for p in problems:
        print(f"{name}: {p}")
    if not problems:
        print(f"{name}: records as expected ({len(records)} lines)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
