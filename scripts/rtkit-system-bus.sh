#!/bin/sh
# A private system bus with polkit and RealtimeKit (rtkit), for tests of real-time priority without privileges.
# Runs as root in a private mount namespace, where a polkit rule lets any process ask rtkit (without a login
# session polkit would refuse); the machine's own polkit rules and system bus are untouched.
#   scripts/rtkit-system-bus.sh start DIR [no-rtkit]   prints the bus address (DBUS_SYSTEM_BUS_ADDRESS)
#   scripts/rtkit-system-bus.sh stop DIR               stops what start started
# Needs: dbus-daemon, dbus-send (dbus-bin), polkitd, rtkit, unshare (util-linux).
set -eu
cmd=${1:?usage: rtkit-system-bus.sh start|stop DIR}
dir=${2:?usage: rtkit-system-bus.sh start|stop DIR}
address="unix:path=$dir/bus"

case "$cmd" in
start)
  mkdir -p "$dir/rules"
  chmod 755 "$dir" "$dir/rules"
  cat > "$dir/rules/49-kape-test.rules" <<'RULES'
polkit.addRule(function(action, subject) {
    if (action.id.indexOf("org.freedesktop.RealtimeKit1.") == 0) return polkit.Result.YES;
});
RULES
  chmod 644 "$dir/rules/49-kape-test.rules"
  cat > "$dir/bus.conf" <<CONF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <listen>$address</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow user="*"/>
    <allow own="*"/>
    <allow send_destination="*"/>
    <allow receive_sender="*"/>
  </policy>
</busconfig>
CONF
  rtkit=${3:-rtkit}
  # Everything inside one namespace: the rule's bind mount lives as long as these processes do.
  setsid unshare --mount --propagation private sh -c '
    mount --bind "$0/rules" /etc/polkit-1/rules.d
    export DBUS_SYSTEM_BUS_ADDRESS="unix:path=$0/bus"
    dbus-daemon --config-file="$0/bus.conf" --nofork --nopidfile &
    i=0; while [ ! -S "$0/bus" ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
    /usr/lib/polkit-1/polkitd --no-debug &
    if [ "$1" = rtkit ]; then
      # Its own resource limits would stop it writing to the log file (SIGXFSZ).
      /usr/libexec/rtkit-daemon --stderr --no-canary --no-drop-privileges --no-chroot --no-limit-resources &
    fi
    wait' "$dir" "$rtkit" > "$dir/daemons.log" 2>&1 < /dev/null &
  echo $! > "$dir/namespace.pid"
  want=org.freedesktop.PolicyKit1
  [ "$rtkit" = rtkit ] && want=org.freedesktop.RealtimeKit1
  tries=0
  until DBUS_SYSTEM_BUS_ADDRESS="$address" dbus-send --system --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
      org.freedesktop.DBus.NameHasOwner string:"$want" 2>/dev/null | grep -q "boolean true"; do
    tries=$((tries + 1)); [ $tries -gt 200 ] && { echo "the private system bus did not come up (see $dir/daemons.log)" >&2; exit 1; }
    sleep 0.05
  done
  echo "$address"
  ;;
stop)
  if [ -f "$dir/namespace.pid" ]; then
    pid=$(cat "$dir/namespace.pid")
    # Only the session start started (its leader is unshare, then sh): the pid may have been reused since.
    case "$(cat /proc/"$pid"/comm 2>/dev/null)" in
      unshare|sh) kill -- -"$pid" 2>/dev/null || true ;;
    esac
    rm -f "$dir/namespace.pid"
  fi
  ;;
*) echo "usage: rtkit-system-bus.sh start|stop DIR [no-rtkit]" >&2; exit 2 ;;
esac
