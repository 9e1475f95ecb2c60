#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""The overhead of `redsem check`'s runtime on MPI_Allreduce (issue 22, item 5).

Builds bench/check_overhead.c with the MPI's wrapper and runs it on 4 ranks: plain, and with
the check library preloaded under the default sampling, REDSEM_CHECK_SAMPLE=all and =0. Prints
the median of RUNS seconds per mode, its ratio to the plain run, and the cost per intercepted
call when nothing is sampled.

usage: check_overhead.py [--mpi openmpi|mpich] [--build DIR] [--calls N] [--runs N] [--procs N]"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def launcher(mpi, procs):
    if mpi == "openmpi":
        return ["mpirun.openmpi", "--oversubscribe", "-n", str(procs)]
    return ["mpirun.mpich", "-n", str(procs)]


def run(mpi, procs, program, calls, env_extra):
    env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1", **env_extra)
    out = subprocess.run(launcher(mpi, procs) + [program, str(calls)], env=env, check=True, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, timeout=3600)
    return float(out.stdout.decode().split()[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mpi", choices=["openmpi", "mpich"], default="openmpi")
    parser.add_argument("--build", default=os.path.join(HERE, "..", "build", "release"))
    parser.add_argument("--calls", type=int, default=100000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--procs", type=int, default=4)
    args = parser.parse_args()
    library = os.path.abspath(os.path.join(args.build, "mpi", args.mpi, f"libredsem_check_{args.mpi}.so"))
    if not os.path.exists(library):
        print(f"check_overhead: no {library}: build redsem first (cmake --build --preset release)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="redsem-check-bench-") as tmp:
        program = os.path.join(tmp, "check_overhead")
        subprocess.run([f"mpicc.{args.mpi}", "-O2", "-o", program, os.path.join(HERE, "check_overhead.c")],
                       check=True)
        records = os.path.join(tmp, "records")
        os.mkdir(records)
        preload = {"LD_PRELOAD": library, "REDSEM_CHECK_DIR": records}
        modes = [("plain", {}), ("default sampling", preload),
                 ("REDSEM_CHECK_SAMPLE=all", dict(preload, REDSEM_CHECK_SAMPLE="all")),
                 ("REDSEM_CHECK_SAMPLE=0", dict(preload, REDSEM_CHECK_SAMPLE="0"))]
        # Rounds of every mode, not every run of one mode in a row: a change in the machine's load
        # then spreads over all modes instead of biasing one.
        times = {name: [] for name, _ in modes}
        for _ in range(args.runs):
            for name, env in modes:
                times[name].append(run(args.mpi, args.procs, program, args.calls, env))
        medians = {name: statistics.median(t) for name, t in times.items()}
    plain = medians["plain"]
    print(f"{args.mpi}: {args.calls} MPI_Allreduce of 1024 doubles on {args.procs} ranks, median of {args.runs} runs"
          f" (load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs)")
    for name, seconds in medians.items():
        print(f"  {name:26s} {seconds:9.3f} s  {seconds / plain:6.2f}x")
    per_call = (medians["REDSEM_CHECK_SAMPLE=0"] - plain) / args.calls * 1e6
    print(f"  per intercepted call, nothing sampled: {per_call:+.2f} us")
    return 0


if __name__ == "__main__":
    sys.exit(main())
