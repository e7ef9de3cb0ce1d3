#!/usr/bin/env python3
"""Before/after accuracy on one fresh synthetic corpus written to files, so two kape binaries see the same traces.

Usage (from the repo root, after a release build):
    KAPE_BEFORE=/path/to/old/kape bench/accuracy-compare.py [ROUNDS_PER_PROFILE (default 120)] [FIRST_SEED (default 900000)]

Corpora (half of each profile's rounds landscape flipped, consecutive seeds from FIRST_SEED):
  hard     --hard (2-3 Hz nods of 12-15 deg, laughs, walking, bumps, still spells; half the gestures fast and large),
           noise drawn per round from 0.002-0.03 g; the accelerometer-only profiles (ds3, wiimote, iio-accel,
           iio-laptop) and the gyro ones (ds250, burst, hz100, dropped, iio-phone)
  mashing  --mashing --seconds 30 (no gestures, +-3-8 deg jitter), same noise; the accelerometer-only profiles
Every trace goes through `kape replay -v` of each binary (the new one writes the corpus). Per corpus, profile and
binary it prints F1, tp/fp/fn, latency median and p95, and the time from the first sample to calibration (median,
max); traces a binary cannot calibrate or read count as all gestures missed. The matching is `kape eval`'s: same
kind, from 50 ms before to 350 ms after the true crossing.
"""
import json
import os
import random
import re
import subprocess
import sys
import tempfile

KAPE = os.environ.get("KAPE", ".build/release/kape")
# PROFILES (comma-separated) keeps only those profiles, e.g. PROFILES=ds3,wiimote after a change to the
# accelerometer-only path alone.
ONLY = set(filter(None, os.environ.get("PROFILES", "").split(",")))
BEFORE = os.environ.get("KAPE_BEFORE")
rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 120
first_seed = int(sys.argv[2]) if len(sys.argv) > 2 else 900000
CORPORA = [("hard", ["--hard"], ["ds3", "wiimote", "iio-accel", "iio-laptop", "ds250", "burst", "hz100", "dropped", "iio-phone"]),
           ("mashing", ["--mashing", "--seconds", "30"], ["ds3", "wiimote", "iio-accel", "iio-laptop"])]


def match(events, truth):
    truth = sorted(truth, key=lambda t: t["t"])
    used = [False] * len(truth)
    tp = fp = 0
    lat = []
    for d in sorted(events, key=lambda e: e["t"]):
        hit = None
        for i, t in enumerate(truth):
            if used[i] or t["kind"] != d["event"]:
                continue
            dt = d["t"] - t["t"]
            if -0.050 <= dt <= 0.350:
                hit = i
                break
            if dt < -0.050:
                break
        if hit is None:
            fp += 1
        else:
            used[hit] = True
            tp += 1
            lat.append(d["t"] - truth[hit]["t"])
    return tp, fp, len(truth) - tp, lat


def replay(binary, path):
    p = subprocess.run([binary, "replay", "-v", path], capture_output=True, text=True)
    if p.returncode != 0:
        return None, None
    events = [json.loads(l) for l in p.stdout.splitlines() if l.startswith("{")]
    cal = re.search(r"calibrated at ([0-9.]+) s", p.stderr)
    start = re.search(r"samples from ([0-9.]+) s", p.stderr)
    return events, (float(cal.group(1)) - float(start.group(1))) if cal and start else None


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else float("nan")


def main():
    binaries = [("after", KAPE)] + ([("before", BEFORE)] if BEFORE else [])
    with tempfile.TemporaryDirectory(prefix="kape-compare.") as tmp:
        for corpus, options, profiles in CORPORA:
            for profile in profiles:
                if ONLY and profile not in ONLY:
                    continue
                totals = {name: dict(tp=0, fp=0, fn=0, lat=[], cal=[], failed=0) for name, _ in binaries}
                for i in range(rounds):
                    seed = first_seed + i
                    noise = random.Random(seed).uniform(0.002, 0.03)
                    path = os.path.join(tmp, f"{corpus}-{profile}-{seed}.evemu")
                    flip = ["--flipped"] if i % 2 else []
                    subprocess.run([KAPE, "trace", "synth", "--seed", str(seed), "--profile", profile,
                                    "--noise", f"{noise:.4f}", "-o", path] + options + flip, check=True)
                    with open(path[:-len(".evemu")] + ".truth.json") as f:
                        truth = json.load(f)["events"]
                    for name, binary in binaries:
                        events, cal = replay(binary, path)
                        s = totals[name]
                        if events is None:
                            s["failed"] += 1
                            s["fn"] += len(truth)
                            continue
                        tp, fp, fn, lat = match(events, truth)
                        s["tp"] += tp; s["fp"] += fp; s["fn"] += fn; s["lat"] += lat
                        if cal is not None:
                            s["cal"].append(cal)
                    os.remove(path)
                for name, _ in binaries:
                    s = totals[name]
                    p = s["tp"] / (s["tp"] + s["fp"]) if s["tp"] + s["fp"] else 1
                    r = s["tp"] / (s["tp"] + s["fn"]) if s["tp"] + s["fn"] else 1
                    f1 = 2 * p * r / (p + r) if p + r else 0
                    print(f"{corpus:8} {profile:10} {name:6} rounds {rounds} F1 {f1:.4f} tp {s['tp']} fp {s['fp']} "
                          f"fn {s['fn']} latency median {pct(s['lat'], 0.5) * 1000:.1f} ms p95 {pct(s['lat'], 0.95) * 1000:.1f} ms "
                          f"calibration median {pct(s['cal'], 0.5):.2f} s max {max(s['cal'], default=float('nan')):.2f} s "
                          f"unreadable/uncalibrated {s['failed']}", flush=True)


main()
