#!/usr/bin/env bash
# The README's picture of a lesson: `kape shadow beim-baecker` on its full screen under tmux (100×28), a line being
# heard, looped, slowed down, captured with its colours and drawn as cells (scripts/screen-picture.py → SVG →
# rsvg-convert → PNG). Playback is paced by a private PulseAudio null sink on a real-time clock
# (scripts/pulse-null-sink.sh): ALSA's `null` PCM takes audio faster than real time, so the lesson would end at once.
# Usage: scripts/lesson-picture.sh [OUT.png]   (KAPE=binary, default .build/release/kape; LESSONS=folder)
set -euo pipefail
cd "$(dirname "$0")/.."
KAPE=${KAPE:-$(pwd)/.build/release/kape}
LESSONS=${LESSONS:-$(pwd)/lessons}
OUT=${1:-docs/pictures/lesson-shadow.png}
for tool in tmux rsvg-convert pulseaudio pacat python3; do
  command -v $tool >/dev/null || { echo "lesson-picture.sh: needs $tool" >&2; exit 1; }
done
WORK=$(mktemp -d)
SOCK=kape-picture-$$
cleanup() {
  tmux -L $SOCK kill-server 2>/dev/null || true
  sh scripts/pulse-null-sink.sh stop "$WORK/pulse" || true
  rm -rf "$WORK"
}
trap cleanup EXIT
mkdir "$WORK/data" "$WORK/pulse"
sh scripts/pulse-null-sink.sh start "$WORK/pulse" >/dev/null

screen() { tmux -u -L $SOCK capture-pane -p -t k; }
wait_for() {  # poll the pane for a pattern, for at most 30 s
  local tries=0
  until screen | grep -q -- "$1"; do
    tries=$((tries + 1))
    [ $tries -gt 1500 ] && { echo "lesson-picture.sh: \"$1\" never showed; the screen was:" >&2; screen >&2; exit 1; }
    sleep 0.02
  done
}

# A fresh data folder: no saved place, settings at their defaults.
tmux -u -L $SOCK -f /dev/null new-session -d -s k -x 100 -y 28 \
  "env XDG_DATA_HOME='$WORK/data' ALSA_CONFIG_PATH='/usr/share/alsa/alsa.conf:$WORK/pulse/asound.conf' \
   '$KAPE' shadow beim-baecker --lessons '$LESSONS' --device kape_pulse --speed 0.8 --start 13 \
   2>'$WORK/stderr'; echo exited \$?; sleep 60"
wait_for "▶ 0:1[4-9] /"  # playing, some way into line 5
tmux -L $SOCK send-keys -t k l
wait_for "⟳ line 5"  # the status line's loop state (the key help always says "l loop")
sleep 1  # let the position move on a little under the loop
tmux -u -L $SOCK capture-pane -e -N -p -t k > "$WORK/screen.ansi"
if grep -q '^exited' "$WORK/screen.ansi"; then cat "$WORK/stderr" >&2; exit 1; fi
tmux -L $SOCK send-keys -t k q

python3 scripts/screen-picture.py --cols 100 --rows 28 < "$WORK/screen.ansi" > "$WORK/screen.svg"
mkdir -p "$(dirname "$OUT")"
rsvg-convert --format png "$WORK/screen.svg" -o "$OUT.tmp"
mv "$OUT.tmp" "$OUT"
echo "$OUT: $(stat -c %s "$OUT") bytes"
