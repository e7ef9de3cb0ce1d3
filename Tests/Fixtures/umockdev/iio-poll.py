#!/usr/bin/python3
"""Runs a command (`kape … -v`) against the polled IIO accelerometer of iio-polled.umockdev, whose in_accel_*_raw
files this script rewrites in place every 10 ms with the rows of iio-polled.values (x y z counts), as the sensor's
values change. Playing starts once the command says on stderr that it polls (no sleeps to synchronise); the pacing
sleeps stand in for the sensor's clock. The last row stays. stdout and stderr are relayed.

usage: iio-poll.py -- COMMAND...
"""
import os
import subprocess
import sys
import threading
import time

import gi
gi.require_version("UMockdev", "1.0")
from gi.repository import UMockdev  # noqa: E402

here = os.path.dirname(os.path.abspath(__file__))
command = sys.argv[sys.argv.index("--") + 1:]
testbed = UMockdev.Testbed.new()
testbed.add_from_file(os.path.join(here, "iio-polled.umockdev"))
with open(os.path.join(here, "iio-polled.umockdev")) as f:
    folder = testbed.get_root_dir() + "/sys" + f.readline()[3:].strip()
with open(os.path.join(here, "iio-polled.values")) as f:
    rows = [line.split() for line in f]
files = [open(f"{folder}/in_accel_{axis}_raw", "r+") for axis in "xyz"]


def put(row):
    for f, value in zip(files, row):  # in place: the reader keeps the files open
        f.seek(0)
        f.write(value + "\n")
        f.truncate()
        f.flush()


put(rows[0])
env = dict(os.environ, UMOCKDEV_DIR=testbed.get_root_dir(),
           LD_PRELOAD="libumockdev-preload.so.0:" + os.environ.get("LD_PRELOAD", ""))
child = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
started = threading.Event()


def relay_stderr():
    for line in child.stderr:
        sys.stderr.write(line)
        if "polling" in line:
            started.set()
    started.set()


def play():
    started.wait()
    t0 = time.monotonic()
    for i, row in enumerate(rows):
        delay = t0 + i * 0.01 - time.monotonic()
        if delay > 0:
            time.sleep(delay)
        if child.poll() is not None:
            return
        put(row)


threading.Thread(target=relay_stderr, daemon=True).start()
threading.Thread(target=play, daemon=True).start()
for line in child.stdout:
    sys.stdout.write(line)
    sys.stdout.flush()
status = child.wait()
sys.stdout.flush()
os._exit(status)
