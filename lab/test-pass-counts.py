#!/usr/bin/env python3
"""How often each test passed: reads the JUnit XML reports (TEST-*.xml) of one folder per run and prints, for every
test that did not pass in every run, its passes out of its runs and its first failure's message; then the totals.
Exits 1 when any test failed or erred in any run, 0 otherwise. Usage: test-pass-counts.py RUN_FOLDER..."""
import pathlib
import sys
import xml.etree.ElementTree as ET


def outcomes(folder):
    """(class#name, outcome, message) for each test case of one run."""
    for report in sorted(pathlib.Path(folder).glob("TEST-*.xml")):
        for case in ET.parse(report).getroot().iter("testcase"):
            test = case.get("classname", "?") + "#" + case.get("name", "?")
            problem = case.find("failure")
            if problem is None:
                problem = case.find("error")
            if problem is not None:
                yield test, "failed", (problem.get("message") or problem.get("type") or "").splitlines()[:1]
            elif case.find("skipped") is not None:
                yield test, "skipped", []
            else:
                yield test, "passed", []


def main(folders):
    if not folders:
        print("test-pass-counts.py: error: give one report folder per run", file=sys.stderr)
        return 2
    seen, passed, skipped, first_failure = {}, {}, {}, {}
    for folder in folders:
        for test, outcome, message in outcomes(folder):
            seen[test] = seen.get(test, 0) + 1
            if outcome == "passed":
                passed[test] = passed.get(test, 0) + 1
            elif outcome == "skipped":
                skipped[test] = skipped.get(test, 0) + 1
            else:
                first_failure.setdefault(test, (folder, message))
    for test in sorted(first_failure):
        folder, message = first_failure[test]
        print(f"{passed.get(test, 0)}/{seen[test]} passed  {test}  (first failure in {folder}: {' '.join(message)})")
    cases = sum(seen.values())
    failures = cases - sum(passed.values()) - sum(skipped.values())
    print(f"{len(folders)} run(s), {len(seen)} tests, {cases} test runs: {sum(passed.values())} passed, "
          f"{failures} failed, {sum(skipped.values())} skipped")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
