#!/usr/bin/env bash
# Prints the DEBIAN/control of the package staged in ROOT (ROOT/usr/bin/kape and its data). Depends comes from
# dpkg-shlibdeps: the packages holding every library the binary links, at the versions its symbols need.
#   scripts/deb-control.sh ROOT VERSION ARCH
set -euo pipefail
root=$(cd "${1:?usage: deb-control.sh ROOT VERSION ARCH}" && pwd)
version=${2:?version}
arch=${3:?arch}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# dpkg-shlibdeps reads a source package's debian/control; a minimal one does.
mkdir -p "$work/debian"
printf 'Source: kape\n\nPackage: kape\nArchitecture: any\n' > "$work/debian/control"
if ! out=$(cd "$work" && dpkg-shlibdeps -O -e "$root/usr/bin/kape" 2>"$work/log"); then
  cat "$work/log" >&2
  exit 1
fi
depends=${out#shlibs:Depends=}
[ -n "$depends" ] || { echo "deb-control.sh: dpkg-shlibdeps found no libraries in $root/usr/bin/kape" >&2; exit 1; }
size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
cat <<CONTROL
Package: kape
Version: $version
Architecture: $arch
Maintainer: Kape developers <kape@localhost>
Installed-Size: $size
Depends: $depends
Recommends: libasound2-plugins | pipewire-alsa, dict-freedict-deu-eng, hunspell-de-de, fonts-dejavu-core
Section: games
Priority: optional
Description: party game and listening lessons on a real-time motion and audio engine
 Kape reads the tilt of a game controller or phone (evdev) and plays sound
 through ALSA with low latency. On top of it: a Heads-Up-style party game
 with Albanian decks, and German shadowing and dictation lessons.
CONTROL
