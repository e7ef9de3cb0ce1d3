#!/usr/bin/env python3
"""Speech time-stretch quality and speed: kape's WSOLA against sox, SoundTouch and Rubber Band, same measures.

Usage: bench/stretch-compare.py [--speed-only] [SPEECH_FILE...]   (default: the three shipped lessons, 48 kHz mono)
  --speed-only: only kape against SoundTouch (the speed the issue asks to match), 7 runs each, alternating, so a
                noisy minute on a shared machine slows both rather than one.
Needs: sox, soundstretch, rubberband (Debian: sox soundstretch rubberband-cli), numpy, a release build of kape.
Measures, all on the same linear output→input map t_in = t_out · speed:
  duration error  |len_out − len_in/speed| / (len_in/speed)
  F0 error        median |cents| on frames voiced in both (YIN-style estimator, integer lag, ±10 ms slack)
  envelope corr.  correlation of the output's 10 ms RMS envelope (dB) with the input's RMS over exactly the input span
                  each output frame maps to (t_in = t_out · speed), on frames within 50 dB of the loudest (speech, not
                  the dither between phrases)
  LSD             median log-spectral distance (dB) of 32 ms frames after the time warp
The map is applied to frame centres: output frame [t, t+n) is compared with the input frame centred on
(t + n/2)·speed (LSD: taken at that exact sample; envelope: interpolated; F0: nearest 10 ms frame, ±1). (Until 2026-11-21 it was applied to frame starts and rounded to the
input's 10 ms grid, which compares frames up to 1.6·|speed − 1|·10 ms + 5 ms apart: 8 ms at 0.5×, 16 ms at 2×, and so
favoured whichever tool happens to lag by that much. "LSD, start-aligned" still prints that old figure.)
  speed           x realtime on one core, whole command (decode + process + encode), median of 3 runs taken in turn
                  with the other tools' runs at the same speed
"""
import os, shutil, subprocess, sys, tempfile, time, wave
import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KAPE = os.environ.get("KAPE", os.path.join(ROOT, ".build/release/kape"))
SPEEDS = [0.5, 0.75, 1.25, 1.5, 2.0]
RATE = 48000

def read(path):
    with wave.open(path) as w:
        assert w.getsampwidth() == 2
        x = np.frombuffer(w.readframes(w.getnframes()), dtype="<i2").astype(np.float64) / 32768
        if w.getnchannels() > 1:
            x = x.reshape(-1, w.getnchannels()).mean(axis=1)
        return x, w.getframerate()

def f0_track(x, rate, hop=0.010, win=0.040, fmin=70, fmax=400):
    n, h = int(win * rate), int(hop * rate)
    lo, hi = int(rate / fmax), int(rate / fmin)
    out = []
    for start in range(0, len(x) - n - hi, h):
        frame = x[start:start + n + hi]
        if np.sqrt(np.mean(frame[:n] ** 2)) < 0.01:
            out.append(np.nan); continue
        d = np.array([np.sum((frame[:n] - frame[tau:tau + n]) ** 2) for tau in range(hi + 1)])
        cmnd = d[1:] * np.arange(1, hi + 1) / np.maximum(np.cumsum(d[1:]), 1e-12)
        cand = np.where(cmnd[lo - 1:] < 0.15)[0]
        if len(cand) == 0:
            out.append(np.nan); continue
        tau = cand[0] + lo
        while tau < hi and cmnd[tau] < cmnd[tau - 1]:
            tau += 1
        out.append(rate / tau)
    return np.array(out)

def envelope_db(x, rate, hop=0.010):
    h = int(hop * rate)
    frames = len(x) // h
    rms = np.sqrt(np.mean(x[:frames * h].reshape(frames, h) ** 2, axis=1))
    return 20 * np.log10(rms + 1e-5)

def spectra(x, rate, hop=0.010, win=0.032, starts=None):
    n, h = int(win * rate), int(hop * rate)
    w = np.hanning(n)
    idx = np.arange(0, len(x) - n, h) if starts is None else starts
    return np.array([20 * np.log10(np.abs(np.fft.rfft(x[i:i + n] * w)) + 1e-6) for i in idx])

def envelope_exact(inp, eo, speed, rate, hop=0.010, range_db=50):
    """Output envelope frame k against the input's RMS over [k·h·speed, (k+1)·h·speed): a perfect stretch scores 1."""
    h = int(hop * rate)
    sq = np.concatenate([[0.0], np.cumsum(inp ** 2)])
    k = np.arange(len(eo))
    a = np.clip(np.round(k * h * speed).astype(int), 0, len(inp))
    b = np.clip(np.round((k + 1) * h * speed).astype(int), 0, len(inp))
    ok = b > a
    ref = 20 * np.log10(np.sqrt((sq[b[ok]] - sq[a[ok]]) / (b[ok] - a[ok])) + 1e-5)
    speech = ref > ref.max() - range_db
    return np.corrcoef(ref[speech], eo[ok][speech])[0, 1]

