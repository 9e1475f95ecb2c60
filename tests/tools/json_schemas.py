#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Every JSON document redsem writes against its schema in docs/schemas (JSON Schema 2020-12).

  json_schemas.py SCHEMAS validate NAME FILE...   each FILE against SCHEMAS/NAME.schema.json
  json_schemas.py SCHEMAS run REDSEM NAME ARG...  `redsem ARG...` (which prints one document on
                                                  stdout) against SCHEMAS/NAME.schema.json, and the
                                                  same command with --json-file, which must write
                                                  the same document
  json_schemas.py SCHEMAS run-varying REDSEM NAME ARG...
                                                  the same, for a command whose outcome differs from
                                                  run to run (a real MPI's trees and crashes): the
                                                  document --json-file writes is validated too, not
                                                  compared
  json_schemas.py SCHEMAS run|run-varying --printed FILE REDSEM NAME ARG...
                                                  the same, but the document `redsem ARG...` prints
                                                  is FILE, written by the test that ran it (a CTest
                                                  fixture, tests/CMakeLists.txt): an expensive command
                                                  runs once for that test and this one; only the
                                                  --json-file run is made here

Needs python3-jsonschema (Debian); without it the test is skipped (exit 77). No network: the
schemas' $ids are under https://redsem.invalid/ (a name that never resolves) and every $ref is
found in the schemas directory.
"""
import json
import os
import subprocess
import sys
import tempfile
import warnings

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "sanitizer_report"))
import sanitizer_report  # noqa: E402 (found through the path above)

try:
    import jsonschema
except ImportError:
    print("python3-jsonschema is not installed (apt-get install python3-jsonschema): skipped")
    sys.exit(77)


base = "https://redsem.invalid/schemas/"


def validator(schemas, name):
    store = {}
    for f in os.listdir(schemas):
        if f.endswith(".schema.json"):
            with open(os.path.join(schemas, f), encoding="utf-8") as s:
                doc = json.load(s)
            store[doc["$id"]] = doc
    schema = store[base + name + ".schema.json"]
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    try:  # jsonschema 4.18 on: a registry of the schemas
        from referencing import Registry, Resource

        registry = Registry().with_resources((i, Resource.from_contents(d)) for i, d in store.items())
        return cls(schema, registry=registry, format_checker=cls.FORMAT_CHECKER)
    except ImportError:  # Debian 12's jsonschema 4.10: RefResolver, since deprecated
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            resolver = jsonschema.RefResolver.from_schema(schema, store=store)
        return cls(schema, resolver=resolver, format_checker=cls.FORMAT_CHECKER)


def without_timings(document):
    """The document without its wall-clock members, which differ from run to run."""
    if isinstance(document, dict):
        return {k: without_timings(v) for k, v in document.items() if k not in ("seconds", "elapsed_seconds")}
    if isinstance(document, list):
        return [without_timings(v) for v in document]
    return document


def check(v, document, what):
    errors = sorted(v.iter_errors(document), key=lambda e: list(e.absolute_path))
    for e in errors[:10]:
        print(f"{what}: at /{'/'.join(map(str, e.absolute_path))}: {e.message[:300]}")
    return not errors


def printed_document(shown, redsem, args):
    """The document `redsem ARG...` prints on stdout; None (said) when it failed."""
    run = subprocess.run([redsem] + args, capture_output=True, text=True, timeout=600)
    if run.returncode not in (0, 1):
        print(f"{shown}: exit {run.returncode}\n{run.stderr}")
        return None
    # Exit 1 is a finding's and a sanitizer's (tests/sanitizer_report/sanitizer_report.cmake).
    report = sanitizer_report.report_line(run.stderr + run.stdout)
    if report:
        print(f"{shown}: a sanitizer reported (exit {run.returncode}): {report}\n{run.stderr}")
        return None
    return json.loads(run.stdout)


def read_printed(path):
    """The document another test's run printed (its fixture); None (said) when there is none."""
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError) as e:
        print(f"no printed document in {path} (the test that prints it must run first): {e}")
        return None


def main():
    schemas, mode = sys.argv[1], sys.argv[2]
    if mode == "validate":
        v = validator(schemas, sys.argv[3])
        ok = True
        for path in sys.argv[4:]:
            with open(path, encoding="utf-8") as f:
                ok = check(v, json.load(f), path) and ok
        return 0 if ok else 1
    varying = mode == "run-varying"
    rest = sys.argv[3:]
    printed = None
    if rest[0] == "--printed":
        printed, rest = rest[1], rest[2:]
    redsem, name, args = rest[0], rest[1], rest[2:]
    v = validator(schemas, name)
    shown = " ".join(["redsem"] + args)
    document = printed_document(shown, redsem, args) if printed is None else read_printed(printed)
    if document is None:
        return 1
    if not check(v, document, shown):
        return 1
    with tempfile.TemporaryDirectory(prefix="redsem-json-file-") as d:
        path = os.path.join(d, "out.json")
        args_file = [a if a != "--json" else "--json-file" for a in args]
        args_file.insert(args_file.index("--json-file") + 1, path)
        again = subprocess.run([redsem] + args_file, capture_output=True, text=True, timeout=600)
        report = sanitizer_report.report_line(again.stderr)
        if report:
            print(f"{shown} with --json-file: a sanitizer reported (exit {again.returncode}): {report}\n{again.stderr}")
            return 1
        if again.stdout.strip():
            print(f"{shown} with --json-file still printed on stdout:\n{again.stdout[:500]}")
            return 1
        with open(path, encoding="utf-8") as f:
            written = json.load(f)
    if varying:
        if not check(v, written, shown + " (--json-file)"):
            return 1
        print(f"{shown}: valid against {name}.schema.json, and so is what --json-file writes")
        return 0
    if without_timings(written) != without_timings(document):
        print(f"{shown}: --json-file wrote another document than --json printed")
        return 1
    print(f"{shown}: valid against {name}.schema.json; --json-file writes the same")
    return 0


if __name__ == "__main__":
    sys.exit(main())
