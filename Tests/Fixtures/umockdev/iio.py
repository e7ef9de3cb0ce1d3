#!/usr/bin/env python3
"""Writes Kape's IIO umockdev fixtures: motion sensors as the kernel's IIO drivers expose them.

Per testbed NAME: NAME.umockdev (the sysfs folders and attributes, from the drivers' sources) and, for each
buffered device N, NAME-deviceN.script: the scans /dev/iio:deviceN delivers (`umockdev-run --script
/dev/iio:deviceN=NAME-deviceN.script`), one `r <ms> <bytes>` line per scan in real time.

umockdev's script rules: bytes below 32 are written `^@`…`^_` and `^` as `` ^` `` (the file is bytes, not text);
a block may not start with a space (the parser strips it), so such a scan joins the line before. The script
starts with umockdev-run, not when the node is opened: what was sent before arrives in one burst, and reads
split and merge scans freely.

The motion is gen.py's nod (importing it regenerates its fixtures, identically). Run: ./iio.py
"""
import math
import struct

from gen import GAME, NOD, Noise, canonical, pose, write

STILL = [(4.0, 0)]


def to_device(v):
    """Canonical (X, Y, Z) = (-y, x, z) of the IIO device frame (DriverTable's iio entry): device = (Y, -X, Z)."""
    return (v[1], -v[0], v[2])


def inverse_mount(m, v):
    """Sensor axes from device axes: device = M · sensor and M is a rotation, so sensor = Mᵀ · device."""
    return tuple(sum(m[r][c] * v[r] for r in range(3)) for c in range(3))


def parse_matrix(text):
    return [[float(x) for x in row.split(",")] for row in text.split(";")]


def escape(data):
    out = bytearray()
    for b in data:
        out += bytes((0x5E, b + 64)) if b < 32 else (b"^`" if b == 0x5E else bytes((b,)))
    return bytes(out)


class Sensor:
    """What one channel set needs to turn physical values into raw counts: SI per count and the mount matrix."""

    def __init__(self, scale, matrix):
        self.scale, self.matrix = scale, parse_matrix(matrix)

    def raw(self, device_values, si_per_unit, noise, amplitude):
        sensor = inverse_mount(self.matrix, device_values)
        return [round(v * si_per_unit / self.scale) + noise(amplitude) for v in sensor]


G = 9.80665
RAD = math.pi / 180


def sample_stream(script, rate_hz, seconds, seed=1):
    """(t, device-frame accel in g, device-frame gyro in deg/s) at the sensor's rate."""
    noise = Noise(seed)
    for i in range(int(seconds * rate_hz)):
        t = i / rate_hz
        tilt, rate = pose(t, script)
        a, g = canonical(tilt, rate)
        yield i, t, to_device(a), to_device(g), noise


def scans_to_script(scans, period_ms):
    lines = []
    for scan in scans:
        if scan[:1] == b" " and lines:
            lines[-1] += escape(scan)
        else:
            lines.append(b"r %d " % period_ms + escape(scan))
    return b"\n".join(lines) + b"\n"


def device_record(path, number, name, attributes, properties=(), node=True):
    lines = [f"P: {path}"]
    if node:
        lines += [f"N: iio:device{number}", f"E: DEVNAME=/dev/iio:device{number}"]
    lines += ["E: DEVTYPE=iio_device", "E: SUBSYSTEM=iio", *[f"E: {p}" for p in properties]]
    if node:
        lines.append(f"A: dev=244:{number}")
    lines.append(f"A: name={name}")
    lines += [f"A: {k}={v}" for k, v in attributes]
    return "\n".join(lines) + "\n"


def trigger_record(path, name):
    return f"P: {path}\nE: SUBSYSTEM=iio\nA: name={name}\n"


def scan_elements(channels):
    """(channel, index, type, enabled) → scan_elements attributes."""
    out = []
    for ch, index, typ, en in channels:
        out += [(f"scan_elements/in_{ch}_en", "1" if en else "0"), (f"scan_elements/in_{ch}_index", str(index)),
                (f"scan_elements/in_{ch}_type", typ)]
    return out


def buffer_attributes(length="480"):
    return [("buffer/enable", "0"), ("buffer/length", length), ("buffer/watermark", "1"),
            ("current_timestamp_clock", "realtime")]


def raw_attributes(kind, values):
    return [(f"in_{kind}_{axis}_raw", str(v)) for axis, v in zip("xyz", values)]


T0 = 5_000_000_000  # the sensor's first timestamp, ns (CLOCK_MONOTONIC once Kape set it)

# 1. PinePhone's MPU-6050 (inv_mpu6050): one device with accelerometer, temperature and gyro, big-endian s16 in
#    the FIFO, timestamp last (scan indexes 0–2 accel, 3 temp, 4–6 gyro, 7 timestamp: 14 bytes + 2 pad + 8 = 24),
#    its own trigger `mpu6050-dev0` (the current one left empty here, so Kape must select it), in_mount_matrix
#    from the device tree, 50 Hz of "10 20 50 100 200 500" (Kape asks for 100). The temperature channel was left
#    enabled by someone else: Kape leaves it and decodes around it.
MPU_PATH = "/devices/platform/soc/1c2b000.i2c/i2c-1/1-0068"
MPU_MATRIX = "0, 1, 0; -1, 0, 0; 0, 0, 1"
mpu_accel, mpu_gyro = Sensor(0.000598, MPU_MATRIX), Sensor(0.001064724, MPU_MATRIX)


