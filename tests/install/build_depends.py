#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Usage: build_depends.py CMAKE SOURCE_DIR WORK_DIR

packaging/debian/control's Build-Depends name every Debian package the package build uses.
Configures SOURCE_DIR afresh in WORK_DIR as packaging/debian/rules does (tests off), takes every
file or directory the configure step found (the absolute paths in CMakeCache.txt, CMake's own
toolchain entries aside), asks dpkg which package holds it, and fails naming the file, its
cache entry and its package when that package is neither a Build-Depends entry, nor
build-essential or an Essential package, nor something one of them depends on: a
dpkg-buildpackage on a clean system would stop there. Exit 77 (skipped) without dpkg.
"""
import os
import re
import shutil
import subprocess
import sys

CACHE_ENTRY = re.compile(r"^([A-Za-z0-9_.+-]+):(FILEPATH|PATH)=(/.*)$")


def found_paths(cmake, source, work):
    """The absolute paths the configure step found: {path: cache entry}."""
    shutil.rmtree(work, ignore_errors=True)
    # The configure options of packaging/debian/rules' override_dh_auto_configure.
    run = subprocess.run([cmake, "-S", source, "-B", work, "-G", "Ninja", "-DREDSEM_ENABLE_TESTS=OFF"],
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if run.returncode != 0:
        sys.exit(f"FAIL: the configure step (tests off) failed:\n{run.stdout}")
    paths = {}
    with open(os.path.join(work, "CMakeCache.txt"), encoding="utf-8") as cache:
        for line in cache:
            match = CACHE_ENTRY.match(line.rstrip("\n"))
            # CMAKE_*: the compiler, linker, make program and CMake itself (build-essential, cmake).
            if not match or match[1].startswith("CMAKE_"):
                continue
            path = match[3]
            inside = any(os.path.commonpath([path, top]) == top for top in (source, work))
            if os.path.exists(path) and not inside:
                paths[path] = match[1]
    return paths


def owners(paths):
    """{path: set of packages holding it}; a path no package holds maps to its real path's."""
    result = {}
    pending = list(paths)
    for resolve in (False, True):
        asked = {os.path.realpath(p) if resolve else p: p for p in pending}
        run = subprocess.run(["dpkg-query", "-S", *asked], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, text=True)
        for line in run.stdout.splitlines():
            names, _, path = line.partition(": ")
            if path in asked and "diversion" not in names:
                result[asked[path]] = {n.strip().split(":")[0] for n in names.split(",")}
        pending = [p for p in pending if p not in result]
    return result, pending


def relation_names(field):
    """Package names in a Depends-like field: versions, architectures and profiles dropped."""
    names = []
    for clause in field.split(","):
        for alternative in clause.split("|"):
            name = re.split(r"[\s(\[<:]", alternative.strip(), maxsplit=1)[0]
            if name:
                names.append(name)
    return names


def build_depends(control):
    with open(control, encoding="utf-8") as text:
        source_stanza = text.read().split("\n\n")[0]
    match = re.search(r"^Build-Depends:(.*(?:\n[ \t].*)*)", source_stanza, re.M)
    return relation_names(match[1]) if match else []


def covered(roots):
    """Every installed package reachable from roots by Depends and Pre-Depends (and Provides)."""
    query = subprocess.run(["dpkg-query", "-W", "-f",
                            "${Package}\t${db:Status-Abbrev}\t${Essential}\t${Depends}, ${Pre-Depends}\t${Provides}\n"],
                           stdout=subprocess.PIPE, check=True, text=True)
    depends, provided_by, essential = {}, {}, []
    for line in query.stdout.splitlines():
        name, status, is_essential, deps, provides = line.split("\t")
        if not status.startswith("ii"):
            continue
        depends[name] = relation_names(deps)
        for virtual in relation_names(provides):
            provided_by.setdefault(virtual, []).append(name)
        if is_essential == "yes":
            essential.append(name)
    seen, todo = set(), list(roots) + essential
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        todo += depends.get(name, []) + provided_by.get(name, [])
    return seen


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    cmake, source, work = sys.argv[1], os.path.realpath(sys.argv[2]), os.path.realpath(sys.argv[3])
    if not shutil.which("dpkg-query"):
        print("SKIP: no dpkg-query (not a Debian system)")
        return 77
    control = os.path.join(source, "packaging", "debian", "control")
    roots = build_depends(control)
    print("Build-Depends:", " ".join(roots))
    paths = found_paths(cmake, source, work)
    held, unowned = owners(paths)
    allowed = covered(roots + ["build-essential"])
    missing = []
    for path, entry in sorted(paths.items(), key=lambda item: item[1]):
        if path in unowned:
            print(f"{entry}: {path}: in no Debian package (not checked)")
            continue
        packages = held[path]
        ok = bool(packages & allowed)
        print(f"{entry}: {path}: {', '.join(sorted(packages))}{'' if ok else '  <- not a build dependency'}")
        if not ok:
            missing.append(f"{' | '.join(sorted(packages))} (holds {path}, found as {entry})")
    if missing:
        print(f"FAIL: {control}: Build-Depends lacks", *missing, sep="\n  ", file=sys.stderr)
        return 1
    print(f"install_build_depends: the {len(paths)} files the configure step found are all from build dependencies")
    return 0


if __name__ == "__main__":
    sys.exit(main())