def measure(inp, out, speed, rate):
    expected = len(inp) / speed
    duration = abs(len(out) - expected) / expected
    fi, fo = f0_track(inp, rate), f0_track(out, rate)
    cents = []
    for k, f in enumerate(fo):
        if np.isnan(f):
            continue
        j = k * speed + 2 * (speed - 1)  # 40 ms analysis frames: centre k + 2 maps to input centre (k + 2)·speed
        near = [fi[int(round(j)) + s] for s in range(-1, 2) if 0 <= int(round(j)) + s < len(fi)]  # ±10 ms window
        near = [g for g in near if not np.isnan(g)]
        if near:
            cents.append(min(abs(1200 * np.log2(f / g)) for g in near))
    ei, eo = envelope_db(inp, rate), envelope_db(out, rate)
    # Old: frame k (centre k + ½) against the input's 10 ms envelope interpolated at (k + ½)·speed − ½. Interpolating
    # a 10 ms envelope smooths the reference (at 0.5× a perfect stretch scores 0.9990 on this speech) and the
    # silent frames between phrases measure dither: kept as the last column only.
    warped = np.interp(np.arange(len(eo)) * speed + (speed - 1) / 2, np.arange(len(ei)), ei)
    corr_interp = np.corrcoef(warped, eo)[0, 1]
    corr = envelope_exact(inp, eo, speed, rate)
    si, so = spectra(inp, rate), spectra(out, rate)
    n, h = int(0.032 * rate), int(0.010 * rate)
    centred = np.clip(np.round((np.arange(len(so)) * h + n / 2) * speed - n / 2).astype(int), 0, len(inp) - n)
    sa = spectra(inp, rate, starts=centred)
    rows = np.clip(np.round(np.arange(len(so)) * speed).astype(int), 0, len(si) - 1)
    loud = so.max(axis=1) > -40
    lsd = np.sqrt(np.mean((sa - so) ** 2, axis=1))[loud]
    lsd_start = np.sqrt(np.mean((si[rows] - so) ** 2, axis=1))[loud]
    return (duration * 100, float(np.median(cents)) if cents else float("nan"), corr, float(np.median(lsd)),
            float(np.median(lsd_start)), corr_interp)

def tools(speed):
    return {
        "kape (WSOLA)": lambda i, o: [KAPE, "stretch", i, o, "--speed", str(speed)],
        "sox tempo -s": lambda i, o: ["sox", i, o, "tempo", "-s", str(speed)],
        "soundstretch -speech": lambda i, o: ["soundstretch", i, o, f"-tempo={(speed - 1) * 100:.2f}", "-speech"],
        "rubberband R2": lambda i, o: ["rubberband", "-q", "-t", f"{1 / speed:.6f}", i, o],
        "rubberband -3": lambda i, o: ["rubberband", "-q", "-3", "-t", f"{1 / speed:.6f}", i, o],
    }

LESSONS = ["cafe-bestellen", "beim-baecker", "nach-dem-weg"]

def main():
    args = sys.argv[1:]
    speed_only = "--speed-only" in args
    args = [a for a in args if a != "--speed-only"]
    for source in args or [os.path.join(ROOT, "lessons", l, "audio.ogg") for l in LESSONS]:
        (time_only if speed_only else compare)(source)

def prepare(source):
    tmp = tempfile.mkdtemp(prefix="kape-stretch-")
    inp_path = os.path.join(tmp, "in.wav")
    # -R: the same dither every run (it alone moved the envelope figures by up to 0.0005 between runs).
    subprocess.run(["sox", "-R", source, "-r", str(RATE), "-c", "1", "-b", "16", inp_path], check=True)
    inp, rate = read(inp_path)
    print(f"\ninput: {os.path.relpath(source, ROOT)}, {len(inp) / rate:.1f} s, {rate} Hz mono\n")
    return tmp, inp_path, inp, rate

def timed_in_turn(commands, runs):
    """Seconds per command, median of `runs`, the commands run in turn so that machine noise falls on all."""
    times = {name: [] for name in commands}
    names = list(commands)
    for r in range(runs):
        for name in names[r % len(names):] + names[:r % len(names)]:  # each tool goes first in turn
            argv = commands[name]
            t0 = time.perf_counter()
            subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           env=dict(os.environ, OMP_NUM_THREADS="1"))
            times[name].append(time.perf_counter() - t0)
    return {name: float(np.median(t)) for name, t in times.items()}

def time_only(source):
    tmp, inp_path, inp, rate = prepare(source)
    seconds = len(inp) / rate
    print("| speed | kape x realtime | SoundTouch x realtime | ratio |")
    print("|---|---|---|---|")
    for speed in SPEEDS:
        t = tools(speed)
        commands = {name: t[name](inp_path, os.path.join(tmp, f"out-{i}.wav"))
                    for i, name in enumerate(["kape (WSOLA)", "soundstretch -speech"])}
        m = timed_in_turn(commands, 7)
        k, st = seconds / m["kape (WSOLA)"], seconds / m["soundstretch -speech"]
        print(f"| {speed} | {k:.0f} | {st:.0f} | {k / st:.2f} |", flush=True)
    shutil.rmtree(tmp)

def compare(source):
    tmp, inp_path, inp, rate = prepare(source)
    seconds = len(inp) / rate
    print("| tool | speed | duration error % | F0 error (cents, median) | envelope corr. | LSD (dB) | x realtime "
          "| LSD, start-aligned (old) | envelope corr., interpolated (old) |")
    print("|---|---|---|---|---|---|---|---|---|")
    for speed in SPEEDS:
        t = tools(speed)
        outs = {name: os.path.join(tmp, f"out-{i}.wav") for i, name in enumerate(t)}
        medians = timed_in_turn({name: command(inp_path, outs[name]) for name, command in t.items()}, 3)
        for name in t:
            out, _ = read(outs[name])
            d, c, e, l, l0, e0 = measure(inp, out, speed, rate)
            print(f"| {name} | {speed} | {d:.3f} | {c:.2f} | {e:.4f} | {l:.2f} | {seconds / medians[name]:.0f} | {l0:.2f} "
                  f"| {e0:.4f} |", flush=True)
    shutil.rmtree(tmp)

if __name__ == "__main__":
    main()
