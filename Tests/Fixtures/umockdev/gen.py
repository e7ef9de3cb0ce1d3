#!/usr/bin/env python3
"""Writes Kape's umockdev fixtures: emulated evdev motion nodes for tests without hardware.

For each testbed NAME: NAME.umockdev (sysfs/udev description), NAME.ioctl per node (replies to libevdev's
EVIOCG* queries) and NAME.evemu (a complete evemu recording: header + events). umockdev-run replays the
`E:` lines of the .evemu file and ignores the header, so `kape live` under umockdev and `kape replay` read
the very same file.

Rules umockdev imposes (see docs/DEVICES.md, "Testing without hardware"):
  * microseconds in `E:` lines are written WITHOUT zero padding (umockdev 0.17 reads a leading 0 as octal);
  * every ioctl reply must have exactly the length libevdev asks for (the length is part of the request);
  * the replay is paced in whole milliseconds, loosely: tests compare timestamps and content, not wall time.

Run from this directory: ./gen.py  (deterministic; the outputs are committed).
"""
import math
import struct

EV_SYN, EV_KEY, EV_ABS, EV_MSC, EV_FF = 0x00, 0x01, 0x03, 0x04, 0x15
SYN_REPORT, SYN_DROPPED = 0, 3
MSC_TIMESTAMP = 5
FF_RUMBLE = 0x50
PROP_ACCELEROMETER = 6
BTN_SOUTH = 0x130
AXIS_NAMES = ["ABS_X", "ABS_Y", "ABS_Z", "ABS_RX", "ABS_RY", "ABS_RZ"]

# libevdev 1.13's buffer sizes per EVIOCGBIT type (sizeof(unsigned long[NLONGS(TYPE_CNT)])), and the rest of
# the queries it makes while opening a node.
BIT_SIZES = {EV_KEY: 96, 0x02: 8, EV_ABS: 8, EV_MSC: 8, 0x05: 8, 0x11: 8, 0x12: 8, EV_FF: 16}


