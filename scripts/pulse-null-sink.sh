#!/bin/sh
# A private PulseAudio whose null sink runs on a real-time clock: for tests that need paced playback and a
# real snd_pcm_delay without a sound card. Works as root, needs no dbus.
#   scripts/pulse-null-sink.sh start DIR   starts it; prints the server address; writes DIR/asound.conf
#   scripts/pulse-null-sink.sh stop DIR    stops what start started (only those processes)
set -eu
cmd=${1:?usage: pulse-null-sink.sh start|stop DIR}
dir=${2:?usage: pulse-null-sink.sh start|stop DIR}
socket="$dir/runtime/native"
export HOME="$dir/home" XDG_RUNTIME_DIR="$dir/runtime" XDG_CONFIG_HOME="$dir/home/.config" PULSE_SERVER="unix:$socket"

case "$cmd" in
start)
  mkdir -p "$dir/runtime" "$dir/home/.config"
  chmod 700 "$dir/runtime"
  cat > "$dir/server.pa" <<PA
load-module module-native-protocol-unix auth-anonymous=1 socket=$socket
load-module module-null-sink sink_name=kape_null rate=48000 channels=2
set-default-sink kape_null
PA
  setsid pulseaudio --daemonize=no --exit-idle-time=-1 -n -F "$dir/server.pa" --use-pid-file=no \
    --log-target=file:"$dir/pulse.log" </dev/null >/dev/null 2>&1 &
  echo $! > "$dir/pulse.pid"
  tries=0
  until pactl info >/dev/null 2>&1; do
    tries=$((tries + 1)); [ $tries -gt 200 ] && { echo "pulseaudio did not start (see $dir/pulse.log)" >&2; exit 1; }
    sleep 0.05
  done
  # An idle null sink renders up to 2 s of silence ahead and a new stream then stalls until that is consumed.
  # A low-latency keepalive stream keeps the render-ahead short...
  setsid pacat --raw --format=s16le --rate=48000 --channels=2 --latency-msec=20 --client-name=kape-keepalive \
    </dev/zero >/dev/null 2>&1 &
  echo $! > "$dir/keepalive.pid"
  tries=0
  until pactl list short sink-inputs | grep -q .; do
    tries=$((tries + 1)); [ $tries -gt 200 ] && { echo "keepalive stream did not connect" >&2; exit 1; }
    sleep 0.02
  done
  # ...and a suspend/resume cycle throws away what was rendered ahead before the keepalive arrived.
  pactl suspend-sink kape_null 1
  pactl suspend-sink kape_null 0
  cat > "$dir/asound.conf" <<AC
pcm.kape_pulse { type pulse  server "unix:$socket" }
ctl.kape_pulse { type pulse  server "unix:$socket" }
pcm.!default { type pulse  server "unix:$socket" }
ctl.!default { type pulse  server "unix:$socket" }
AC
  echo "unix:$socket"
  ;;
stop)
  # Only the processes start started: a saved pid may have been reused since (pid_max can be 32768, and a
  # thread's id counts: killing one would signal a whole unrelated process, such as the test runner).
  for f in keepalive:pacat pulse:pulseaudio; do
    name=${f%%:*} comm=${f#*:}
    if [ -f "$dir/$name.pid" ]; then
      pid=$(cat "$dir/$name.pid")
      if [ "$(cat /proc/"$pid"/comm 2>/dev/null)" = "$comm" ] && [ "$(awk '/^Tgid:/ {print $2}' /proc/"$pid"/status 2>/dev/null)" = "$pid" ]; then
        kill "$pid" 2>/dev/null || true
      fi
      rm -f "$dir/$name.pid"
    fi
  done
  ;;
*) echo "usage: pulse-null-sink.sh start|stop DIR" >&2; exit 2 ;;
esac
