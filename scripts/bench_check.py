#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""The overhead of `redsem check` (memory watching on) on an RMA-heavy, a collective-heavy and a
request-heavy program (issue 30, item 10; docs/benchmarks.md).

Builds bench/check/rma_heavy.c, bench/check/collective_heavy.c and bench/check/request_heavy.c
with each MPI's wrapper and runs them on PROCS ranks in interleaved rounds: plain (`mpirun`),
under `redsem check`, and, for the RMA program, under `redsem check --no-watch` (the watcher's
share) and `--sample all` (every call's buffers watched), and plain and `--no-watch` again with the MPI
settings the check library sets for the watcher (read from a probe run's `start` line,
`watch_settings`: they change which components serve the run, so that is the baseline the
check's cost shows against),
and for the collective one under `redsem check --sample 0` (the sampled calls' share). The
request-heavy program runs without a window and with one (the check library writes what requests
synchronise only while a window exists), each against its own plain run. For each mode it prints
the medians of the whole job's wall time (around mpirun, or around `redsem check`, analysis
included), of the program's own loop time (MPI_Wtime, slowest rank: no start-up, no analysis)
and of the post-run analysis alone (`redsem check --records` on the records the run kept), with
the ratios to the plain run.

usage: bench_check.py [--mpi openmpi mpich] [--programs rma collectives requests] [--build DIR]
                      [--rounds N] [--procs N] [--rma-calls N] [--flush-every K] [--coll-calls N]
                      [--steps N] [--requests N]"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCES = os.path.join(HERE, "..", "bench", "check")


def launcher(mpi, procs):
    if mpi == "openmpi":
        return ["mpirun.openmpi", "--oversubscribe", "-n", str(procs)]
    return ["mpirun.mpich", "-n", str(procs)]


def timed(command, env):
    """Runs command; returns (wall seconds, its stdout, its exit status)."""
    start = time.monotonic()
    out = subprocess.run(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=3600)
    wall = time.monotonic() - start
    if out.returncode not in (0, 1):
        sys.stderr.write(out.stderr.decode(errors="replace")[-4000:])
        raise SystemExit(f"bench_check: {' '.join(command)} exited {out.returncode}")
    return wall, out.stdout.decode(errors="replace"), out.returncode


def loop_seconds(stdout):
    for line in reversed(stdout.split()):
        try:
            return float(line)
        except ValueError:
            continue
    raise SystemExit("bench_check: the program printed no loop time")


class Mode:
    def __init__(self, program, name, options, settings=None):
        self.program, self.name, self.options = program, name, options  # options None: plain mpirun
        self.settings = settings or {}  # added to the run's environment
        self.wall, self.loop, self.analysis = [], [], []

    def run(self, redsem, job, env, tmp):
        if self.options is None:
            wall, stdout, _ = timed(job, dict(env, **self.settings))
            self.wall.append(wall)
            self.loop.append(loop_seconds(stdout))
            self.progress()
            return
        records = os.path.join(tmp, "records")
        shutil.rmtree(records, ignore_errors=True)
        env = dict(env, **self.settings)
        wall, stdout, status = timed([redsem, "check", *self.options, "--keep-records", records, "--", *job], env)
        if status == 1:
            print(f"  note: {self.name} reported findings on {self.program} (exit 1)", file=sys.stderr)
        self.wall.append(wall)
        self.loop.append(loop_seconds(stdout))
        analysis, _, _ = timed([redsem, "check", *self.options, "--records", records], env)
        self.analysis.append(analysis)
        self.progress()

    def progress(self):
        analysis = f", analysis {self.analysis[-1]:.2f} s" if self.analysis else ""
        print(f"  {self.program}, {self.name}:"
              f" job {self.wall[-1]:.2f} s, loop {self.loop[-1]:.2f} s{analysis}"
              f" (load average {os.getloadavg()[0]:.1f})", file=sys.stderr, flush=True)


def report(title, modes):
    """Medians and ratios to the plain run; where a plain run with the check's MPI settings was
    made, the ratios to it as well (its components are the ones the checked runs use)."""
    plain = modes[0]
    same = next((m for m in modes if m.options is None and m.settings), None)
    bases = [(statistics.median(b.wall), statistics.median(b.loop)) for b in (plain, same) if b]
    print(title)
    header = f"  {'mode':34s} {'job wall':>9s} {'ratio':>6s} {'loop':>9s} {'ratio':>6s} {'analysis':>9s}"
    print(header + (f" {'ratios to plain with the settings':>34s}" if same else ""))
    for mode in modes:
        wall, loop = statistics.median(mode.wall), statistics.median(mode.loop)
        analysis = f"{statistics.median(mode.analysis):8.2f}s" if mode.analysis else f"{'-':>9s}"
        ratios = [f"{wall / w:5.2f}x {loop / l:5.2f}x" for w, l in bases]
        line = f"  {mode.name:34s} {wall:8.2f}s {ratios[0][:6]} {loop:8.3f}s {ratios[0][7:]} {analysis}"
        print(line + (f" {'job ' + ratios[1][:6] + ', loop ' + ratios[1][7:]:>34s}" if same else ""))


def watch_settings(redsem, job, env, tmp):
    """The MPI settings the check library sets for the watcher in this run (the `start` line's
    `watch_settings`, check/runtime/watch_policy.c), from a short probe run of job under the check."""
    records = os.path.join(tmp, "probe")
    shutil.rmtree(records, ignore_errors=True)
    timed([redsem, "check", "--keep-records", records, "--", *job], env)
    with open(os.path.join(records, "rank-0.jsonl")) as rank0:
        return json.loads(rank0.readline()).get("watch_settings", {})


def programs_of(args, build, settings):
    """The (title, modes, job) of each program asked for; build(name) compiles bench/check/name.c,
    settings(job) gives the check's MPI settings for a probe job."""
    programs = []
    if "rma" in args.programs:
        job = [build("rma_heavy"), str(args.rma_calls), str(args.flush_every)]
        modes = [Mode("rma_heavy", *mode) for mode in
                 (("plain", None), ("redsem check", []), ("redsem check --no-watch", ["--no-watch"]),
                  ("redsem check --sample all", ["--sample", "all"]))]
        watcher_settings = settings([job[0], "100", "1"])
        if watcher_settings:  # the same components without the watcher: what it costs alone
            modes += [Mode("rma_heavy", "plain, the check's settings", None, watcher_settings),
                      Mode("rma_heavy", "--no-watch, the check's settings", ["--no-watch"], watcher_settings)]
        programs.append((f" rma_heavy: {args.rma_calls} MPI_Accumulate, MPI_Win_flush every {args.flush_every}",
                         modes, job))
    if "collectives" in args.programs:
        job = [build("collective_heavy"), str(args.coll_calls)]
        modes = [Mode("collective_heavy", *mode) for mode in
                 (("plain", None), ("redsem check", []), ("redsem check --sample 0", ["--sample", "0"]))]
        programs.append((f" collective_heavy: {args.coll_calls} reductions", modes, job))
    if "requests" in args.programs:
        program = build("request_heavy")
        for window, name in ((0, "no window"), (1, "a window")):
            job = [program, str(args.steps), str(args.requests), str(window)]
            modes = [Mode(f"request_heavy, {name}", *mode) for mode in (("plain", None), ("redsem check", []))]
            programs.append((f" request_heavy, {name}: {args.steps} steps of {args.requests} requests", modes, job))
    return programs


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mpi", nargs="+", choices=["openmpi", "mpich"], default=["openmpi", "mpich"])
    parser.add_argument("--programs", nargs="+", choices=["rma", "collectives", "requests"],
                        default=["rma", "collectives", "requests"])
    parser.add_argument("--build", default=os.path.join(HERE, "..", "build", "release"))
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--procs", type=int, default=4)
    parser.add_argument("--rma-calls", type=int, default=100000)
    parser.add_argument("--flush-every", type=int, default=1)
    parser.add_argument("--coll-calls", type=int, default=100000)
    parser.add_argument("--steps", type=int, default=1000)
    parser.add_argument("--requests", type=int, default=64)
    args = parser.parse_args()
    redsem = os.path.abspath(os.path.join(args.build, "tools", "redsem"))
    if not os.access(redsem, os.X_OK):
        print(f"bench_check: no {redsem}: build redsem first", file=sys.stderr)
        return 2
    env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
    for mpi in args.mpi:
        with tempfile.TemporaryDirectory(prefix="redsem-bench-check-") as tmp:
            def build(name):
                binary = os.path.join(tmp, name)
                subprocess.run([f"mpicc.{mpi}", "-O2", "-g", "-o", binary, os.path.join(SOURCES, name + ".c")],
                               check=True)
                return binary

            def settings(probe):
                return watch_settings(redsem, launcher(mpi, 2) + probe, env, tmp)

            programs = programs_of(args, build, settings)
            loads = []
            # Rounds of every mode, not every run of one mode in a row: a change in the machine's
            # load then spreads over all modes instead of biasing one.
            for _ in range(args.rounds):
                for _, modes, job in programs:
                    for mode in modes:
                        mode.run(redsem, launcher(mpi, args.procs) + job, env, tmp)
                loads.append(os.getloadavg()[0])
        load = f"load average {min(loads):.1f}-{max(loads):.1f} on {os.cpu_count()} CPUs"
        print(f"{mpi}, {args.procs} ranks, medians of {args.rounds} interleaved rounds ({load})")
        for title, modes, _ in programs:
            report(title, modes)
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
