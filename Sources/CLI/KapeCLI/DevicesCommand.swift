import ArgumentParser
import Motion
import MotionDevices
import Platform
import TextFormat

struct Devices: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List motion input devices (accelerometer/gyro nodes in /dev/input, IIO sensors).",
        discussion: """
            Lists every /dev/input/event* that is a motion node (INPUT_PROP_ACCELEROMETER, or ABS_X/Y/Z and no \
            keys): name, ids, the driver it looks like, axes, gyro and MSC_TIMESTAMP, the measured sample rate, \
            the axis map in use and the gamepad node beside it. Nodes that cannot be read are listed with the fix. \
            IIO sensors (/sys/bus/iio/devices, phones, tablets, laptops) follow, with their channels, rates, \
            scales, mount matrix, and whether they are read buffered or polled (and why).
            """)

    @Flag(help: "One JSON object per device per line.")
    var json = false

    @Option(help: "Seconds to listen to each device to measure its rate (0: use the driver's nominal rate).")
    var probe: Double = 0.25

    func validate() throws {
        try OptionCheck.number(probe, "--probe", 0...10, " s")
    }

    func run() throws {
        let found = DeviceDiscovery.scan(probeSeconds: probe, overrides: AxisConfigStore.standard().load())
        var out = ""
        for d in found.devices { out += json ? DeviceText.json(d) + "\n" : DeviceText.human(d) }
        for d in found.denied { out += json ? DeviceText.json(d) + "\n" : DeviceText.human(d) }
        if !json && found.devices.isEmpty && found.denied.isEmpty {
            out += "No motion devices in /dev/input or /sys/bus/iio/devices. Plug in a controller with motion sensors (DualSense, DualShock 4, Joy-Con, Pro Controller) or use a Steam Deck.\n"
        }
        Console.out(out)
        for p in found.problems { Console.err("kape: \(p)\n") }
    }
}

/// How devices are shown, as text and as JSON lines.
enum DeviceText {
    static let axisNames = ["ABS_X", "ABS_Y", "ABS_Z", "ABS_RX", "ABS_RY", "ABS_RZ"]

    static func json(_ d: DiscoveredDevice) -> String {
        var line = JSONLine()
        line.add("path", d.path)
        line.add("status", "ok")
        line.add("name", d.info.name)
        line.add("bus", hex4(d.info.bus))
        line.add("vendor", hex4(d.info.vendor))
        line.add("product", hex4(d.info.product))
        line.add("uniq", d.uniq)
        line.addRaw("driver", d.driver.map { quoted($0.name) } ?? "null")
        line.add("rule", d.rule.rawValue)
        let axes = d.info.axes.enumerated().compactMap { code, a -> String? in
            guard let a else { return nil }
            return "{\"code\": \"\(axisNames[code])\", \"min\": \(a.minimum), \"max\": \(a.maximum), \"fuzz\": \(a.fuzz), \"resolution\": \(a.resolution)}"
        }
        line.addRaw("axes", "[" + axes.joined(separator: ", ") + "]")
        line.add("gyro", d.hasGyro)
        line.add("msc_timestamp", d.info.hasTimestamp)
        if let r = d.rate {
            line.add("rate_hz", r.hertz, decimals: 1)
            line.add("rate_source", r.source.rawValue)
        } else {
            line.addRaw("rate_hz", "null")
            line.addRaw("rate_source", "null")
        }
        line.add("axis_map", d.axes.description)
        line.add("axis_map_source", d.axesSource.rawValue)
        if let s = d.sibling {
            line.addRaw("sibling", "{\"path\": \(quoted(s.path)), \"name\": \(quoted(s.name)), \"rumble\": \(s.hasRumble)}")
        } else {
            line.addRaw("sibling", "null")
        }
        if let g = d.gyroNode {
            line.addRaw("gyro_node", "{\"path\": \(quoted(g.path)), \"name\": \(quoted(g.name)), \"paired\": true}")
        } else {
            line.addRaw("gyro_node", "null")
        }
        line.addRaw("rumble", d.rumblePath.map(quoted) ?? "null")
        line.addRaw("iio", d.iio.map(IIODeviceText.json) ?? "null")
        return line.text
    }

