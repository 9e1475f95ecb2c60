#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Runs every command a page of the docs shows and compares what it prints.

Usage: run_examples.py PAGE.md --bin DIR --source ROOT [--work DIR] [--update]

A runnable example is a ```console block: a line "$ command" (continued by a trailing
backslash) and, below it, what the command prints (stdout and stderr together). In the shown
output a line "…" stands for any number of lines, and "…" within a line for any text (a figure
that varies: a time, an address, a count of random draws), and a last line
"(exit N)" for the exit status, which is otherwise 0. A command with no output shown has its
output ignored. Commands run with bash from a scratch directory that looks like a clean clone
after the quick start: examples/, tests/ and docs/ of the source tree, build/examples/ made by
scripts/build-examples.sh, `redsem` and `redsem-mpi` first on PATH. --update writes what a
failing command printed into the page, for a writer to review (and to put back each "…").
A sanitizer's report in a command's output fails it whatever it prints and its exit status: a
"…" or an "(exit 1)" shown on the page would let it pass (tests/sanitizer_report/ says more).
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
from functools import lru_cache

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "sanitizer_report"))
import sanitizer_report  # noqa: E402 (found through the path above)

GAP = "…"
UPDATE = False


def examples(path):
    """(line number, command, expected lines) of every console block of a page."""
    found, block, lineno = [], None, 0
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        if block is None:
            if line.strip() == "```console":
                block = []
        elif line.strip() == "```":
            found.extend(block)
            block = None
        elif line.startswith("$ "):
            lineno, command = i + 1, line[2:]
            while command.endswith("\\") and i + 1 < len(lines):
                i += 1
                command = command + "\n" + lines[i]
            block.append((lineno, command, [], i + 1))
        elif block:
            block[-1][2].append(line.rstrip())
        i += 1
    return found


def line_matches(want, got):
    if GAP not in want:
        return got == want
    # "values …" also matches "values" at the end of a line: the space goes with the gap.
    parts = [re.escape(part) for part in re.sub(r"\s*" + GAP, GAP, want).split(GAP)]
    return re.fullmatch(".*".join(parts), got, re.DOTALL) is not None


def matches(pattern, actual):
    @lru_cache(maxsize=None)
    def at(p, a):
        if p == len(pattern):
            return a == len(actual)
        want = pattern[p]
        if want.strip() == GAP:
            return at(p + 1, a) or (a < len(actual) and at(p, a + 1))
        if a == len(actual):
            return False
        return line_matches(want, actual[a]) and at(p + 1, a + 1)
    return at(0, 0)


def scratch(work, source):
    for name in ("examples", "tests", "docs", "scripts"):
        os.symlink(os.path.join(source, name), os.path.join(work, name))
    subprocess.run(["bash", os.path.join(source, "scripts/build-examples.sh"),
                    os.path.join(work, "build/examples")], check=True, stdout=subprocess.DEVNULL)


def run(page, bindir, source, work):
    env = dict(os.environ, PATH=bindir + os.pathsep + os.environ["PATH"], LC_ALL="C.UTF-8",
               XDG_CACHE_HOME=os.path.join(work, "cache"), OMPI_ALLOW_RUN_AS_ROOT="1",
               OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1", NO_COLOR="1", COLUMNS="100")
    failures = 0
    shown = examples(page)
    updates = []
    for lineno, command, expected, first in shown:
        count = len(expected)
        while expected and expected[-1] == "":
            expected.pop()
        status = 0
        if expected and expected[-1].startswith("(exit "):
            status = int(expected.pop()[6:].split(")")[0].split(";")[0])
        while expected and expected[-1] == "":
            expected.pop()
        done = subprocess.run(["bash", "-c", command], cwd=work, env=env, stdin=subprocess.DEVNULL,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=1800)
        output = done.stdout.decode("utf-8", "replace").rstrip("\n").split("\n")
        output = [line.rstrip() for line in output]
        report = sanitizer_report.report_line("\n".join(output))
        ok = not report and done.returncode == status and (not expected or matches(tuple(expected), tuple(output)))
        print(f"{'ok  ' if ok else 'FAIL'} {page}:{lineno}: $ {command}")
        if report:
            print(f"  a sanitizer reported: {report}")
        if not ok:
            failures += 1
            print(f"  exit {done.returncode} (shown: {status}); output:")
            print("\n".join("  | " + line for line in output))
            updates.append((first, count, output + ([f"(exit {done.returncode})"] if done.returncode else [])))
    if UPDATE and updates:
        with open(page, encoding="utf-8") as f:
            lines = f.read().split("\n")
        for first, count, new in sorted(updates, reverse=True):
            lines[first:first + count] = new
        with open(page, "w", encoding="utf-8") as f:
            f.write("\n".join(lines))
    print(f"{len(shown)} command(s), {failures} failed")
    return failures == 0 and len(shown) > 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("page")
    parser.add_argument("--bin", required=True)
    parser.add_argument("--source", required=True)
    parser.add_argument("--work")
    parser.add_argument("--update", action="store_true")
    args = parser.parse_args()
    global UPDATE
    UPDATE = args.update
    page = os.path.abspath(args.page)
    if args.work:
        os.makedirs(args.work, exist_ok=True)
        scratch(args.work, args.source)
        return 0 if run(page, args.bin, args.source, args.work) else 1
    with tempfile.TemporaryDirectory(prefix="redsem-doc-") as work:
        scratch(work, args.source)
        return 0 if run(page, args.bin, args.source, work) else 1


if __name__ == "__main__":
    sys.exit(main())
