#!/usr/bin/env bash
# Every test, already built, in three processes side by side. Most tests wait far more than they compute: on
# umockdev's real-time scripts, sound servers playing in real time, a child kape's round. Swift Testing runs a
# process's tests on the cooperative pool, one thread per core (two here), and a test waiting on a child holds
# its thread: alone, one process kept the two cores about a third busy. So Swift Testing runs as two processes
# over complementary filters (the same pattern selects one and skips in the other, so no test is left out), and
# the XCTest suites (umockdev) as a third. More processes were tried: nine tests at a time loaded the machine so
# much that sound servers glitched and umockdev's two streams of a Wii Remote fell 100 ms apart.
# Each process's log is kept whole in .build/ and printed after the others end, so they never interleave.
# Results are read from the xUnit files (scripts/test-results.py says why).
# Exit status: non-zero if any process failed or any results are missing.
set -uo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
# The sound-server, window and command-line suites whose names start with S (about half the waiting) go to one.
half='^(KapeCLITests\.S|AudioIOTests\.|WindowTests\.)'
names=(xctest sound rest)
rm -f .build/test-*.xml .build/test-*.log
pids=()
# Ctrl-C or a CI timeout must not leave a process (and its umockdev or sound-server children) running.
trap 'kill -TERM "${pids[@]}" 2>/dev/null; wait; exit 130' INT TERM
# --ignore-lock: swift test holds .build's lock for as long as its tests run, which made the processes take
# turns. Nothing is built here (--skip-build), so they only read it.
"$SWIFT" test --skip-build --ignore-lock --disable-swift-testing >.build/test-xctest.log 2>&1 &
pids+=($!)
testing() {
  local name=$1
  shift
  "$SWIFT" test --skip-build --ignore-lock --disable-xctest "$@" --xunit-output ".build/test-$name.xml" \
    >".build/test-$name.log" 2>&1 &
  pids+=($!)
}
testing sound --filter "$half"
testing rest --skip "$half"
echo "kape: the tests run in three processes (${names[*]}); each log is printed when all have ended"

statuses=()
for pid in "${pids[@]}"; do wait "$pid"; statuses+=($?); done
trap - INT TERM

for name in "${names[@]}"; do echo "---- $name: .build/test-$name.log"; cat ".build/test-$name.log"; done
echo "---- results of Swift Testing, from its xUnit files"
scripts/test-results.py .build/test-sound.xml .build/test-rest.xml
results_status=$?
echo "---- exit status: ${names[*]}: ${statuses[*]}; their results: $results_status"
failed=$results_status
for status in "${statuses[@]}"; do [ "$status" -eq 0 ] || failed=1; done
exit "$failed"
