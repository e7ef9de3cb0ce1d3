import Motion
import MotionDevices
import TextFormat

/// How `kape devices` shows what it found through IIO, beside the evdev fields every motion device has.
enum IIODeviceText {
    static func json(_ d: IIODevice) -> String {
        var line = JSONLine()
        switch d.mode {
        case .buffered:
            line.add("read", "buffered")
            line.addRaw("reason", "null")
        case .polled(let why):
            line.add("read", "polled")
            line.add("reason", why)
        }
        line.addRaw("parts", "[" + d.parts.map(part).joined(separator: ", ") + "]")
        return line.text
    }

    private static func part(_ p: IIOPart) -> String {
        var line = JSONLine()
        line.add("sysfs", p.sysfs)
        line.addRaw("node", p.node.map(quoted) ?? "null")
        line.add("name", p.name)
        line.addRaw("label", p.label.map(quoted) ?? "null")
        line.addRaw("channels", "[" + p.channels.map(quoted).joined(separator: ", ") + "]")
        line.addRaw("rate_attribute", p.rateAttribute.map(quoted) ?? "null")
        line.add("sampling_frequency", p.rate ?? .nan, decimals: 3)
        switch p.available {
        case .list(let v)?: line.addRaw("available_frequencies", "[" + v.map { number($0) }.joined(separator: ", ") + "]")
        case .range(let lo, let step, let hi)?:
            line.addRaw("available_frequencies", "{\"min\": \(number(lo)), \"step\": \(number(step)), \"max\": \(number(hi))}")
        case nil: line.addRaw("available_frequencies", "null")
        }
        line.addRaw("accel", p.accel.map(sensor) ?? "null")
        line.addRaw("anglvel", p.gyro.map(sensor) ?? "null")
        line.add("timestamp", p.hasTimestampChannel)
        line.add("buffer", p.hasBuffer)
        switch p.trigger {
        case .notNeeded: line.addRaw("trigger", "{\"state\": \"not-needed\", \"name\": null}")
        case .current(let n): line.addRaw("trigger", "{\"state\": \"current\", \"name\": \(quoted(n))}")
        case .own(let n): line.addRaw("trigger", "{\"state\": \"own\", \"name\": \(quoted(n))}")
        case .none: line.addRaw("trigger", "{\"state\": \"none\", \"name\": null}")
        }
        line.add("access", access(p.access))
        switch p.mode {
        case .buffered: line.add("read", "buffered")
        case .polled: line.add("read", "polled")
        }
        line.addRaw("fix", "[" + p.fix.map(quoted).joined(separator: ", ") + "]")
        return line.text
    }

    private static func sensor(_ s: IIOPart.Sensor) -> String {
        var line = JSONLine()
        line.addRaw("scale", s.scale.map { "[\(number($0.x)), \(number($0.y)), \(number($0.z))]" } ?? "null")
        line.addRaw("scale_problem", s.scaleProblem.map(quoted) ?? "null")
        line.addRaw("offset", "[\(number(s.offset.x)), \(number(s.offset.y)), \(number(s.offset.z))]")
        line.addRaw("offset_problem", s.offsetProblem.map(quoted) ?? "null")
        line.addRaw("mount_matrix", "[" + s.mount.rows.map { "[\(number($0.x)), \(number($0.y)), \(number($0.z))]" }.joined(separator: ", ") + "]")
        line.add("mount_matrix_source", s.mountSource)
        line.addRaw("mount_matrix_problem", s.mountProblem.map(quoted) ?? "null")
        return line.text
    }

    static func access(_ a: IIOPart.Access) -> String {
        switch a {
        case .ok: "ok"
        case .noNode: "no-node"
        case .denied: "permission-denied"
        case .busy: "busy"
        case .failed: "failed"
        }
    }

    /// A number as JSON: shortest form that reads back the same (scales have many digits).
    private static func number(_ v: Double) -> String {
        guard v.isFinite else { return "null" }
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return "\(v)"
    }

    static func human(_ device: DiscoveredDevice, _ d: IIODevice) -> String {
        var s = "\(printable(device.path)): \(printable(device.info.name))\n"
        s += "  driver: iio, at \(printable(device.uniq))\n"
        s += "  gyro: \(device.info.hasGyro ? "yes" : "no"), sensor timestamps: \(device.info.hasTimestamp ? "yes" : "no")\n"
        s += "  axes: \(device.axes) (\(device.axesSource == .override ? "your --axes override" : "IIO device frame: X right, Y up in portrait, Z out of the screen; played in landscape"))\n"
        switch d.mode {
        case .buffered: s += "  read: buffered from \(printable(d.parts.compactMap(\.node).joined(separator: " + ")))\n"
        case .polled(let why): s += "  read: polling sysfs at \(number(IIOReader.targetRate)) Hz (\(printable(why)))\n"
        }
        for p in d.parts {
            s += "  \(printable(p.sysfs)): \(printable(p.name))\(p.label.map { " (\(printable($0)))" } ?? "")\(p.node.map { ", node \(printable($0))" } ?? ", no node")\n"
            s += "    channels: \(printable(p.channels.joined(separator: " ")))\n"
            if let r = p.rate {
                s += "    rate: \(number(r)) Hz (\(printable(p.rateAttribute ?? "?")))"
                switch p.available {
                case .list(let v)?: s += ", available \(v.map(number).joined(separator: " "))"
                case .range(let lo, let step, let hi)?: s += ", available \(number(lo))…\(number(hi)) step \(number(step))"
                case nil: break
                }
                s += "\n"
            }
            for (kind, sensor) in [("accel", p.accel), ("anglvel", p.gyro)] {
                guard let sensor else { continue }
                s += "    \(kind): scale \(sensor.scale.map { [$0.x, $0.y, $0.z].map(number).joined(separator: " ") } ?? "unusable (\(printable(sensor.scaleProblem ?? "?")))")"
                s += ", offset \([sensor.offset.x, sensor.offset.y, sensor.offset.z].map(number).joined(separator: " "))"
                s += ", mount matrix \(sensor.mount) (\(printable(sensor.mountSource)))\n"
                if let o = sensor.offsetProblem { s += "    \(printable(o)): offset 0 used\n" }
                if let m = sensor.mountProblem { s += "    \(printable(m))\n" }
            }
            switch p.trigger {
            case .notNeeded: s += p.hasBuffer ? "    trigger: none needed (hardware FIFO)\n" : "    buffer: none\n"
            case .current(let n): s += "    trigger: \(printable(n))\n"
            case .own(let n): s += "    trigger: \(printable(n)) (its own, selected when reading)\n"
            case .none: s += "    trigger: none usable\n"
            }
            if case .denied(let owner, let group, let mode) = p.access {
                s += "    \(printable(p.node ?? "")): permission denied (owner \(printable(owner)), group \(printable(group)), mode \(octal4(mode))); fix:\n"
                s += p.fix.map { "      \($0)\n" }.joined()
            }
        }
        return s
    }
}
