#!/bin/sh
# A WAV output past 4 GiB (issue 30): `kape stretch` of 47 minutes of 8-channel 48 kHz audio at 0.5× writes about
# 4.3 GB. Before, the RIFF size wrapped (exit 0, readers saw minutes); now the file is RF64 and its length, as a
# reader sees it (the ds64 chunk), matches `output_seconds`. Needs sox and about 5 GB free in $TMPDIR (or /tmp);
# takes minutes. usage: bench/wav-4gib.sh [KAPE]   (from the repo root; KAPE defaults to .build/release/kape)
set -eu
KAPE=${1:-.build/release/kape}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/kape-wav4g-XXXXXX")
trap 'rm -rf "$WORK"' EXIT
sox -n -r 48000 -c 8 -b 16 "$WORK/in.flac" synth 2800 sine 300 vol 0.3
start=$(date +%s)
"$KAPE" stretch "$WORK/in.flac" "$WORK/out.wav" --speed 0.5 --json > "$WORK/summary.json"
end=$(date +%s)
python3 - "$WORK/out.wav" "$WORK/summary.json" "$((end - start))" <<'PY'
import json, os, struct, sys
path, summary, took = sys.argv[1], json.load(open(sys.argv[2])), sys.argv[3]
with open(path, "rb") as f:
    head = f.read(4096)
kind = head[:4].decode("latin-1")
size = os.path.getsize(path)
# Walk the chunks: fmt gives the frame size; RF64 keeps the data size in ds64, WAV in the data chunk's 32 bits.
pos, frame, rate, data, ds64 = 12, None, None, None, None
while pos + 8 <= len(head):
    cid, n = head[pos:pos + 4], struct.unpack("<I", head[pos + 4:pos + 8])[0]
    if cid == b"ds64": ds64 = struct.unpack("<Q", head[pos + 16:pos + 24])[0]
    if cid == b"fmt ":
        ch, rate = struct.unpack("<HI", head[pos + 10:pos + 16]); bits = struct.unpack("<H", head[pos + 22:pos + 24])[0]
        frame = ch * bits // 8
    if cid == b"data": data = ds64 if n == 0xFFFFFFFF else n; break
    pos += 8 + n + (n & 1)
seen = data / frame / rate
print("%s: %s, %d bytes, a reader sees %.3f s; kape said output_seconds %.3f; %s s" % (path, kind, size, seen, summary["output_seconds"], took))
sys.exit(0 if kind == "RF64" and abs(seen - summary["output_seconds"]) < 0.001 else 1)
PY
