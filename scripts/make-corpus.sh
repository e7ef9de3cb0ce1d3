#!/usr/bin/env bash
# Regenerates traces/: synthetic rounds for every device profile, their truth, and the engine's expected events.
# Review `git diff traces/*.expected.jsonl` afterwards: expected files are produced by the code, never hand-edited.
set -euo pipefail
cd "$(dirname "$0")/.."
kape=${KAPE:-.build/release/kape}
out=traces
synth() { # name seed profile [extra synth options...]
  local name=$1 seed=$2 profile=$3; shift 3
  "$kape" trace synth --seed "$seed" --profile "$profile" --idle 2 "$@" -o "$out/$name"
}
# Short rounds keep the corpus small; every profile and orientation is covered.
synth demo-round.evemu 12 ds250 --seconds 7 --idle 1.2
synth ds250-flipped.evemu 102 ds250 --seconds 6 --flipped
synth burst-joycon.evemu 103 burst --seconds 6
synth hz100-flipped.evemu 104 hz100 --seconds 10 --flipped
synth accel-only.evemu 105 accel-only --seconds 10
synth accel-only-nores.evemu 106 accel-only --seconds 10 --unknown-resolution --flipped
synth dropped.evemu 107 dropped --seconds 6
synth csv-hz100.csv 108 hz100 --seconds 10
# Issue 25: a fast large pass (the hard corpus's) on a 50 Hz accelerometer without gyro, which the engine before the
# mirror rule missed (8.28 s).
synth fast-pass-iio.evemu 219 iio-accel --seconds 12 --hard
for trace in "$out"/*.evemu "$out"/*.csv; do
  "$kape" replay "$trace" > "${trace%.*}.expected.jsonl"
done
du -ch "$out" | tail -1
