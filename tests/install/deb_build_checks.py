#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Usage: deb_build_checks.py CMAKE SOURCE_DIR WORK_DIR

The cheap checks of `dpkg-buildpackage` with packaging/debian (the full build is not run here:
it compiles the whole project again). Configures SOURCE_DIR afresh in WORK_DIR as
packaging/debian/rules does (tests off), then:
- Build-Depends: every file or directory the configure step found (the absolute paths in
  CMakeCache.txt, CMake's own toolchain entries aside) is held by a Build-Depends entry,
  build-essential or an Essential package, or something one of them depends on (asked of dpkg);
  a dpkg-buildpackage on a clean system would stop there otherwise.
- The dh sequence (debian/rules binary with DH_NO_ACT=1, when debhelper is installed): each
  build-system step it runs as is (dh_auto_build, dh_auto_test, dh_auto_install) has its ninja
  target in that tree: dh_auto_test runs `ninja test`, which a tree with tests off lacks.
Each failure names the file and its package, or the step and its target. Exit 77 (skipped)
without dpkg.
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


def check_build_depends(source, work, paths):
    """Messages for the packages holding found files that no build dependency brings."""
    control = os.path.join(source, "packaging", "debian", "control")
    roots = build_depends(control)
    print("Build-Depends:", " ".join(roots))
    held, unowned = owners(paths)
    allowed = covered(roots + ["build-essential"])
    missing = []
    for path, entry in sorted(paths.items(), key=lambda item: item[1]):
        if path in unowned:
            print(f"{entry}: {path}: in no Debian package (not checked)")
            continue
        ok = bool(held[path] & allowed)
        print(f"{entry}: {path}: {', '.join(sorted(held[path]))}{'' if ok else '  <- not a build dependency'}")
        if not ok:
            missing.append(f"{' | '.join(sorted(held[path]))} (holds {path}, found as {entry})")
    return [f"{control}: Build-Depends lacks " + m for m in missing]


# The target each build-system step of dh runs in the build tree (debhelper's cmake+ninja).
DH_TARGETS = {"dh_auto_build": "all", "dh_auto_test": "test", "dh_auto_install": "install"}


def check_dh_sequence(source, work):
    """Messages for the dh steps, run as is, whose ninja target the configured tree lacks."""
    if not shutil.which("dh"):
        print("not checked: the dh sequence (no debhelper; apt-get install debhelper)")
        return []
    top = work + "-dh"
    shutil.rmtree(top, ignore_errors=True)
    os.makedirs(top)
    os.symlink(os.path.join(source, "packaging", "debian"), os.path.join(top, "debian"))
    env = {k: v for k, v in os.environ.items() if k != "REDSEM_BUILD_DIR"}
    env["DH_NO_ACT"] = "1"
    sequence = subprocess.run(["debian/rules", "binary"], cwd=top, env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True)
    shutil.rmtree(top)
    if sequence.returncode != 0:
        return [f"debian/rules binary (DH_NO_ACT=1) failed:\n{sequence.stdout}"]
    steps = [line.split()[0] for line in sequence.stdout.splitlines() if line.strip()]
    listing = subprocess.run(["ninja", "-C", work, "-t", "targets", "all"], stdout=subprocess.PIPE,
                             check=True, text=True)
    targets = {line.split(":")[0] for line in listing.stdout.splitlines()}
    problems = []
    for step in steps:
        target = DH_TARGETS.get(step)
        if target:
            ok = target in targets
            print(f"{step}: ninja {target}{'' if ok else '  <- no such target'}")
            if not ok:
                problems.append(f"packaging/debian/rules: {step} runs `ninja {target}`, and the tree "
                                f"configured as debian/rules does has no target {target}: override it")
    return problems


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    cmake, source, work = sys.argv[1], os.path.realpath(sys.argv[2]), os.path.realpath(sys.argv[3])
    if not shutil.which("dpkg-query"):
        print("SKIP: no dpkg-query (not a Debian system)")
        return 77
    paths = found_paths(cmake, source, work)
    problems = check_build_depends(source, work, paths) + check_dh_sequence(source, work)
    if problems:
        print(*("FAIL: " + p for p in problems), sep="\n", file=sys.stderr)
        return 1
    print(f"install_deb_build_checks: the {len(paths)} files the configure step found are all from "
          "build dependencies; every build-system step of the dh sequence has its target")
    return 0


if __name__ == "__main__":
    sys.exit(main())
