#!/usr/bin/env bash
# Every test, already built: the XCTest suites (umockdev replays, which wait on the device's real-time script far
# more than they compute) run beside the Swift Testing suites instead of before them. Each library's log is kept
# whole in .build/; the XCTest one is printed after the other so the two never interleave on the terminal.
# Swift Testing's results are also read from its xUnit file (scripts/test-results.py says why).
# Exit status: non-zero if either library failed or the results are missing.
set -uo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
xctest_log=.build/test-xctest.log
testing_log=.build/test.log
testing_results=.build/test-results.xml
rm -f "$testing_results"

# --ignore-lock: swift test holds .build's lock for as long as its tests run, which made the two take turns.
# Nothing is built here (--skip-build), so the two only read it.
"$SWIFT" test --skip-build --ignore-lock --disable-swift-testing >"$xctest_log" 2>&1 &
xctest_pid=$!
# Ctrl-C or a CI timeout must not leave the XCTest half (and its umockdev children) running.
trap 'kill -TERM "$xctest_pid" 2>/dev/null; wait "$xctest_pid" 2>/dev/null; exit 130' INT TERM

"$SWIFT" test --skip-build --disable-xctest --xunit-output "$testing_results" 2>&1 | tee "$testing_log"
testing_status=${PIPESTATUS[0]}
wait "$xctest_pid"
xctest_status=$?
trap - INT TERM

echo "---- XCTest (umockdev, IIO, the recorder): $xctest_log"
cat "$xctest_log"
echo "---- Swift Testing, from its xUnit file"
scripts/test-results.py "$testing_results"
results_status=$?
echo "---- exit status: Swift Testing $testing_status, its results $results_status, XCTest $xctest_status"
[ "$testing_status" -eq 0 ] && [ "$results_status" -eq 0 ] && [ "$xctest_status" -eq 0 ]
