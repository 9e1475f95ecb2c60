#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""The progress line of long runs (tools/cli/progress.h), seen as a user sees it.

Runs one command under a pseudo-terminal (its stdout and stderr the terminal, as in a shell)
and checks that: the command's header comes before any progress line; at least one progress
line "[done/total] rate/s time s  label" is drawn, each well formed with done <= total and
done never going down (until other output ends that line: a command may show several in turn); colour unless NO_COLOR; the line is cleared at the end. Then runs it
again piped and checks that no progress line nor carriage return reaches its stderr. A
sanitizer's report in either run's output fails the test, although exit 1 passes (a finding's
status, and ASan's and UBSan's: tests/sanitizer_report/ says more).

With --seen REGEX, some progress line's text after the label must match it too (a phase of
the run that must show progress, such as `check`'s while the program runs).

Usage: progress_pty.py LABEL HEADER_REGEX [--seen REGEX] -- COMMAND...
"""
import os
import pty
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "sanitizer_report"))
import sanitizer_report  # noqa: E402 (found through the path above)

PROGRESS = re.compile(r"\r\x1b\[K(?:\x1b\[1;32m)?\[([0-9.e+]+)(?:/([0-9.e+]+))?\](?:\x1b\[0m)? "
                      r"[0-9.e+]+/s [0-9]+ s  ([^\r\n\x1b]*)")


def under_pty(argv, env):
    """What a terminal shows of the command (stdout and stderr interleaved), and its status."""
    pid, fd = pty.fork()
    if pid == 0:
        os.execvpe(argv[0], argv, env)
    chunks = []
    while True:
        try:
            data = os.read(fd, 65536)
        except OSError:  # EIO: the child closed the terminal
            break
        if not data:
            break
        chunks.append(data)
    _, status = os.waitpid(pid, 0)
    return b"".join(chunks).decode("utf-8", "replace"), os.waitstatus_to_exitcode(status)


def fail(why, shown):
    sys.exit(f"FAIL: {why}\n--- output ---\n{shown!r}")


def check_terminal(argv, label, header, colour, seen):
    env = dict(os.environ)
    env.pop("NO_COLOR", None)
    if not colour:
        env["NO_COLOR"] = "1"
    shown, status = under_pty(argv, env)
    report = sanitizer_report.report_line(shown)
    if report:
        fail(f"a sanitizer reported (exit {status}): {report}", shown)
    if status not in (0, 1):
        fail(f"exit {status}", shown)
    lines = list(PROGRESS.finditer(shown))
    if not lines:
        fail("no progress line under a terminal", shown)
    last = -1.0
    previous_end = 0
    for m in lines:
        # Output between two lines (a header, a report) ends one bar: the next may count other things.
        if shown[previous_end:m.start()].replace("\r\x1b[K", ""):
            last = -1.0
        previous_end = m.end()
        done = float(m.group(1))
        total = float(m.group(2)) if m.group(2) else None
        if total is not None and done > total:
            fail(f"count {m.group(0)!r} passes its total", shown)
        if done < last:
            fail(f"count {m.group(0)!r} went down from {last}", shown)
        last = done
        if not m.group(3).startswith(label):
            fail(f"progress line {m.group(0)!r} does not name {label!r}", shown)
    if seen and not any(re.search(seen, m.group(3)) for m in lines):
        fail(f"no progress line shows {seen!r}", shown)
    header_at = re.search(header, shown)
    if not header_at or header_at.start() > lines[0].start():
        fail(f"the header {header!r} does not come before the first progress line", shown)
    if colour != ("\x1b[1;32m" in shown):
        fail("colour " + ("missing" if colour else "drawn although NO_COLOR is set"), shown)
    cleared = shown.rfind("\r\x1b[K")
    if PROGRESS.match(shown, cleared):
        fail("the last progress line is not cleared", shown)


def check_piped(argv):
    run = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    report = sanitizer_report.report_line(run.stderr + run.stdout)
    if report:
        fail(f"a sanitizer reported piped (exit {run.returncode}): {report}", run.stderr)
    if "\r" in run.stderr or "\x1b[" in run.stderr or re.search(r"\[[0-9.e+]+/[0-9.e+]+\] [0-9.e+]+/s", run.stderr):
        fail("piped stderr has a progress line", run.stderr)


def main():
    args = sys.argv[1:]
    seen = None
    if len(args) >= 4 and args[2] == "--seen":
        seen = args[3]
        del args[2:4]
    if len(args) < 4 or args[2] != "--":
        sys.exit(__doc__)
    label, header, argv = args[0], args[1], args[3:]
    check_terminal(argv, label, header, colour=True, seen=seen)
    check_terminal(argv, label, header, colour=False, seen=seen)
    check_piped(argv)
    print(f"progress_pty: {label}: progress line well formed on a terminal, none piped")


if __name__ == "__main__":
    main()
