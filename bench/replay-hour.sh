#!/usr/bin/env bash
# Times `kape replay` on a one-hour 250 Hz DualSense-like evemu trace against mawk summing one field of every
# line of the same file (median of 3 runs each). The trace is made once under $OUT and reused.
#   bench/replay-hour.sh            # evemu lines without per-event comments (~220 MB, like `evemu-record` 1.x)
#   COMMENTS=1 bench/replay-hour.sh # with evemu 2.x per-event comments, as `evemu-record` writes today (~490 MB)
set -euo pipefail
cd "$(dirname "$0")/.."
KAPE=${KAPE:-.build/release/kape}
OUT=${OUT:-/tmp/kape-hour}
SECONDS_OF_TRACE=${SECONDS_OF_TRACE:-3600}
COMMENTS=${COMMENTS:-0}
RUNS=${RUNS:-3}

[ -x "$KAPE" ] || swift build -c release --product kape -Xswiftc -warnings-as-errors
mkdir -p "$OUT"
CSV=$OUT/hour.csv
FULL=$OUT/hour-commented.evemu
PLAIN=$OUT/hour.evemu

if [ ! -s "$CSV" ]; then
  # 2 s still in the neutral pose (landscape, +1 g along +Y), then a gesture every 6 s: tilt 45-85° down or up
  # with a minimum-jerk profile over 0.45 s, hold with tremor, return; small yaw and roll sway throughout;
  # accelerometer noise ~3 mg, gyro noise ~0.15 deg/s plus a constant bias.
  mawk -v n="$((SECONDS_OF_TRACE * 250))" 'BEGIN {
    srand(7); pi = 3.141592653589793; d2r = pi / 180; dt = 0.004
    print "# kape-trace 1"; print "t,ax,ay,az,gx,gy,gz"
    prev = 0
    for (i = 0; i < n; i++) {
      t = i * dt
      th = 0
      if (t >= 2) {
        k = int((t - 2) / 6); u = (t - 2) - 6 * k
        amp = (45 + (k * 37) % 41) * ((k % 2) ? 1 : -1)
        if (u < 0.45) { s = u / 0.45; th = amp * (10*s^3 - 15*s^4 + 6*s^5) }
        else if (u < 1.95) { th = amp + 1.5 * sin(2 * pi * 7 * u) }
        else if (u < 2.4) { s = (u - 1.95) / 0.45; th = amp * (1 - (10*s^3 - 15*s^4 + 6*s^5)) }
        sway = 4 * sin(2 * pi * 0.13 * t); roll = 3 * sin(2 * pi * 0.07 * t + 1)
      } else { sway = 0; roll = 0 }
      rate = (i == 0) ? 0 : (th - prev) / dt; prev = th
      c = cos(th * d2r); sn = sin(th * d2r); r = roll * d2r
      ax = -sin(r) * c + nz(0.003); ay = cos(r) * c + nz(0.003); az = sn + nz(0.003)
      gx = rate + 0.3 + nz(0.15)
      gy = (t >= 2 ? 2 * pi * 0.13 * 4 * cos(2 * pi * 0.13 * t) : 0) - 0.2 + nz(0.15)
      gz = (t >= 2 ? 2 * pi * 0.07 * 3 * cos(2 * pi * 0.07 * t + 1) : 0) + 0.1 + nz(0.15)
      printf "%.3f,%.5f,%.5f,%.5f,%.3f,%.3f,%.3f\n", t, ax, ay, az, gx, gy, gz
    }
  }
  function nz(sd) { return sd * (rand() + rand() + rand() - 1.5) * 2 }' > "$CSV.tmp"
  mv "$CSV.tmp" "$CSV"
fi
if [ ! -s "$FULL" ]; then
  t0=$(date +%s%N)
  "$KAPE" trace convert "$CSV" "$FULL"
  t1=$(date +%s%N)
  echo "kape trace convert (CSV -> evemu, $(du -m "$FULL" | cut -f1) MB): $(( (t1 - t0) / 1000000 )) ms"
fi
if [ ! -s "$PLAIN" ]; then
  # Per-event comments start at the tab after the value.
  mawk -F '\t' '/^E: /{ print $1; next } { print }' "$FULL" > "$PLAIN.tmp" && mv "$PLAIN.tmp" "$PLAIN"
fi
TRACE=$PLAIN
[ "$COMMENTS" = 1 ] && TRACE=$FULL

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
time_ms() {
  local t0 t1
  t0=$(date +%s%N); "$@" > /dev/null; t1=$(date +%s%N)
  echo $(( (t1 - t0) / 1000000 ))
}

cat "$TRACE" > /dev/null  # warm the page cache for both
lines=$(wc -l < "$TRACE")
size=$(du -m "$TRACE" | cut -f1)
kape_ms=$(for _ in $(seq "$RUNS"); do time_ms "$KAPE" replay "$TRACE"; done | median)
mawk_ms=$(for _ in $(seq "$RUNS"); do time_ms mawk '{s+=$4} END {print s}' "$TRACE"; done | median)
events=$("$KAPE" replay "$TRACE" | wc -l)
echo "trace: $TRACE ($size MB, $lines lines, $((SECONDS_OF_TRACE * 250)) samples, $events gestures detected)"
echo "kape replay: $kape_ms ms (median of $RUNS)"
echo "mawk sum:    $mawk_ms ms (median of $RUNS)"
