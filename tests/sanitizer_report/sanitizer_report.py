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
    return re.compile(lines[0])


PATTERN = _pattern()


def report_lines(text):
    """Every line of `text` that holds a sanitizer's report."""
    return [line for line in text.split("\n") if PATTERN.search(line)]


def report_line(text):
    """The first line of `text` that holds a sanitizer's report, or None. The pattern alone is
    searched, and the line found around it: a pattern widened to the whole line would backtrack
    over every long line of output."""
    found = PATTERN.search(text)
    if not found:
        return None
    start = text.rfind("\n", 0, found.start()) + 1
    end = text.find("\n", found.end())
    return text[start:end if end >= 0 else len(text)]
