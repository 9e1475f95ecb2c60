#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""`redsem check` at many ranks (issue 31, item 5; docs/benchmarks.md): the launcher's memory and
the post-run analysis time at 16, 32 and 64 ranks, oversubscribed, Open MPI and MPICH side by side.

Builds bench/check/reduction_scale.c with each MPI's wrapper and, in interleaved rounds (every
size with every MPI once a round), runs it under `redsem check --keep-records` (the launcher's
peak resident memory, VmHWM, read from /proc while it runs and receives the ranks' records), then
`redsem check --records` alone on those records under /usr/bin/time (the analysis's wall and CPU
time and peak memory). Prints every run and then the medians; exits 1 when a run did not report
the one finding every rank made as one finding naming every rank, or did not finish.

usage: bench_check_scale.py [--mpi openmpi mpich] [--build DIR] [--sizes 16 32 64] [--calls N]
                            [--rounds N] [--timeout SECONDS]"""
import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, "..", "bench", "check", "reduction_scale.c")
# Each MPI's wrapper and its launcher, oversubscribed (hydra places any number of ranks on a host).
WRAPPER = {"openmpi": "mpicc.openmpi", "mpich": "mpicc.mpich"}
LAUNCHER = {"openmpi": ["mpirun.openmpi", "--oversubscribe", "-n"], "mpich": ["mpiexec.mpich", "-n"]}


def peak_kib(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def checked_run(redsem, job, records, report, env, timeout):
    """redsem check on the job: (wall seconds, the launcher's peak KiB as last read), or None after
    saying why (an exit status other than 0 or 1, or no end within `timeout`: the job is killed)."""
    start = time.monotonic()
    p = subprocess.Popen([redsem, "check", "--keep-records", records, "--json-file", report, "--", *job], env=env,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    peak = 0
    while p.poll() is None:
        peak = max(peak, peak_kib(p.pid))
        if time.monotonic() - start > timeout:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()
            print(f"bench_check_scale: {' '.join(job)} did not end within {timeout} s: killed", file=sys.stderr)
            return None
        time.sleep(0.02)
    err = p.stderr.read().decode(errors="replace")
    if p.returncode not in (0, 1):
        sys.stderr.write(err[-4000:])
        print(f"bench_check_scale: redsem check exited {p.returncode}: {' '.join(job)}", file=sys.stderr)
        return None
    return time.monotonic() - start, peak


def analysis(redsem, records, env):
    """redsem check --records under /usr/bin/time: (wall seconds, CPU seconds, peak KiB)."""
    out = subprocess.run(["/usr/bin/time", "-f", "%e %U %S %M", redsem, "check", "--records", records], env=env,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    seconds, user, system, kib = out.stderr.strip().splitlines()[-1].split()
    return float(seconds), float(user) + float(system), int(kib)


def merged_once(report, ranks):
    """Whether the report holds exactly the program's one finding, naming all `ranks` ranks."""
    with open(report) as f:
        findings = json.load(f)["findings"]
    return [(x["check"], len(x["ranks"])) for x in findings] == [("op_not_for_type", ranks)]


def one_run(redsem, mpi, n, program, calls, tmp, env, timeout):
    """One measured run: its figures, or None when it failed (said on stderr)."""
    records = tempfile.mkdtemp(prefix=f"records-{mpi}-{n}-", dir=tmp)
    os.rmdir(records)  # --keep-records makes it
    report = records + ".json"
    ran = checked_run(redsem, LAUNCHER[mpi] + [str(n), program, str(calls)], records, report, env, timeout)
    if ran is None:
        return None
    if not merged_once(report, n):
        print(f"bench_check_scale: {mpi} at {n} ranks: the finding is not one naming every rank ({report})",
              file=sys.stderr)
        return None
    size = sum(os.path.getsize(os.path.join(records, f)) for f in os.listdir(records))
    seconds, cpu, kib = analysis(redsem, records, env)
    return {"job": ran[0], "peak": ran[1] / 1024, "records": size / 2**20, "analysis": seconds, "cpu": cpu,
            "its_peak": kib / 1024, "load": os.getloadavg()[0]}


ROW = "{:8s} {:>5} {:>8} {:>14} {:>9} {:>9} {:>8} {:>9} {:>6}"


def row(mpi, n, r):
    return ROW.format(mpi, n, f"{r['job']:.1f}s", f"{r['peak']:.1f} MiB", f"{r['records']:.2f} MiB",
                      f"{r['analysis']:.2f}s", f"{r['cpu']:.2f}s", f"{r['its_peak']:.1f} MiB", f"{r['load']:.0f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mpi", nargs="+", choices=sorted(WRAPPER), default=["openmpi", "mpich"])
    parser.add_argument("--build", default=os.path.join(HERE, "..", "build", "release"))
    parser.add_argument("--sizes", nargs="+", type=int, default=[16, 32, 64])
    parser.add_argument("--calls", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=3600, help="seconds before a run counts as hung")
    args = parser.parse_args()
    redsem = os.path.abspath(os.path.join(args.build, "tools", "redsem"))
    env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
    header = ROW.format("mpi", "ranks", "job", "launcher peak", "records", "analysis", "its CPU", "its peak", "load")
    print(header, flush=True)
    runs, failed = {}, False
    with tempfile.TemporaryDirectory(prefix="redsem-bench-scale-") as tmp:
        programs = {}
        for mpi in args.mpi:
            programs[mpi] = os.path.join(tmp, f"reduction_scale_{mpi}")
            subprocess.run([WRAPPER[mpi], "-O2", "-g", "-o", programs[mpi], SOURCE], check=True)
        for _ in range(args.rounds):
            for n in args.sizes:
                for mpi in args.mpi:
                    r = one_run(redsem, mpi, n, programs[mpi], args.calls, tmp, env, args.timeout)
                    failed |= r is None
                    if r is not None:
                        runs.setdefault((mpi, n), []).append(r)
                        print(row(mpi, n, r), flush=True)
    print(f"\nmedians of {args.rounds} round(s), {args.calls} calls:\n{header}")
    for n in args.sizes:
        for mpi in args.mpi:
            got = runs.get((mpi, n), [])
            if got:
                print(row(mpi, f"{n}" + ("" if len(got) == args.rounds else f" ({len(got)})"),
                          {k: statistics.median(r[k] for r in got) for k in got[0]}))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
