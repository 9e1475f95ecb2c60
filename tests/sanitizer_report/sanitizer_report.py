# SPDX-License-Identifier: BSD-3-Clause
"""Whether a test's output holds a sanitizer's report, for the Python runners: the pattern of
report.regex, which sanitizer_report.cmake reads for the CMake ones (why a report fails a test
whatever its exit status is said there). Import it with this folder on sys.path."""
import os
import re


def _pattern():
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "report.regex")
    with open(path, encoding="utf-8") as f:
        lines = [line.rstrip("\n") for line in f if line.strip() and not line.startswith("#")]
    return re.compile("[^\n]*(" + lines[0] + ")[^\n]*")


PATTERN = _pattern()


def report_line(text):
    """The first line of `text` that holds a sanitizer's report, or None."""
    found = PATTERN.search(text)
    return found.group(0) if found else None
