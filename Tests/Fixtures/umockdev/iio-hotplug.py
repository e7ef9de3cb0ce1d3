#!/usr/bin/python3
"""Runs a command against the emulated MPU-6050 (iio-mpu6050.umockdev) that is unplugged mid-stream and comes
back as iio-mpu6050-back.umockdev (another device number, the same chip).

usage: iio-hotplug.py -- COMMAND...

The command's stdout is relayed line by line. The device is removed once the command has printed a line with
`"correct"`, added back (its scans replayed from the start) once it has printed `"deviceLost"`, and the command
gets SIGINT at the second `"correct"`. No sleeps: every step waits for the command to report the previous one.
"""
import os
import signal
import subprocess
import sys

import gi
gi.require_version("UMockdev", "1.0")
from gi.repository import UMockdev  # noqa: E402

here = os.path.dirname(os.path.abspath(__file__))
command = sys.argv[sys.argv.index("--") + 1:]
testbed = UMockdev.Testbed.new()


def plug(name, number):
    testbed.add_from_file(os.path.join(here, name + ".umockdev"))
    testbed.load_script(f"/dev/iio:device{number}", os.path.join(here, "iio-mpu6050-device0.script"))


def paths(name):
    with open(os.path.join(here, name + ".umockdev")) as f:
        return ["/sys" + line[3:].strip() for line in f if line.startswith("P: ")]


plug("iio-mpu6050", 0)
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
            for path in paths("iio-mpu6050"):
                testbed.remove_device(path)
        elif corrects == 2:
            child.send_signal(signal.SIGINT)
    elif '"deviceLost"' in line:
        plug("iio-mpu6050-back", 6)
status = child.wait()
sys.stdout.flush()
os._exit(status)
