#!/usr/bin/env bash
# What the game's window does to the sound: `kape bench window --device` through a private PulseAudio and a
# private PipeWire (null sinks on a real-time clock), each run replaying the trace once with the window (SDL's
# dummy driver, software renderer) and once through the same loop with no window; then the same with --redraw
# (a whole frame at every wake-up of the loop, the window's worst case).
#   bench/window-figures.sh [SECONDS] [SIZE]   from the repo root, after `make release` and `make deps`
# SECONDS: length of the synthetic round (default 120); SIZE: the window (default 1920x1080).
# Prints one JSON line per run, prefixed with the server and whether every wake-up redrew: xruns and motion ->
# sound p50/p99 (internal and audible) with and without the window, gesture -> frame, idle CPU.
set -euo pipefail
seconds=${1:-120}
size=${2:-1920x1080}
kape=${KAPE:-.build/release/kape}
work=$(mktemp -d /tmp/kape-window.XXXXXX)
cleanup() {
  scripts/pulse-null-sink.sh stop "$work/pulse" || true
  scripts/pipewire-null-sink.sh stop "$work/pipewire" || true
  rm -rf "$work"
}
trap cleanup EXIT
"$kape" trace synth --seed 12 --idle 1.2 --calm --seconds "$seconds" -o "$work/round.evemu" >/dev/null
for server in pulse pipewire; do
  "scripts/$server-null-sink.sh" start "$work/$server" >/dev/null
  for redraw in "" --redraw; do
    ALSA_CONFIG_PATH="/usr/share/alsa/alsa.conf:$work/$server/asound.conf" \
      "$kape" bench window "$work/round.evemu" --size "$size" --idle 5 --device "kape_$server" $redraw --json | tail -1 \
      | sed "s/^/{\"server\": \"$server\", \"summary\": /; s/\$/}/"
  done
  "scripts/$server-null-sink.sh" stop "$work/$server"
done
