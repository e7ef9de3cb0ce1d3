#!/usr/bin/env python3
"""Summarises xUnit files (one per test process): how many tests ran, and each failure with its message.

`swift test` forwards the test process's console output itself, and on a loaded machine it can drop the rest of
it mid-line while the tests go on (seen with Swift 6.3: the xUnit file then lists every test and the exit status
is right, but the log ends early). The xUnit file is written by the test process, so a failure is never lost.
Exit status: 0 when every file names at least one test and none failed, 1 otherwise (also when one is missing).
"""
import sys
import xml.etree.ElementTree as ET


def printable(text):
    # Messages quote test data; never send its control characters to a terminal.
    return "".join(c if c.isprintable() or c == " " else "\\x%02x" % ord(c) if ord(c) < 256 else "\\u%04x" % ord(c)
                   for c in text)


def main(path):
    try:
        root = ET.parse(path).getroot()
    except (OSError, ET.ParseError) as error:
        print(f"{path}: no test results ({printable(str(error))})")
        return 1
    tests = failures = 0
    for case in root.iter("testcase"):
        tests += 1
        problems = case.findall("failure") + case.findall("error")
        if problems:
            failures += 1
            name = printable(f"{case.get('classname', '?')}.{case.get('name', '?')}")
            for problem in problems:
                print(f"FAILED {name}: {printable(problem.get('message') or (problem.text or '').strip())}")
    print(f"{path}: {tests} tests, {failures} failed")
    return 0 if tests > 0 and failures == 0 else 1


if __name__ == "__main__":
    if len(sys.argv) < 2:
        print("usage: test-results.py RESULTS.xml [RESULTS.xml ...]", file=sys.stderr)
        sys.exit(2)
    # Every file is read and reported, even after one that failed.
    sys.exit(max([main(path) for path in sys.argv[1:]]))