def bitmask(nbytes, bits):
    b = bytearray(nbytes)
    for n in bits:
        b[n // 8] |= 1 << (n % 8)
    return bytes(b)


def hexs(b):
    return b.hex().upper()


def string255(s):
    raw = s.encode()
    return raw + b"\0" * (255 - len(raw))


class Node:
    """One /dev/input/eventN: what the kernel would answer about it."""

    def __init__(self, number, name, bus, vendor, product, version=0x8111, uniq="", props=(), keys=(),
                 absinfo=None, msc=(), ff=(), parent="/devices/virtual"):
        self.number, self.name, self.uniq, self.parent = number, name, uniq, parent
        self.ids = (bus, vendor, product, version)
        self.props, self.keys, self.msc, self.ff = props, keys, msc, ff
        self.absinfo = absinfo or {}

    @property
    def dev(self):
        return f"/dev/input/event{self.number}"

    def ev_types(self):
        types = [EV_SYN]
        if self.keys: types.append(EV_KEY)
        if self.absinfo: types.append(EV_ABS)
        if self.msc: types.append(EV_MSC)
        if self.ff: types.append(EV_FF)
        return types

    def ioctl(self, abs_values=None):
        """`abs_values` overrides the current value EVIOCGABS reports (the state a resync reads)."""
        lines = [f"@DEV {self.dev}",
                 f"EVIOCGVERSION 0 {hexs(struct.pack('<i', 0x010001))}",
                 f"EVIOCGID 0 {hexs(struct.pack('<4H', *self.ids))}",
                 f"EVIOCGNAME(0) {len(self.name.encode()) + 1} {hexs(string255(self.name))}"]
        if self.uniq:
            lines.append(f"EVIOCGUNIQ(0) {len(self.uniq.encode()) + 1} {hexs(string255(self.uniq))}")
        lines.append(f"EVIOCGPROP(0) 8 {hexs(bitmask(8, self.props))}")
        lines.append(f"EVIOCGBIT(0) 8 {hexs(bitmask(8, self.ev_types()))}")
        per_type = {EV_KEY: self.keys, EV_ABS: self.absinfo.keys(), EV_MSC: self.msc, EV_FF: self.ff}
        for t, n in sorted(BIT_SIZES.items()):
            lines.append(f"EVIOCGBIT({t}) {n} {hexs(bitmask(n, per_type.get(t, ())))}")
        for code, info in sorted(self.absinfo.items()):
            value = (abs_values or {}).get(code, info[0])
            lines.append(f"EVIOCGABS({code}) 0 {hexs(struct.pack('<6i', value, *info[1:]))}")
        lines.append(f"EVIOCGKEY(0) 96 {hexs(bytes(96))}")
        lines.append(f"EVIOCGLED(0) 8 {hexs(bytes(8))}")
        lines.append(f"EVIOCGSW(0) 8 {hexs(bytes(8))}")
        if self.ff:
            lines.append(f"EVIOCGEFFECTS 0 {hexs(struct.pack('<i', 16))}")
        return "\n".join(lines) + "\n"

    def sysfs(self):
        bus, vendor, product, version = self.ids
        types = self.ev_types()
        ev = sum(1 << t for t in types)
        absmask = sum(1 << c for c in self.absinfo)
        props = sum(1 << p for p in self.props)
        n = self.number
        caps = [f"A: capabilities/ev={ev:x}", f"A: capabilities/abs={absmask:x}",
                f"A: capabilities/msc={sum(1 << c for c in self.msc):x}"]
        udev = ["E: ID_INPUT=1"]
        if PROP_ACCELEROMETER in self.props or (absmask & 7 == 7 and not self.keys):
            udev.append("E: ID_INPUT_ACCELEROMETER=1")
        elif self.keys:
            udev.append("E: ID_INPUT_JOYSTICK=1")
        return "\n".join([
            f"P: {self.parent}/input/input{n}/event{n}", f"N: input/event{n}", f"E: DEVNAME={self.dev}",
            *udev, "E: MAJOR=13", f"E: MINOR={64 + n}", "E: SUBSYSTEM=input", f"A: dev=13:{64 + n}",
            f"L: device=../../input{n}", "",
            f"P: {self.parent}/input/input{n}", f"E: NAME=\"{self.name}\"",
            f"E: PRODUCT={bus:x}/{vendor:x}/{product:x}/{version:x}", f"E: PROP={props:x}", f"E: EV={ev:x}",
            *udev, "E: SUBSYSTEM=input", f"A: name={self.name}", f"A: uniq={self.uniq}", f"A: phys=",
            f"A: properties={props:x}", *caps,
            f"A: id/bustype={bus:04x}", f"A: id/vendor={vendor:04x}", f"A: id/product={product:04x}",
            f"A: id/version={version:04x}", ""])

    def evemu_header(self):
        bus, vendor, product, version = self.ids
        lines = ["# EVEMU 1.3", f"# Input device name: \"{self.name}\"", f"# device {self.dev}",
                 f"N: {self.name}", f"I: {bus:04x} {vendor:04x} {product:04x} {version:04x}",
                 "P: " + " ".join(f"{b:02x}" for b in bitmask(8, self.props)),
                 "B: 00 0b 00 00 00 00 00 00 00"]
        per_type = {EV_KEY: self.keys, EV_ABS: self.absinfo.keys(), EV_MSC: self.msc, EV_FF: self.ff}
        for t in (EV_KEY, EV_ABS, EV_MSC, EV_FF):
            if per_type[t]:
                mask = bitmask(BIT_SIZES[t], per_type[t])
                for i in range(0, len(mask), 8):
                    lines.append(f"B: {t:02x} " + " ".join(f"{b:02x}" for b in mask[i:i + 8]))
        for code, (_, lo, hi, fuzz, flat, res) in sorted(self.absinfo.items()):
            lines.append(f"A: {code:02x} {lo} {hi} {fuzz} {flat} {res}")
        return lines


class Noise:
    """Deterministic small sensor noise (a linear congruential generator), so fixtures regenerate identically."""

    def __init__(self, seed):
        self.state = seed

    def __call__(self, amplitude):
        self.state = (self.state * 1103515245 + 12345) % (1 << 31)
        return round((self.state / (1 << 31) * 2 - 1) * amplitude)


def pose(t, script):
    """Tilt in degrees at time t from a list of (duration, target) ramps; returns (tilt, rate deg/s)."""
    start, value = 0.0, 0.0
    for duration, target in script:
        if t < start + duration:
            k = (t - start) / duration
            return value + (target - value) * k, (target - value) / duration
        start, value = start + duration, target
    return value, 0.0


def canonical(tilt_deg, rate_dps):
    """Accel (g) and gyro (deg/s) in the canonical frame for a nod about the X hinge, screen normal at `tilt`."""
    th = math.radians(tilt_deg)
    return (0.0, math.cos(th), math.sin(th)), (-rate_dps, 0.0, 0.0)


def stamp(micros):
    # Unpadded microseconds: umockdev would read `.010000` as octal.
    return f"{micros // 1_000_000}.{micros % 1_000_000}"


def events(node, script, rate_hz, seconds, to_kernel=lambda v: v, start_us=100_000_000, msc_start=None,
           dropped=None, noise_seed=1, silent=False):
    """Frames of a nod script as a kernel would send them: changed axes, optional MSC_TIMESTAMP, SYN_REPORT.
    `silent`: a noiseless sensor whose unchanged frames the kernel drops, so while still it sends nothing."""
    noise = Noise(noise_seed)
    if silent:
        noise = lambda amplitude: 0
    res = {c: info[5] for c, info in node.absinfo.items()}
    lines, last = [], {}
    period = round(1_000_000 / rate_hz)
    for i in range(int(seconds * rate_hz)):
        t_us = start_us + i * period
        if dropped is not None and dropped[0] <= i / rate_hz < dropped[1]:
            # Frames lost in the kernel's buffer: one SYN_DROPPED stands for them all. The reader discards up to
            # the next SYN_REPORT and re-reads the state, so the frames after it carry every axis.
            if not lines[-1].startswith(f"E: {stamp(t_us - period)} 0000 0003") and (i - 1) / rate_hz < dropped[0]:
                lines.append(f"E: {stamp(t_us)} 0000 0003 0\t# ------------ SYN_DROPPED ------------")
            last = {}
            continue
        tilt, rate = pose(i / rate_hz, script)
        accel, gyro = canonical(tilt, rate)
        values = {}
        for code, g in enumerate(to_kernel(accel)):
            values[code] = round(g * res[code]) + noise(3)
        if 3 in node.absinfo:
            for code, w in enumerate(to_kernel(gyro)):
                values[3 + code] = round(w * res[3 + code]) + noise(40)
        changed = [code for code, v in values.items() if last.get(code) != v]
        if silent and not changed:
            continue
        for code in changed:
            v = values[code]
            lines.append(f"E: {stamp(t_us)} {EV_ABS:04x} {code:04x} {v}\t# EV_ABS / {AXIS_NAMES[code]} {v}")
        last = values if dropped is None or i / rate_hz >= dropped[1] + 2 / rate_hz else {}
        if msc_start is not None:
            ts = (msc_start + i * period) % (1 << 32)
            signed = ts - (1 << 32) if ts >= 1 << 31 else ts
            lines.append(f"E: {stamp(t_us)} {EV_MSC:04x} {MSC_TIMESTAMP:04x} {signed}\t# EV_MSC / MSC_TIMESTAMP {signed}")
        lines.append(f"E: {stamp(t_us)} 0000 0000 0\t# ------------ SYN_REPORT (0) ----------")
    return lines


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


def testbed(name, nodes, motion=None, body=(), ioctl_overrides=None):
    write(f"{name}.umockdev", "\n".join(n.sysfs() for n in nodes))
    for n in nodes:
        suffix = "" if len(nodes) == 1 else f"-event{n.number}"
        write(f"{name}{suffix}.ioctl", n.ioctl((ioctl_overrides or {}).get(n.number)))
    if motion is not None:
        write(f"{name}.evemu", "\n".join(motion.evemu_header() + list(body)) + "\n")


# The gesture scripts: (duration s, tilt target °). Every stream starts still and neutral for 1.6 s so the
# estimator calibrates, then nods down past -35° ("correct"), back, and (longer ones) up past +35° ("pass").
NOD = [(1.6, 0), (0.25, -50), (0.35, -50), (0.25, 0), (0.4, 0), (0.25, 50), (0.3, 50), (0.25, 0), (0.35, 0)]
SHORT = [(1.6, 0), (0.25, -50), (0.3, -50), (0.25, 0), (0.3, 0)]

SIX_AXIS = {0: (0, -32768, 32767, 16, 0, 8192), 1: (8192, -32768, 32767, 16, 0, 8192),
            2: (0, -32768, 32767, 16, 0, 8192), 3: (0, -2097152, 2097152, 16, 0, 1024),
            4: (0, -2097152, 2097152, 16, 0, 1024), 5: (0, -2097152, 2097152, 16, 0, 1024)}

# 1. A 6-axis IMU with MSC_TIMESTAMP, of no known driver (identity axes), 250 Hz; the device clock starts just
#    below 2^32 so it wraps during the stream.
imu = Node(5, "Kape Test IMU Motion Sensors", 0x03, 0x1209, 0x4b50, uniq="kape:imu:01",
           props=[PROP_ACCELEROMETER], absinfo=SIX_AXIS, msc=[MSC_TIMESTAMP])
testbed("imu6", [imu], imu, events(imu, NOD, 250, 4.2, msc_start=(1 << 32) - 2_000_000))

# 2. An accelerometer without gyro, without MSC_TIMESTAMP and without INPUT_PROP_ACCELEROMETER (found by "ABS
#    X/Y/Z and no keys"), 100 Hz, 1 g = 256 units.
ACCEL = {0: (0, -512, 511, 4, 0, 256), 1: (256, -512, 511, 4, 0, 256), 2: (0, -512, 511, 4, 0, 256)}
acc = Node(6, "Kape Test Accelerometer", 0x19, 0x0000, 0x0000, version=0, absinfo=ACCEL)
testbed("accel", [acc], acc, events(acc, NOD, 100, 4.2))

# 3. A DualSense as hid-playstation exposes it: the motion node (kernel frame: X right, Y out of the face,
#    Z toward the player) and its gamepad sibling with FF_RUMBLE, paired by uniq. Same nod as imu6.
DS_UNIQ = "a0:b1:c2:d3:e4:f5"
ds_motion = Node(4, "Sony Interactive Entertainment DualSense Wireless Controller Motion Sensors", 0x03, 0x054c,
                 0x0ce6, uniq=DS_UNIQ, props=[PROP_ACCELEROMETER], absinfo=SIX_AXIS, msc=[MSC_TIMESTAMP])
ds_pad = Node(3, "Sony Interactive Entertainment DualSense Wireless Controller", 0x03, 0x054c, 0x0ce6,
              uniq=DS_UNIQ, keys=[BTN_SOUTH], absinfo={0: (128, 0, 255, 0, 0, 0), 1: (128, 0, 255, 0, 0, 0)},
              ff=[FF_RUMBLE])
testbed("dualsense", [ds_pad, ds_motion], ds_motion,
        events(ds_motion, NOD, 250, 4.2, to_kernel=lambda v: (v[0], v[2], -v[1]), msc_start=123_000))

# 4. SYN_DROPPED: the head went down while events were lost. After the drop the stream (and the state a resync
#    reads with EVIOCGABS) is already at -50°: that jump must not fire. Then back to neutral and a real nod.
DROP = [(1.6, 0), (0.08, -50), (0.5, -50), (0.3, 0), (0.5, 0), (0.25, -50), (0.3, -50), (0.25, 0), (0.2, 0)]
drop = Node(7, "Kape Test IMU Motion Sensors", 0x03, 0x1209, 0x4b50, uniq="kape:imu:02",
            props=[PROP_ACCELEROMETER], absinfo=SIX_AXIS, msc=[MSC_TIMESTAMP])
th = math.radians(-50)
testbed("dropped", [drop], drop, events(drop, DROP, 250, 3.9, msc_start=5_000_000, dropped=(1.6, 1.7)),
        ioctl_overrides={7: {1: round(math.cos(th) * 8192), 2: round(math.sin(th) * 8192)}})

# 5. Permission denied: two nodes, the test makes event9 unreadable before kape looks.
ok = Node(8, "Kape Test IMU Motion Sensors", 0x03, 0x1209, 0x4b50, uniq="kape:imu:03",
          props=[PROP_ACCELEROMETER], absinfo=SIX_AXIS, msc=[MSC_TIMESTAMP])
locked = Node(9, "Sony Interactive Entertainment DualSense Wireless Controller Motion Sensors", 0x03, 0x054c,
              0x0ce6, uniq="b0:b1:c2:d3:e4:f5", props=[PROP_ACCELEROMETER], absinfo=SIX_AXIS, msc=[MSC_TIMESTAMP])
testbed("noperm", [ok, locked])

# 6. Hot-plug: the same IMU streams a calibration and one nod, is unplugged, comes back and does it again.
#    hotplug.py drives the testbed (remove, re-add) and plays hotplug.evemu twice.
hot = Node(10, "Kape Test IMU Motion Sensors", 0x03, 0x1209, 0x4b50, uniq="kape:imu:04",
           props=[PROP_ACCELEROMETER], absinfo=SIX_AXIS, msc=[MSC_TIMESTAMP])
testbed("hotplug", [hot], hot, events(hot, SHORT, 250, 2.7, msc_start=0))
# Back as another node number (umockdev cannot re-create a removed node's name; the kernel may pick either).
back = Node(12, hot.name, 0x03, 0x1209, 0x4b50, uniq=hot.uniq, props=[PROP_ACCELEROMETER], absinfo=SIX_AXIS,
            msc=[MSC_TIMESTAMP])
testbed("hotplug-back", [back])

# 7. A 1000 Hz stream for the CPU figure (bench, not make test): 6 s of slow sway.
fast = Node(11, "Kape Test IMU Motion Sensors", 0x03, 0x1209, 0x4b50, uniq="kape:imu:05",
            props=[PROP_ACCELEROMETER], absinfo=SIX_AXIS, msc=[MSC_TIMESTAMP])
testbed("fast1000", [fast], fast, events(fast, [(2, 0), (2, -20), (2, 0)], 1000, 6.0, msc_start=0))

# 8. The game on a live device: the same IMU at 100 Hz, still through the 3 s "place on forehead" countdown and
#    the re-calibration it asks for, then a nod down (correct) and a nod up (pass) while the round plays.
GAME = [(5.0, 0), (0.25, -55), (0.4, -55), (0.25, 0), (0.8, 0), (0.25, 55), (0.4, 55), (0.25, 0), (0.6, 0)]
game = Node(5, "Kape Test IMU Motion Sensors", 0x03, 0x1209, 0x4b50, uniq="kape:imu:02",
            props=[PROP_ACCELEROMETER], absinfo=SIX_AXIS, msc=[MSC_TIMESTAMP])
testbed("game", [game], game, events(game, GAME, 100, 8.2, msc_start=0))

# 9. A DualShock 3's accelerometer (hid-sony "Motion Sensors": no gyro, 113/g, fuzz 4) that goes silent when still:
#    the kernel drops unchanged values and empty frames. One frame as it is put on the forehead, then nothing
#    for three seconds, a nod down held still (silent again), and back. The still silence must calibrate.
# Values at open (EVIOCGABS) are the neutral pose in the driver frame: Z = -1 g.
DS3_ACCEL = {0: (0, -512, 511, 4, 0, 113), 1: (0, -512, 511, 4, 0, 113), 2: (-113, -512, 511, 4, 0, 113)}
SILENT = [(3.0, 0), (0.25, -50), (0.6, -50), (0.25, 0), (0.5, 0)]
ds3 = Node(6, "Sony PLAYSTATION(R)3 Controller Motion Sensors", 0x03, 0x054c, 0x0268, uniq="00:1b:fb:aa:bb:cc",
           props=[PROP_ACCELEROMETER], absinfo=DS3_ACCEL)
testbed("silent", [ds3], ds3, events(ds3, SILENT, 100, 4.6, to_kernel=lambda v: (v[0], v[2], -v[1]), silent=True))

# 10. The game on that silent DS3: still and silent through the countdown (its re-calibration must complete on
#     silence alone), then a nod down and a nod up, each held still.
SILENT_GAME = [(5.0, 0), (0.25, -55), (0.5, -55), (0.25, 0), (0.8, 0), (0.25, 55), (0.5, 55), (0.25, 0), (0.6, 0)]
ds3_game = Node(5, ds3.name, 0x03, 0x054c, 0x0268, uniq=ds3.uniq, props=[PROP_ACCELEROMETER], absinfo=DS3_ACCEL)
testbed("gamesilent", [ds3_game], ds3_game,
        events(ds3_game, SILENT_GAME, 100, 8.4, to_kernel=lambda v: (v[0], v[2], -v[1]), silent=True))

# 11. A Wii Remote without Motion Plus as hid-wiimote exposes it: buttons (with rumble) and the accelerometer on
#     ABS_RX/RY/RZ (±500, fuzz 2, flat 4, no resolution, no property). No uniq: the family shares ids and a name
#     prefix. The accelerometer (about 100 per g) nods down and back.
WII_ACCEL = {3: (-100, -500, 500, 2, 4, 0), 4: (0, -500, 500, 2, 4, 0), 5: (0, -500, 500, 2, 4, 0)}
wii_pad = Node(13, "Nintendo Wii Remote", 0x05, 0x057e, 0x0306, version=0x8600, keys=[BTN_SOUTH], ff=[FF_RUMBLE])
wii_accel = Node(14, "Nintendo Wii Remote Accelerometer", 0x05, 0x057e, 0x0306, version=0x8600, absinfo=WII_ACCEL)


def wii_events():
    # Canonical (X, Y, Z) = (y, -x, z) on the remote: its x is -Y, its y is X. 100 counts per g on RX/RY/RZ.
    lines = []
    for line in events(acc_probe, SHORT, 100, 2.7, to_kernel=lambda v: (-v[1], v[0], v[2])):
        for code in (0, 1, 2):
            line = line.replace(f" {EV_ABS:04x} {code:04x} ", f" {EV_ABS:04x} {code + 3:04x} ").replace(
                f"/ {AXIS_NAMES[code]} ", f"/ {AXIS_NAMES[code + 3]} ")
        lines.append(line)
    return lines


acc_probe = Node(14, "probe", 0x05, 0x057e, 0x0306, absinfo={c: (0, -500, 500, 2, 4, 100) for c in (0, 1, 2)})
testbed("wiimote", [wii_pad, wii_accel], wii_accel, wii_events())


# 12. A Wii Remote with Motion Plus as hid-wiimote exposes it, and a second remote: each remote's nodes (buttons,
#     Accelerometer, Motion Plus) hang off its HID device in sysfs, which is the only thing that tells the two
#     remotes' nodes apart (same ids, same names, no uniq). The node numbers interleave (remote A's Motion Plus is
#     event17, remote B's event15) so pairing by number would go wrong. Remote A nods down and up; its two streams
#     come from one motion: the accelerometer's counts (about 100 per g) and the Motion Plus rates (8192*9/440
#     units per deg/s), each report's Motion Plus frame 5 us after its accelerometer frame, as the driver sends
#     them. The rate mapping is the one docs/DEVICES.md derives: in the accelerometer's (x, y, z) the rotation is
#     (pitch, roll, yaw) = (Motion Plus ABS_RZ, ABS_RY, ABS_RX).
HID = "/devices/pci0000:00/0000:00:14.0/usb1/1-4/1-4:1.0/bluetooth/hci0/hci0:11"
MP_UNITS = 8192 * 9 / 440
MP_ABS = {c: (0, -16000, 16000, 4, 8, 0) for c in (3, 4, 5)}


def hid_parent(path):
    return "\n".join([f"P: {path}", "E: DRIVER=wiimote", "E: HID_ID=0005:0000057E:00000306",
                      "E: HID_NAME=Nintendo RVL-CNT-01-TR", "E: SUBSYSTEM=hid", "A: country=00", ""])


def wii_remote(parent, pad, accel, mp):
    ids = (0x05, 0x057e, 0x0306)
    return (Node(pad, "Nintendo Wii Remote", *ids, version=0x8600, keys=[BTN_SOUTH], ff=[FF_RUMBLE], parent=parent),
            Node(accel, "Nintendo Wii Remote Accelerometer", *ids, version=0x8600, absinfo=WII_ACCEL, parent=parent),
            Node(mp, "Nintendo Wii Remote Motion Plus", *ids, version=0x8600, absinfo=MP_ABS, parent=parent))


def wii_mp_events(accel_node, mp_node, script, seconds, start_us=100_000_000):
    """The two nodes' frames of one nod script at 100 Hz: (accelerometer lines, Motion Plus lines)."""
    noise = Noise(7)
    acc_lines, mp_lines, last_a, last_m = [], [], {}, {}
    for i in range(int(seconds * 100)):
        t_us = start_us + i * 10_000
        tilt, rate = pose(i / 100, script)
        a, w = canonical(tilt, rate)
        # Canonical (X, Y, Z) = (y, -x, z) of the remote: its (x, y, z) = (-Y, X, Z), for the rates as for gravity.
        a_dev = (-a[1], a[0], a[2])
        w_dev = (-w[1], w[0], w[2])
        acc = {3 + k: round(a_dev[k] * 100) + noise(1) for k in range(3)}
        # (ABS_RX, ABS_RY, ABS_RZ) = (yaw, roll, pitch) = (w_z, w_y, w_x).
        mp = {3: round(w_dev[2] * MP_UNITS) + noise(30), 4: round(w_dev[1] * MP_UNITS) + noise(30),
              5: round(w_dev[0] * MP_UNITS) + noise(30)}
        for lines, values, last, at in ((acc_lines, acc, last_a, t_us), (mp_lines, mp, last_m, t_us + 5)):
            changed = [c for c, v in values.items() if last.get(c) != v]
            if not changed:
                continue
            for c in changed:
                lines.append(f"E: {stamp(at)} {EV_ABS:04x} {c:04x} {values[c]}\t# EV_ABS / {AXIS_NAMES[c]} {values[c]}")
                last[c] = values[c]
            lines.append(f"E: {stamp(at)} 0000 0000 0\t# ------------ SYN_REPORT (0) ----------")
    return acc_lines, mp_lines


remote_a = wii_remote(HID + "/0005:057E:0306.0001", 13, 14, 17)
remote_b = wii_remote(HID.replace("hci0:11", "hci0:12") + "/0005:057E:0306.0002", 16, 18, 15)
wii_nodes = [*remote_a, *remote_b]
write("wiimote-mp.umockdev", "\n".join([hid_parent(remote_a[0].parent), hid_parent(remote_b[0].parent)]
                                      + [n.sysfs() for n in wii_nodes]))
for n in wii_nodes:
    write(f"wiimote-mp-event{n.number}.ioctl", n.ioctl())
acc_lines, mp_lines = wii_mp_events(remote_a[1], remote_a[2], NOD, 4.2)
write("wiimote-mp-accel.evemu", "\n".join(remote_a[1].evemu_header() + acc_lines) + "\n")
write("wiimote-mp-gyro.evemu", "\n".join(remote_a[2].evemu_header() + mp_lines) + "\n")

# 13. The same remote for the hot-plug test (wiimote-mp.py): calibration, a nod down, 1.6 s still (enough to
#     calibrate again), another nod down. The Motion Plus goes away after the first nod, or comes only then: its
#     late stream starts at 101.9 s, about when the first nod has been reported (the driver polls for a Motion Plus every 4 s and adds its node when found).
LONG = [(1.6, 0), (0.25, -50), (0.3, -50), (0.25, 0), (1.6, 0), (0.25, -50), (0.3, -50), (0.25, 0), (0.6, 0)]
acc_lines, mp_lines = wii_mp_events(remote_a[1], remote_a[2], LONG, 5.4)
write("wiimote-mp-long-accel.evemu", "\n".join(remote_a[1].evemu_header() + acc_lines) + "\n")
write("wiimote-mp-long-gyro.evemu", "\n".join(remote_a[2].evemu_header() + mp_lines) + "\n")
late = [line for line in mp_lines if float(line.split()[1].split(".")[0]) * 1e6 + int(line.split()[1].split(".")[1]) >= 101_900_000]
write("wiimote-mp-late-gyro.evemu", "\n".join(remote_a[2].evemu_header() + late) + "\n")