def mpu_scans(script, seconds):
    for i, t, a, g, noise in sample_stream(script, 100, seconds):
        acc = mpu_accel.raw(a, G, noise, 3)
        gyr = mpu_gyro.raw(g, RAD, noise, 2)
        yield struct.pack(">7h", *acc, 8000, *gyr) + b"\0\0" + struct.pack("<q", T0 + i * 10_000_000)


mpu_attrs = [("in_accel_scale", "0.000598"), ("in_anglvel_scale", "0.001064724"), ("in_temp_scale", "2.941176"),
             ("in_temp_offset", "12420"), ("in_temp_raw", "8000"), ("in_mount_matrix", MPU_MATRIX),
             ("sampling_frequency", "50"), ("sampling_frequency_available", "10 20 50 100 200 500"),
             *raw_attributes("accel", mpu_accel.raw((0, 1, 0), G, lambda a: 0, 0)), *raw_attributes("anglvel", (0, 0, 0)),
             *buffer_attributes(), ("trigger/current_trigger", ""),
             *scan_elements([("accel_x", 0, "be:s16/16>>0", False), ("accel_y", 1, "be:s16/16>>0", False),
                             ("accel_z", 2, "be:s16/16>>0", False), ("temp", 3, "be:s16/16>>0", True),
                             ("anglvel_x", 4, "be:s16/16>>0", False), ("anglvel_y", 5, "be:s16/16>>0", False),
                             ("anglvel_z", 6, "be:s16/16>>0", False), ("timestamp", 7, "le:s64/64>>0", False)])]
write("iio-mpu6050.umockdev", device_record(f"{MPU_PATH}/iio:device0", 0, "mpu6050", mpu_attrs)
      + "\n" + trigger_record(f"{MPU_PATH}/trigger0", "mpu6050-dev0"))
with open("iio-mpu6050-device0.script", "wb") as f:
    f.write(scans_to_script(mpu_scans(NOD, 4.2), 10))
# The game on the phone: still through the countdown and its re-calibration, then a nod down and a nod up.
with open("iio-mpu6050-game.script", "wb") as f:
    f.write(scans_to_script(mpu_scans(GAME, 8.2), 10))
# Unplugged and back (hotplug.py iio-mpu6050): the same chip returns as iio:device6 (umockdev cannot re-create a removed
# node's name; the kernel may pick either).
write("iio-mpu6050-back.umockdev", device_record(f"{MPU_PATH}/iio:device6", 6, "mpu6050", mpu_attrs)
      + "\n" + trigger_record(f"{MPU_PATH}/trigger1", "mpu6050-dev6"))
# Bad input: the sensor's clock steps back by 0.5 s at 2.5 s, and the stream ends in the middle of a scan.
bad = list(mpu_scans(NOD, 4.2))
for i in range(250, len(bad)):
    bad[i] = bad[i][:16] + struct.pack("<q", T0 + (i - 50) * 10_000_000)
bad[-1] = bad[-1][:11]
with open("iio-mpu6050-bad-device0.script", "wb") as f:
    f.write(scans_to_script(bad, 10))

# 2. An LSM6DSO (st_lsm6dsx, hardware FIFO): the accelerometer and the gyro are two devices of one chip
#    (`lsm6dso_accel`, `lsm6dso_gyro`), little-endian s16, timestamp at index 3 (6 bytes + 2 pad + 8 = 16), no
#    trigger at all, one `mount_matrix` shared by all channels, rates "12.5 … 833" (Kape asks for 104).
LSM_PATH = "/devices/platform/soc/30a50000.i2c/i2c-3/3-006a"
LSM_MATRIX = "-1, 0, 0; 0, 1, 0; 0, 0, -1"
lsm_accel, lsm_gyro = Sensor(0.000598, LSM_MATRIX), Sensor(0.001221730, LSM_MATRIX)
LSM_RATES = "12.500 26.000 52.000 104.000 208.000 416.000 833.000"
LSM_PERIOD_NS = 9_615_385


def lsm_scans(which, script, seconds):
    for i, t, a, g, noise in sample_stream(script, 104, seconds):
        values = lsm_accel.raw(a, G, noise, 3) if which == "accel" else lsm_gyro.raw(g, RAD, noise, 2)
        yield struct.pack("<3h", *values) + b"\0\0" + struct.pack("<q", T0 + i * LSM_PERIOD_NS)


def lsm_attrs(kind, scale, values):
    return [(f"in_{kind}_scale", scale), ("mount_matrix", LSM_MATRIX), ("sampling_frequency", "26.000"),
            ("sampling_frequency_available", LSM_RATES), *raw_attributes(kind, values), *buffer_attributes(),
            *scan_elements([(f"{kind}_x", 0, "le:s16/16>>0", False), (f"{kind}_y", 1, "le:s16/16>>0", False),
                            (f"{kind}_z", 2, "le:s16/16>>0", False), ("timestamp", 3, "le:s64/64>>0", False)])]


