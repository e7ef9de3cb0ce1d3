#!/bin/sh
# Prints the folder holding PipeWire's ALSA plugin (libasound_module_pcm_pipewire.so), unpacking it first if needed.
# Debian 12's pipewire-alsa package Conflicts: pulseaudio (and re-points the system's ALSA default), so the tests
# take the plugin out of the .deb into DEST instead of installing the package. The system's copy wins if present.
#   scripts/pipewire-alsa-plugin.sh DEST
set -eu
dest=${1:?usage: pipewire-alsa-plugin.sh DEST}
for d in /usr/lib/*/alsa-lib "$dest"/usr/lib/*/alsa-lib; do
  if [ -f "$d/libasound_module_pcm_pipewire.so" ]; then echo "$d"; exit 0; fi
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && apt-get download -q pipewire-alsa >/dev/null 2>&1) || {
  echo "pipewire-alsa-plugin.sh: cannot download the pipewire-alsa package (apt-get download pipewire-alsa)" >&2; exit 1; }
mkdir -p "$dest"
dpkg-deb -x "$work"/pipewire-alsa_*.deb "$dest"
for d in "$dest"/usr/lib/*/alsa-lib; do
  if [ -f "$d/libasound_module_pcm_pipewire.so" ]; then echo "$d"; exit 0; fi
done
echo "pipewire-alsa-plugin.sh: the package holds no ALSA plugin" >&2
exit 1
