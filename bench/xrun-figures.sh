#!/usr/bin/env bash
# Xruns, latency and render-thread CPU of `kape bench latency` through a private PulseAudio and a private PipeWire
# (their null sinks run on a real-time clock), at 128 and 256-frame periods, idle or under load.
#   bench/xrun-figures.sh [SECONDS] [LOAD]     from the repo root, after `make release` and `make deps`
# SECONDS: length of the replayed round (default 600). LOAD: percent of every core kept busy by
# `stress-ng --cpu 0 --cpu-load LOAD` during the runs (default 0 = none; needs Debian's stress-ng).
# Two replays run at a time, one per server with different periods, so each server's graph runs at its
# client's period. Prints one summary JSON line per run, prefixed with server, period and load.
# PAIRS (environment) picks the runs, pairs separated by commas: default
# "pulse 128 pipewire 256,pulse 256 pipewire 128"; e.g. PAIRS="pulse 128 pipewire 128" for the 128-frame goals only.
set -euo pipefail
seconds=${1:-600}
load=${2:-0}
kape=${KAPE:-.build/release/kape}
work=$(mktemp -d /tmp/kape-xrun.XXXXXX)
pids=()
cleanup() {
  [ ${#pids[@]} -gt 0 ] && kill "${pids[@]}" 2>/dev/null || true
  scripts/pulse-null-sink.sh stop "$work/pulse" || true
  scripts/pipewire-null-sink.sh stop "$work/pipewire" || true
  rm -rf "$work"
}
trap cleanup EXIT
"$kape" trace synth --seed 600 --seconds "$seconds" -o "$work/round.evemu" >/dev/null
scripts/pulse-null-sink.sh start "$work/pulse" >/dev/null
scripts/pipewire-null-sink.sh start "$work/pipewire" >/dev/null
if [ "$load" -gt 0 ]; then
  stress-ng --cpu 0 --cpu-load "$load" --timeout $((2 * seconds + 120))s >/dev/null 2>&1 &
  pids+=($!)
  sleep 2
fi
run() { # server period
  ALSA_CONFIG_PATH="/usr/share/alsa/alsa.conf:$work/$1/asound.conf" \
    "$kape" bench latency "$work/round.evemu" --device "kape_$1" --period "$2" --json | tail -1 \
    | sed "s/^/{\"server\": \"$1\", \"period\": $2, \"load\": $load, \"summary\": /; s/\$/}/"
}
IFS=, read -r -a pairs <<< "${PAIRS:-pulse 128 pipewire 256,pulse 256 pipewire 128}"
for pair in "${pairs[@]}"; do
  set -- $pair
  run "$1" "$2" > "$work/a.json" &
  a=$!
  run "$3" "$4" > "$work/b.json"
  wait $a
  cat "$work/a.json" "$work/b.json"
done
