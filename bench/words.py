#!/usr/bin/env python3
"""Word lookup figures over every token of every shipped lesson (issue 27):
cold: one `kape word TOKEN --json` process per token (process start, dictionary and Hunspell opened, lookup);
warm: one `kape word - --json` process, each token written and its answer line awaited;
coverage: the share of tokens that reach an entry; memory: the process's peak RSS (VmHWM) with and without lookups.
Usage: bench/words.py [KAPE]   (default .build/release/kape)"""
import json, os, re, subprocess, sys, time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
kape = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, ".build/release/kape")

tokens = []
for lesson in sorted(os.listdir(os.path.join(root, "lessons"))):
    path = os.path.join(root, "lessons", lesson, "transcript.vtt")
    if not os.path.exists(path):
        continue
    for line in open(path, encoding="utf-8"):
        if "-->" in line or line.startswith(("WEBVTT", "NOTE")) or not line.strip() or re.fullmatch(r"[\w-]+-\d+\n", line):
            continue
        text = re.sub(r"<[^>]*>", "", line)
        tokens += re.findall(r"[^\W_]+(?:[-'’][^\W_]+)*", text)

def pct(values, p):
    s = sorted(values)
    return s[min(len(s) - 1, int(len(s) * p / 100))]

cold = []
for t in tokens:
    start = time.perf_counter()
    subprocess.run([kape, "word", t, "--json"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    cold.append((time.perf_counter() - start) * 1000)

proc = subprocess.Popen([kape, "word", "-", "--json"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
warm, found = [], 0
for t in tokens:
    start = time.perf_counter()
    proc.stdin.write(t + "\n")
    proc.stdin.flush()
    answer = json.loads(proc.stdout.readline())
    warm.append((time.perf_counter() - start) * 1000)
    found += answer.get("found", False)
status = open(f"/proc/{proc.pid}/status").read()
hwm = int(re.search(r"VmHWM:\s+(\d+)", status).group(1))
proc.stdin.close()
proc.wait()

idle = subprocess.Popen([kape, "word", "-", "--json"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
idle.stdin.write("Haus\n"); idle.stdin.flush(); idle.stdout.readline()
idle_hwm = int(re.search(r"VmHWM:\s+(\d+)", open(f"/proc/{idle.pid}/status").read()).group(1))
idle.stdin.close(); idle.wait()

print(f"tokens: {len(tokens)} in {len(os.listdir(os.path.join(root, 'lessons')))} lessons; reach an entry: {found} ({100 * found / len(tokens):.1f} %)")
print(f"cold process: p50 {pct(cold, 50):.1f} ms, p99 {pct(cold, 99):.1f} ms, max {max(cold):.1f} ms")
print(f"warm (one process, a line each): p50 {pct(warm, 50):.2f} ms, p99 {pct(warm, 99):.2f} ms, max {max(warm):.2f} ms")
print(f"peak RSS: {hwm / 1024:.1f} MiB after every token, {idle_hwm / 1024:.1f} MiB after one lookup")
