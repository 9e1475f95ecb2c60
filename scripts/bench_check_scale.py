#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""`redsem check` at many ranks (issue 31, item 5; docs/benchmarks.md): the launcher's memory and
the post-run analysis time at 16, 32 and 64 ranks, oversubscribed.

Builds bench/check/reduction_scale.c with each MPI's wrapper and, per size, runs it under
`redsem check --keep-records` (the launcher's peak resident memory, VmHWM, read from /proc while
it runs and receives the ranks' records), then `redsem check --records` alone on those records
under /usr/bin/time (the analysis's wall and CPU time and peak memory), and checks that the one finding
every rank made is reported once, naming every rank.

usage: bench_check_scale.py [--mpi openmpi mpich] [--build DIR] [--sizes 16 32 64] [--calls N]"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, "..", "bench", "check", "reduction_scale.c")


def launcher(mpi, procs):
    if mpi == "openmpi":
        return ["mpirun.openmpi", "--oversubscribe", "-n", str(procs)]
    return ["mpirun.mpich", "-n", str(procs)]


def peak_kib(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def checked_run(redsem, job, records, report, env):
    """redsem check on the job: (wall seconds, the launcher's peak KiB as last read, exit status)."""
    start = time.monotonic()
    p = subprocess.Popen([redsem, "check", "--keep-records", records, "--json", report, "--", *job], env=env,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    peak = 0
    while p.poll() is None:
        peak = max(peak, peak_kib(p.pid))
        time.sleep(0.02)
    err = p.stderr.read().decode(errors="replace")
    if p.returncode not in (0, 1):
        sys.stderr.write(err[-4000:])
        raise SystemExit(f"bench_check_scale: redsem check exited {p.returncode}")
    return time.monotonic() - start, peak, p.returncode


def analysis(redsem, records, env):
    """redsem check --records under /usr/bin/time: (wall seconds, CPU seconds, peak KiB)."""
    out = subprocess.run(["/usr/bin/time", "-f", "%e %U %S %M", redsem, "check", "--records", records], env=env,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    seconds, user, system, kib = out.stderr.strip().splitlines()[-1].split()
    return float(seconds), float(user) + float(system), int(kib)


def merged(report):
    with open(report) as f:
        findings = json.load(f)["findings"]
    return [(x["check"], len(x["ranks"])) for x in findings]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mpi", nargs="+", choices=["openmpi", "mpich"], default=["openmpi"])
    parser.add_argument("--build", default=os.path.join(HERE, "..", "build", "release"))
    parser.add_argument("--sizes", nargs="+", type=int, default=[16, 32, 64])
    parser.add_argument("--calls", type=int, default=2000)
    args = parser.parse_args()
    redsem = os.path.abspath(os.path.join(args.build, "tools", "redsem"))
    env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
    print(f"{'mpi':8s} {'ranks':>5s} {'job':>8s} {'launcher peak':>14s} {'records':>9s} {'analysis':>9s}"
          f" {'its CPU':>8s} {'its peak':>9s}  findings (check: ranks)")
    for mpi in args.mpi:
        with tempfile.TemporaryDirectory(prefix="redsem-bench-scale-") as tmp:
            program = os.path.join(tmp, "reduction_scale")
            subprocess.run([f"mpicc.{mpi}", "-O2", "-g", "-o", program, SOURCE], check=True)
            for n in args.sizes:
                records, report = os.path.join(tmp, f"records{n}"), os.path.join(tmp, f"report{n}.json")
                wall, peak, _ = checked_run(redsem, launcher(mpi, n) + [program, str(args.calls)], records, report, env)
                size = sum(os.path.getsize(os.path.join(records, f)) for f in os.listdir(records))
                seconds, cpu, kib = analysis(redsem, records, env)
                found = ", ".join(f"{c}: {r}" for c, r in merged(report))
                print(f"{mpi:8s} {n:5d} {wall:7.2f}s {peak / 1024:11.1f} MiB {size / 2**20:6.2f} MiB {seconds:8.2f}s"
                      f" {cpu:7.2f}s {kib / 1024:5.1f} MiB  {found} (load average {os.getloadavg()[0]:.1f})", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
