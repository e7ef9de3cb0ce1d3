#!/usr/bin/python3
"""Runs a command against an emulated IMU that is unplugged mid-stream and plugged back in.

usage: hotplug.py NAME -- COMMAND...   (NAME.umockdev, NAME.ioctl and NAME.evemu from this directory; the
device comes back as described by NAME-back.umockdev and NAME-back.ioctl, another node number). An IIO testbed
(NAME starting with `iio-`) has no ioctl file: its node plays NAME-device0.script, and again when it is back.

The command's stdout is relayed line by line. The device is removed once the command has printed its first
line containing `"correct"`, added back (same description, the stream replayed from the start) once it has
printed a line containing `"deviceLost"`, and the command gets SIGINT once a second `"correct"` line arrives.
No sleeps: every step waits for the command to report the previous one.
"""
import os
import signal
import subprocess
import sys

import gi
gi.require_version("UMockdev", "1.0")
from gi.repository import UMockdev  # noqa: E402

here = os.path.dirname(os.path.abspath(__file__))
name = sys.argv[1]
command = sys.argv[sys.argv.index("--") + 1:]
base = os.path.join(here, name)

testbed = UMockdev.Testbed.new()


def plug(description):
    testbed.add_from_file(description + ".umockdev")
    if name.startswith("iio-"):
        with open(description + ".umockdev") as f:
            node = next(line.split()[1] for line in f if line.startswith("N: "))  # "iio:deviceN"
        testbed.load_script("/dev/" + node, base + "-device0.script")
        return
    with open(description + ".ioctl") as f:
        dev = f.readline().split()[1]  # "@DEV /dev/input/eventN"
    testbed.load_ioctl(dev, description + ".ioctl")
    testbed.load_evemu_events(dev, base + ".evemu")


def sysfs_paths():
    with open(base + ".umockdev") as f:
        return ["/sys" + line[3:].strip() for line in f if line.startswith("P: ")]


plug(base)
env = dict(os.environ, UMOCKDEV_DIR=testbed.get_root_dir(),
           LD_PRELOAD="libumockdev-preload.so.0:" + os.environ.get("LD_PRELOAD", ""))
child = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, text=True)
corrects = 0
for line in child.stdout:
    sys.stdout.write(line)
    sys.stdout.flush()
    if '"correct"' in line:
        corrects += 1
        if corrects == 1:
            for path in sysfs_paths():  # children first
                if "/event" in path:
                    testbed.remove_device(path)
            for path in sysfs_paths():
                if "/event" not in path:
                    testbed.remove_device(path)
        elif corrects == 2:
            child.send_signal(signal.SIGINT)
    elif '"deviceLost"' in line:
        plug(base + "-back")
status = child.wait()
sys.stdout.flush()
# Leave without finalizers: tearing down the testbed joins umockdev's replay threads, which can wait forever.
os._exit(status)
