#!/usr/bin/env bash
# Accuracy on a fresh synthetic corpus (seeds never used for tuning): the engine next to the two baselines.
# Usage: bench/accuracy.sh [ROUNDS_PER_PROFILE_AND_ORIENTATION (default 12)] [FIRST_SEED (default 900000)]
set -euo pipefail
cd "$(dirname "$0")/.."
kape=${KAPE:-.build/release/kape}
rounds=${1:-12}
seed=${2:-900000}
dir=$(mktemp -d /tmp/kape-accuracy.XXXXXX)
trap 'rm -rf "$dir"' EXIT
for profile in ds250 burst hz100 accel-only dropped ds3 wiimote iio-phone iio-accel iio-laptop; do
  mkdir -p "$dir/$profile"
  for ((i = 0; i < rounds; i++)); do
    flip=""; (( i % 2 )) && flip="--flipped"
    s=$((seed + i))
    "$kape" trace synth --seed "$s" --profile "$profile" $flip -o "$dir/$profile/round-$s.evemu"
  done
done
total=$((rounds * 10))
echo "fresh corpus: $total rounds of 60 s (+3 s countdown), $rounds per profile, half of them flipped, seeds $seed.."
for detector in kape complementary naive; do
  for profile in ds250 burst hz100 accel-only dropped ds3 wiimote iio-phone iio-accel iio-laptop; do
    printf '%-14s %-11s ' "$detector" "$profile"
    "$kape" eval "$dir/$profile" --json --detector "$detector"
  done
done
