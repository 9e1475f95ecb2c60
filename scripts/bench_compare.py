#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Runs redsem's kernels_bench and each MPI library's MPI_Reduce_local benchmark on the same
cases, in interleaved rounds, and prints medians side by side, as ratios, with the issue's
targets checked:
  >= 1.0x Open MPI and >= 1.5x MPICH on every case (2-operand form, MPI_Reduce_local),
  >= 2.5x both on MINLOC/MAXLOC, >= 0.9x the bandwidth reference c[i] = a[i] + b[i] at 16M,
  3-operand form >= 1.4x a copy followed by the 2-operand form at 16M.
Standard library only. Usage: scripts/bench_compare.py [--build build/bench] [--filter REGEX] [--rounds 5]
"""
import argparse
import json
import os
import re
import subprocess
import sys

PROGRAMS = [("redsem", "kernels_bench"), ("Open MPI", "mpi_reduce_local_bench.openmpi"),
            ("MPICH", "mpi_reduce_local_bench.mpich")]
BIG = 1 << 24


def run_once(path, args):
    """One pass of a program over every case: {case: GB/s}."""
    cmd = [path, "--benchmark_format=json", f"--benchmark_min_time={args.min_time}"]
    if args.filter:
        cmd.append(f"--benchmark_filter={args.filter}")
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return {b["run_name"]: b["bytes_per_second"] / 1e9 for b in json.loads(out)["benchmarks"]
            if b.get("run_type", "iteration") == "iteration"}


def median(values):
    v = sorted(values)
    return v[len(v) // 2] if len(v) % 2 else (v[len(v) // 2 - 1] + v[len(v) // 2]) / 2


def run_rounds(programs, args):
    """The programs take turns, one pass each per round, in a rotating order; each case's figure
    is its median over the rounds. The machine's other load (and its memory bandwidth) changes
    over minutes: running one program's repetitions back to back and then the next's compared
    them at different times, and at 16M elements that swung the ratios by 0.6x to 1.7x."""
    passes = {label: [] for label, _ in programs}
    for r in range(args.rounds):
        turn = programs[r % len(programs):] + programs[:r % len(programs)]
        for label, path in turn:
            print(f"round {r + 1}/{args.rounds}: {label}", file=sys.stderr, flush=True)
            passes[label].append(run_once(path, args))
    results = {}
    for label, runs in passes.items():
        names = set().union(*runs) if runs else set()
        results[label] = {n: median([run[n] for run in runs if n in run]) for n in names}
    return results


def ratio(a, b):
    return a / b if a and b else None


def fmt(x, spec="{:8.2f}"):
    return spec.format(x) if x is not None else "       -"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default="build/bench", help="the bench preset's build directory")
    ap.add_argument("--filter", default="", help="Google Benchmark filter regex, passed to every program")
    ap.add_argument("--rounds", type=int, default=5, help="passes of each program, interleaved")
    ap.add_argument("--min-time", default="0.05")
    args = ap.parse_args()

    programs = []
    for label, exe in PROGRAMS:
        path = os.path.join(args.build, "bench", exe)
        if os.path.exists(path):
            programs.append((label, path))
        else:
            print(f"note: {path} not built; its column stays empty", file=sys.stderr)
    results = run_rounds(programs, args)
    ours = results.get("redsem", {})
    ompi, mpich = results.get("Open MPI", {}), results.get("MPICH", {})

    print(f"{'case (GB/s, 3*N*size bytes per call; medians)':58} {'redsem':>8} {'3-op':>8} {'OpenMPI':>8} {'MPICH':>8}"
          f" {'xOpenMPI':>8} {'xMPICH':>8}")
    misses, checks = [], 0
    for name in sorted(k for k in ours if k.startswith("reduce_local/")):
        _, op, typ, n = name.split("/")
        mine, three = ours[name], ours.get(f"reduce_locals/{op}/{typ}/{n}")
        r_o, r_m = ratio(mine, ompi.get(name)), ratio(mine, mpich.get(name))
        print(f"{name:58} {fmt(mine)} {fmt(three)} {fmt(ompi.get(name))} {fmt(mpich.get(name))} {fmt(r_o)} {fmt(r_m)}")
        loc = op in ("MPI_MINLOC", "MPI_MAXLOC")
        for label, r, target in (("Open MPI", r_o, 2.5 if loc else 1.0), ("MPICH", r_m, 2.5 if loc else 1.5)):
            if r is not None:
                checks += 1
                if r < target:
                    misses.append(f"{name}: {r:.2f}x {label} (target {target}x)")

    print(f"\nAt N = 16M: against the bandwidth reference (same bytes) and 3-operand vs copy + 2-operand")
    for name in sorted(k for k in ours if k.startswith("reduce_local/") and k.endswith(f"/{BIG}")):
        _, op, typ, n = name.split("/")
        bw = ours.get(f"bandwidth/{operand_bytes(name)}")
        three, copy = ours.get(f"reduce_locals/{op}/{typ}/{n}"), ours.get(f"copy_reduce_local/{op}/{typ}/{n}")
        r_bw, r_3 = ratio(ours[name], bw), ratio(three, copy)
        print(f"{name:58} x bandwidth {fmt(r_bw)}   3-op / (copy + 2-op) {fmt(r_3)}")
        for what, r, target in (("bandwidth reference", r_bw, 0.9), ("3-op vs copy+2-op", r_3, 1.4)):
            if r is not None:
                checks += 1
                if r < target:
                    misses.append(f"{name}: {r:.2f}x {what} (target {target}x)")
    print(f"\n{checks - len(misses)} of {checks} target checks met")
    for m in misses:
        print("  miss:", m)


SIZES = {"MPI_INT8_T": 1, "MPI_INT32_T": 4, "MPI_INT64_T": 8, "MPI_FLOAT": 4, "MPI_DOUBLE": 8,
         "MPI_C_DOUBLE_COMPLEX": 16, "MPI_DOUBLE_INT": 16, "MPI_2INT": 8}


def operand_bytes(name):
    _, _, typ, n = name.split("/")
    return int(n) * SIZES[typ]


if __name__ == "__main__":
    main()
