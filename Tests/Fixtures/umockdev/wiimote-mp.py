#!/usr/bin/python3
"""Runs a command against a Wii Remote whose Motion Plus goes away mid-round, or comes only then.

usage: wiimote-mp.py vanish|late -- COMMAND...

The testbed is wiimote-mp.umockdev (gen.py, testbed 12) playing the long streams of testbed 13 on remote A's
accelerometer (event14) and Motion Plus (event17). `vanish`: the Motion Plus node is removed once the command
has printed its first line containing `"correct"`. `late`: remote A starts without it, and it is added then,
playing its late stream. The command's stdout is relayed line by line. No sleeps: each step waits for the
command to report the previous one.
"""
import os
import subprocess
import sys

import gi
gi.require_version("UMockdev", "1.0")
from gi.repository import UMockdev  # noqa: E402

here = os.path.dirname(os.path.abspath(__file__))
mode = sys.argv[1]
command = sys.argv[sys.argv.index("--") + 1:]
MP = "/dev/input/event17"

with open(os.path.join(here, "wiimote-mp.umockdev")) as f:
    blocks = [b for b in f.read().split("\n\n") if b.strip()]
mp_blocks = [b for b in blocks if "/input17" in b.splitlines()[0]]
testbed = UMockdev.Testbed.new()


def add(block_list):
    testbed.add_from_string("\n\n".join(block_list) + "\n")


def load(number, events):
    dev = f"/dev/input/event{number}"
    testbed.load_ioctl(dev, os.path.join(here, f"wiimote-mp-event{number}.ioctl"))
    if events:
        testbed.load_evemu_events(dev, os.path.join(here, events))


add([b for b in blocks if b not in mp_blocks])
for n in (13, 15, 16, 18):
    load(n, None)
if mode == "vanish":
    add(mp_blocks)
    load(17, "wiimote-mp-long-gyro.evemu")
load(14, "wiimote-mp-long-accel.evemu")

env = dict(os.environ, UMOCKDEV_DIR=testbed.get_root_dir(),
           LD_PRELOAD="libumockdev-preload.so.0:" + os.environ.get("LD_PRELOAD", ""))
child = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, text=True)
changed = False
for line in child.stdout:
    sys.stdout.write(line)
    sys.stdout.flush()
    if '"correct"' in line and not changed:
        changed = True
        if mode == "vanish":
            for block in mp_blocks:  # the event node first, then its input device
                testbed.remove_device("/sys" + block.splitlines()[0][3:].strip())
        else:
            add(mp_blocks)
            load(17, "wiimote-mp-late-gyro.evemu")
status = child.wait()
sys.stdout.flush()
# Leave without finalizers: tearing down the testbed joins umockdev's replay threads, which can wait forever.
os._exit(status)
