#!/bin/sh
# A private PipeWire (with WirePlumber) whose null sink is driven by a timer: for tests that need paced playback
# through the server most distributions run, without a sound card, D-Bus or systemd. Works as root.
#   scripts/pipewire-null-sink.sh start DIR   starts it; prints the socket; writes DIR/asound.conf
#   scripts/pipewire-null-sink.sh stop DIR    stops what start started (only those processes)
# Needs: pipewire pipewire-bin wireplumber, and the ALSA plugin (scripts/pipewire-alsa-plugin.sh fetches it).
set -eu
cmd=${1:?usage: pipewire-null-sink.sh start|stop DIR}
dir=${2:?usage: pipewire-null-sink.sh start|stop DIR}
here=$(cd "$(dirname "$0")" && pwd)
export HOME="$dir/home" XDG_RUNTIME_DIR="$dir/runtime" PIPEWIRE_RUNTIME_DIR="$dir/runtime" \
  XDG_CONFIG_HOME="$dir/config" XDG_STATE_HOME="$dir/state"
unset PIPEWIRE_REMOTE PIPEWIRE_QUANTUM PIPEWIRE_LATENCY WIREPLUMBER_CONFIG_DIR DBUS_SESSION_BUS_ADDRESS || true

stop() {
  for f in wireplumber pipewire; do
    [ -f "$dir/$f.pid" ] || continue
    pid=$(cat "$dir/$f.pid")
    # Only the process this script started: the pid may have been reused since.
    if [ "$(cat /proc/"$pid"/comm 2>/dev/null)" = "$f" ] && [ "$(awk '/^Tgid:/ {print $2}' /proc/"$pid"/status 2>/dev/null)" = "$pid" ]; then
      kill "$pid" 2>/dev/null || true
      i=0; while kill -0 "$pid" 2>/dev/null && [ $i -lt 40 ]; do sleep 0.05; i=$((i + 1)); done
      kill -9 "$pid" 2>/dev/null || true
    fi
    rm -f "$dir/$f.pid"
  done
}

case "$cmd" in
start)
  plugin=$("$here/pipewire-alsa-plugin.sh" "${KAPE_PIPEWIRE_ALSA:-$here/../.build/pipewire-alsa}")
  mkdir -p "$dir/runtime" "$dir/config/wireplumber/main.lua.d" "$dir/state" "$dir/home"
  chmod 700 "$dir/runtime"
  # The stock configuration raises the smallest quantum to 1024 frames in a VM; this one lets clients ask for
  # their period (the plugin asks for avail_min), so a 128-frame period gets a 128-frame graph.
  cat > "$dir/pipewire.conf" <<PW
context.properties = {
  core.daemon = true
  core.name = pipewire-0
  default.clock.rate = 48000
  default.clock.allowed-rates = [ 48000 ]
  default.clock.quantum = 1024
  default.clock.min-quantum = 32
  default.clock.max-quantum = 2048
  mem.warn-mlock = false
  log.level = 2
}
context.spa-libs = {
  audio.convert.* = audioconvert/libspa-audioconvert
  support.* = support/libspa-support
}
context.modules = [
  { name = libpipewire-module-rt args = { nice.level = -11 } flags = [ ifexists nofail ] }
  { name = libpipewire-module-protocol-native }
  { name = libpipewire-module-metadata }
  { name = libpipewire-module-spa-node-factory }
  { name = libpipewire-module-client-node }
  { name = libpipewire-module-client-device }
  { name = libpipewire-module-access }
  { name = libpipewire-module-adapter }
  { name = libpipewire-module-link-factory }
  { name = libpipewire-module-session-manager }
]
context.objects = [
  { factory = adapter args = {
      factory.name = support.null-audio-sink
      node.name = kape_null
      node.description = "Kape null sink"
      media.class = Audio/Sink
      audio.rate = 48000
      audio.channels = 2
      audio.position = [ FL FR ]
      object.linger = true
      node.driver = true
      priority.driver = 30000
      priority.session = 30000
      session.suspend-timeout-seconds = 0
  } }
]
PW
  # WirePlumber links every new stream to the default sink. No device monitors (no hardware here), and no
  # flatpak portal: without a D-Bus session bus WirePlumber 0.4 exits at start-up when it tries.
  cat > "$dir/config/wireplumber/main.lua.d/51-kape-headless.lua" <<'WP'
alsa_monitor.enabled = false
v4l2_monitor.enabled = false
libcamera_monitor.enabled = false
default_access.properties["enable-flatpak-portal"] = false
WP
  setsid pipewire -c "$dir/pipewire.conf" </dev/null >"$dir/pipewire.log" 2>&1 &
  echo $! > "$dir/pipewire.pid"
  tries=0
  until pw-cli info 0 >/dev/null 2>&1; do
    tries=$((tries + 1)); [ $tries -gt 200 ] && { echo "pipewire did not start (see $dir/pipewire.log)" >&2; stop; exit 1; }
    sleep 0.05
  done
  setsid wireplumber </dev/null >"$dir/wireplumber.log" 2>&1 &
  echo $! > "$dir/wireplumber.pid"
  tries=0
  until pw-metadata -n default 0 default.audio.sink 2>/dev/null | grep -q kape_null; do
    tries=$((tries + 1)); [ $tries -gt 200 ] && { echo "wireplumber did not pick the null sink (see $dir/wireplumber.log)" >&2; stop; exit 1; }
    sleep 0.05
  done
  cat > "$dir/asound.conf" <<AC
pcm_type.pipewire { lib "$plugin/libasound_module_pcm_pipewire.so" }
ctl_type.pipewire { lib "$plugin/libasound_module_ctl_pipewire.so" }
pcm.kape_pipewire { type pipewire server "$dir/runtime/pipewire-0" playback_node "-1" capture_node "-1" }
pcm.!default { type pipewire server "$dir/runtime/pipewire-0" playback_node "-1" capture_node "-1" }
ctl.!default { type pipewire server "$dir/runtime/pipewire-0" }
AC
  echo "$dir/runtime/pipewire-0"
  ;;
stop) stop ;;
*) echo "usage: pipewire-null-sink.sh start|stop DIR" >&2; exit 2 ;;
esac
