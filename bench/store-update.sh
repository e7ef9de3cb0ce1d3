#!/bin/sh
# Cost of one progress-store update (`kape check --record`: lock, read, change, write back) at store sizes of
# 1, 8 and 32 MiB of dictation results, as a learner's store grows over the years. Prints the first update
# (which, since issue 30, folds the old records into the summary) and the median of the next RUNS.
# usage: bench/store-update.sh [KAPE] [RUNS]     (from the repo root; KAPE defaults to .build/release/kape)
set -eu
KAPE=${1:-.build/release/kape}
RUNS=${2:-5}
WORK=$(mktemp -d /tmp/kape-store-bench-XXXXXX)
trap 'rm -rf "$WORK"' EXIT
ms() { python3 -c 'import sys,time,subprocess,os
t=time.perf_counter(); r=subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL); d=time.perf_counter()-t
sys.exit(r.returncode) if r.returncode else print("%.0f" % (d*1000))' "$@"; }
for mib in 1 8 32; do
    # Format-1 records as `kape check --record` writes them: about 250 bytes each.
    python3 - "$WORK/store-$mib.json" "$mib" <<'PY'
import json, sys
path, mib = sys.argv[1], int(sys.argv[2])
recs, size, i = [], 0, 0
while size < mib << 20:
    r = {"accuracy": 0.8, "at": 1800000000 + i, "cue": i % 40 + 1, "day": "2027-01-15", "lesson": "beim-baecker",
         "points": 8, "reference": "Satz %d: Ich hätte gern sechs Brötchen, bitte." % i,
         "review": False, "typed": "satz %d ich hatte gern sechs brotchen bitte" % i}
    s = json.dumps(r, sort_keys=True, separators=(",", ":"))
    recs.append(s); size += len(s) + 1; i += 1
open(path, "w").write('{"version":1,"points":0,"activity":{},"dictations":[' + ",".join(recs) + "]}")
PY
    mkdir -p "$WORK/home-$mib/kape"
    cp "$WORK/store-$mib.json" "$WORK/home-$mib/kape/progress.json"
    first=$(XDG_DATA_HOME="$WORK/home-$mib" KAPE_NOW=1800000000 ms "$KAPE" check Hallo Hallo --record)
    rest=""
    for _ in $(seq "$RUNS"); do
        rest="$rest $(XDG_DATA_HOME="$WORK/home-$mib" KAPE_NOW=1800000000 ms "$KAPE" check Hallo Hallo --record)"
    done
    median=$(echo $rest | tr ' ' '\n' | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
    after=$(stat -c %s "$WORK/home-$mib/kape/progress.json")
    echo "$mib MiB: first update $first ms, then median $median ms; store now $after bytes"
done