    static func json(_ d: DeniedNode) -> String {
        var line = JSONLine()
        line.add("path", d.path)
        line.add("status", "permission-denied")
        line.add("name", d.name)
        line.addRaw("vendor", d.vendor.map { quoted(hex4($0)) } ?? "null")
        line.addRaw("product", d.product.map { quoted(hex4($0)) } ?? "null")
        line.add("group", d.group)
        line.add("mode", octal4(d.mode))
        line.addRaw("fix", "[" + d.fix.map(quoted).joined(separator: ", ") + "]")
        return line.text
    }

    /// Text a device gave (names, labels, sysfs values) goes through `printable`: controls and line breaks shown as
    /// symbols, so no device can draw on the terminal or forge a line of its own.
    static func human(_ d: DiscoveredDevice) -> String {
        if let iio = d.iio { return IIODeviceText.human(d, iio) }
        var s = "\(printable(d.path)): \(printable(d.info.name))\n"
        s += "  ids: bus \(hex4(d.info.bus)) vendor \(hex4(d.info.vendor)) product \(hex4(d.info.product))"
        s += d.uniq.isEmpty ? "\n" : ", uniq \(printable(d.uniq))\n"
        s += "  driver: \(d.driver?.name ?? "unknown") (motion node by \(d.rule.rawValue))\n"
        for (code, a) in d.info.axes.enumerated() {
            guard let a else { continue }
            let unit = code < 3 || d.info.accelerometerOnRotationalAxes ? "units/g" : "units/(deg/s)"
            s += "  \(axisNames[code]): \(a.minimum)..\(a.maximum), fuzz \(a.fuzz), resolution \(a.resolution == 0 ? "unknown" : "\(a.resolution) \(unit)")\n"
        }
        s += "  gyro: \(d.hasGyro ? "yes" : "no"), MSC_TIMESTAMP: \(d.info.hasTimestamp ? "yes" : "no")\n"
        if d.info.accelerometerOnRotationalAxes { s += "  accelerometer on: ABS_RX/RY/RZ (the driver's layout)\n" }
        if let g = d.gyroNode { s += "  gyro node: \(printable(g.path)) \(printable(g.name)) (fused: its rates join the accelerometer's frames on their event times)\n" }
        if let r = d.rate {
            let how = r.source == .nominal ? "nominal for the driver, nothing received"
                : r.source == .sysfs ? "the sensor's sampling_frequency" : "measured from \(r.source.rawValue)"
            s += "  rate: \(fixed(r.hertz, 0)) Hz (\(how))\n"
        } else {
            s += "  rate: unknown (nothing received; listen longer with --probe)\n"
        }
        s += "  axes: \(d.axes) (\(d.axesSource == .override ? "your --axes override" : d.axesSource == .driver ? "driver table" : "identity, unknown driver"))\n"
        if let sib = d.sibling { s += "  gamepad node: \(printable(sib.path)) \(printable(sib.name))\(sib.hasRumble ? ", rumble" : "")\n" }
        s += "  rumble: \(d.rumblePath.map { printable($0) } ?? "none")\n"
        return s
    }

    static func human(_ d: DeniedNode) -> String {
        var s = "\(printable(d.path)): \(d.name.isEmpty ? "(name unknown)" : printable(d.name)): permission denied (group \(d.group), mode \(octal4(d.mode)))\n"
        s += "  fix:\n" + d.fix.map { "    " + $0 + "\n" }.joined()
        return s
    }
}

func octal4(_ mode: UInt32) -> String {
    let s = String(mode, radix: 8)
    return String(repeating: "0", count: max(0, 4 - s.count)) + s
}