write("iio-lsm6dso.umockdev",
      device_record(f"{LSM_PATH}/iio:device1", 1, "lsm6dso_accel",
                    lsm_attrs("accel", "0.000598", lsm_accel.raw((0, 1, 0), G, lambda a: 0, 0)))
      + "\n" + device_record(f"{LSM_PATH}/iio:device2", 2, "lsm6dso_gyro", lsm_attrs("anglvel", "0.001221730", (0, 0, 0))))
for n, which in ((1, "accel"), (2, "gyro")):
    with open(f"iio-lsm6dso-device{n}.script", "wb") as f:
        f.write(scans_to_script(lsm_scans(which, NOD, 4.2), 10))

# 3. A convertible's display accelerometer through the Intel ISH (hid-sensor-accel-3d): `accel_3d`, label
#    `accel-display`, le:s16 in 32-bit storage (12 bytes + 4 pad + 8 = 24-byte scans), its trigger
#    `accel_3d-dev3` already current, `in_accel_sampling_frequency` (no list), `in_accel_hysteresis`, 1 mg per
#    count, and the orientation from udev's hwdb (ACCEL_MOUNT_MATRIX). The base's accelerometer is listed after it.
HID_PATH = "/devices/pci0000:00/0000:00:12.0/{33AECD58-B679-4E54-9BD9-A04D34F0C226}/001F:8087:0AC2.0001"
HID_MATRIX = "0, -1, 0; 1, 0, 0; 0, 0, 1"
hid_accel = Sensor(0.009806650, HID_MATRIX)


def hid_scans(script, seconds, rate_hz=100):
    for i, t, a, g, noise in sample_stream(script, rate_hz, seconds):
        yield struct.pack("<3i", *hid_accel.raw(a, G, noise, 2)) + b"\0" * 4 + struct.pack("<q", T0 + round(i * 1e9 / rate_hz))


def hid_attrs(label, number):
    return [("label", label), ("in_accel_scale", "0.009806650"), ("in_accel_offset", "0"),
            ("in_accel_hysteresis", "0"), ("in_accel_sampling_frequency", "10.000000"),
            *raw_attributes("accel", hid_accel.raw((0, 1, 0), G, lambda a: 0, 0)), *buffer_attributes("128"),
            ("trigger/current_trigger", f"accel_3d-dev{number}"),
            *scan_elements([("accel_x", 0, "le:s16/32>>0", False), ("accel_y", 1, "le:s16/32>>0", False),
                            ("accel_z", 2, "le:s16/32>>0", False), ("timestamp", 3, "le:s64/64>>0", False)])]


write("iio-hid.umockdev",
      device_record(f"{HID_PATH}/HID-SENSOR-200073.3.auto/iio:device4", 4, "accel_3d", hid_attrs("accel-base", 4),
                    properties=["ACCEL_MOUNT_MATRIX=1, 0, 0; 0, 1, 0; 0, 0, 1"])
      + "\n" + trigger_record(f"{HID_PATH}/HID-SENSOR-200073.3.auto/trigger2", "accel_3d-dev4")
      + "\n" + device_record(f"{HID_PATH}/HID-SENSOR-200073.2.auto/iio:device3", 3, "accel_3d", hid_attrs("accel-display", 3),
                             properties=[f"ACCEL_MOUNT_MATRIX={HID_MATRIX}"])
      + "\n" + trigger_record(f"{HID_PATH}/HID-SENSOR-200073.2.auto/trigger1", "accel_3d-dev3"))
with open("iio-hid-device3.script", "wb") as f:
    f.write(scans_to_script(hid_scans(NOD, 4.2), 10))
# The same hub granting 12.5 Hz (it may, where 100 Hz was asked for): the slow-rate rules, live.
with open("iio-hid-slow-device3.script", "wb") as f:
    f.write(scans_to_script(hid_scans(NOD, 4.2, 12.5), 80))

# 4. A tablet accelerometer with no buffer (no /dev node; sysfs only): polled. iio-poll.py drives its
#    in_accel_*_raw files. `in_accel_mount_matrix` names the matrix per channel type.
POLL_PATH = "/devices/pci0000:00/0000:00:15.1/i2c_designware.1/i2c-1/i2c-MXC6655:00"
POLL_MATRIX = "1, 0, 0; 0, -1, 0; 0, 0, -1"
poll_accel = Sensor(0.009576, POLL_MATRIX)
write("iio-polled.umockdev",
      device_record(f"{POLL_PATH}/iio:device5", 5, "mxc6655",
                    [("in_accel_scale", "0.009576"), ("in_accel_mount_matrix", POLL_MATRIX),
                     *raw_attributes("accel", poll_accel.raw((0, 1, 0), G, lambda a: 0, 0))], node=False))
with open("iio-polled.values", "w") as f:
    for i, t, a, g, noise in sample_stream(NOD, 100, 4.2):
        f.write(" ".join(str(v) for v in poll_accel.raw(a, G, noise, 1)) + "\n")
