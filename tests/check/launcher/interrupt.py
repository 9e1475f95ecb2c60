#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""SIGINT or SIGTERM to `redsem check` while the program runs: the signal reaches the program,
its records directory is removed, no process of it is left, and redsem exits 128 + the signal.
SIGNAL:thread sends it to redsem's newest thread (the record listener's) instead of the process:
the handler then runs there, not on the thread waiting for the program.

usage: interrupt.py SIGNAL[:thread] REDSEM WORKDIR -- LAUNCHER... PROGRAM SECONDS

SECONDS, the program's sleep, tells this test's processes from another test's running the
same program."""
import ctypes
import os
import shutil
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../..", "sanitizer_report"))
import sanitizer_report  # noqa: E402 (found through the path above)


def wait_for(predicate, seconds):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.2)
    return predicate()


def program_processes(program, seconds):
    found = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit() or int(pid) == os.getpid():
            continue
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                words = f.read().split(b"\0")
        except OSError:
            continue
        text = [w.decode(errors="replace") for w in words]
        if program in text and seconds in text:
            found.append(pid)
    return found


def send_to_newest_thread(pid, sig):
    """tgkill to the thread of `pid` created last (the listener's: stderr is a pipe, so no progress
    line's thread; a sanitizer's own thread starts before it)."""
    newest = max(int(t) for t in os.listdir(f"/proc/{pid}/task") if int(t) != pid)
    if ctypes.CDLL(None, use_errno=True).tgkill(pid, newest, int(sig)) != 0:
        raise SystemExit(f"tgkill: {os.strerror(ctypes.get_errno())}")


def main():
    name, _, to = sys.argv[1].partition(":")
    sig = getattr(signal, name)
    redsem, work = sys.argv[2], sys.argv[3]
    command = sys.argv[sys.argv.index("--") + 1:]
    program, seconds = command[-2], command[-1]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    env = dict(os.environ, TMPDIR=work)
    p = subprocess.Popen([redsem, "check", "--", *command], env=env, stderr=subprocess.PIPE, text=True)

    def started():  # every rank has written its start line
        dirs = [os.path.join(work, d) for d in os.listdir(work)]
        return any(len([f for f in os.listdir(d) if f.startswith("rank-")]) >= 2 for d in dirs if os.path.isdir(d))

    if not wait_for(started, 120):
        p.kill()
        raise SystemExit("the program's ranks never started: " + p.communicate()[1])
    time.sleep(1)  # inside the sleep, after the Allreduce
    if to == "thread":
        send_to_newest_thread(p.pid, sig)
    else:
        p.send_signal(sig)
    try:
        _, err = p.communicate(timeout=90)
    except subprocess.TimeoutExpired:
        p.kill()
        raise SystemExit("redsem check did not end after " + sys.argv[1])
    problems = []
    report = sanitizer_report.report_line(err)
    if report:
        problems.append(f"a sanitizer reported: {report}")
    if p.returncode != 128 + sig:
        problems.append(f"exit {p.returncode}, expected {128 + sig}")
    if "interrupted by" not in err:
        problems.append("stderr does not say it was interrupted")
    if os.listdir(work):
        problems.append(f"left behind in $TMPDIR: {os.listdir(work)}")
    if not wait_for(lambda: not program_processes(program, seconds), 10):
        problems.append(f"processes of {program} left: {program_processes(program, seconds)}")
    shutil.rmtree(work, ignore_errors=True)
    if problems:
        raise SystemExit("\n".join(problems) + "\nstderr:\n" + err)


if __name__ == "__main__":
    main()
