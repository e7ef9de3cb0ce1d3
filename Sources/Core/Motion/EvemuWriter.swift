import Glibc

/// Writes a recording byte for byte as `evemu-record` (evemu 2.7, file format 1.3) does: the commented device
/// description, the `N:` `I:` `P:` `B:` `A:` lines, then one `E:` line per event with evemu's comment.
/// Event lines are formatted straight into a byte buffer: a one-hour trace is seven million of them.
public struct EvemuWriter {
    public let device: MotionDeviceInfo
    /// `# Kernel:` line (uname release); nil leaves the line out, as evemu does when uname fails.
    public var kernel: String?
    /// `# DMI:` line (the contents of /sys/class/dmi/id/modalias); nil leaves it out.
    public var dmi: String?
    /// Current axis values for the `# Value` comments (ABS_X ... ABS_RZ); evemu prints the device's state then.
    public var currentValues = [Int32](repeating: 0, count: 6)

    /// evemu keeps the time of the last SYN comment for its `+Nms`; it starts at 0.
    private var lastMillis: Int64 = 0
    /// Per-code comment text (`\t# EV_ABS / ABS_X                `) for types up to 0x1f and codes up to 0x3f.
    private let prefixes: [[UInt8]]

    /// `kernel` and `dmi` describe the host for a live recording (Platform's `Host`); nil for anything else.
    public init(device: MotionDeviceInfo, kernel: String?, dmi: String?) {
        self.device = device
        self.kernel = kernel
        self.dmi = dmi
        var p: [[UInt8]] = []
        p.reserveCapacity(32 * 64)
        for type in 0..<32 {
            for code in 0..<64 { p.append(Self.commentPrefix(type: type, code: code)) }
        }
        prefixes = p
    }

    // MARK: Device description

    /// The code bitmask of every type, sized as libevdev sizes it; ABS and MSC bits also follow the axes and
    /// the timestamp flag, so a description built in code needs no `eventBits`.
    func masks() -> [[UInt8]] {
        var out: [[UInt8]] = []
        for type in 0..<32 {
            let max = EvdevNames.maxCode(type: type)
            guard max >= 0 else { out.append([]); continue }
            let bytes = ((max + 1) + 7) / 8
            var m = [UInt8](repeating: 0, count: (bytes + 7) / 8 * 8)
            for (i, b) in (device.eventBits[UInt16(type)] ?? []).prefix(m.count).enumerated() { m[i] = b }
            if type == Int(EV.abs) {
                for (code, axis) in device.axes.enumerated() where axis != nil { m[code / 8] |= 1 << UInt8(code % 8) }
            }
            if type == Int(EV.msc), device.hasTimestamp { m[0] |= 1 << UInt8(EV.mscTimestamp) }
            out.append(m)
        }
        return out
    }

    /// Everything before the first event.
    public func header() -> String {
        // A line break in the name would end its line early.
        let name = String(device.name.map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 })
        var s = "# EVEMU 1.3\n"
        if let kernel {
            s += "# Kernel: \(kernel)\n"
            if let dmi { s += "# DMI: \(dmi)" + (dmi.hasSuffix("\n") ? "" : "\n") }
        }
        s += "# Input device name: \"\(name)\"\n"
        s += "# Input device ID: bus \(altHex(device.bus)) vendor \(altHex(device.vendor)) product \(altHex(device.product)) version \(altHex(device.version))\n"
        let masks = masks()
        func has(_ type: Int, _ code: Int) -> Bool {
            type == 0 ? true : code / 8 < masks[type].count && masks[type][code / 8] & (1 << UInt8(code % 8)) != 0
        }
        if has(3, 0), has(3, 1), let x = device.axes[0], let y = device.axes[1], x.resolution != 0, y.resolution != 0 {
            let w = (Int(x.maximum) - Int(x.minimum)) / Int(x.resolution)
            let h = (Int(y.maximum) - Int(y.minimum)) / Int(y.resolution)
            if w != 0 && h != 0 { s += "# Size in mm: \(w)x\(h)\n" }
        }
        s += "# Supported events:\n"
        for type in 0..<32 where type == 0 || masks[type].contains(where: { $0 != 0 }) {
            s += "#   Event type \(type) (\(EvdevNames.type(type)))\n"
            let max = EvdevNames.maxCode(type: type)
            guard max >= 0 else { continue }
            for code in 0...max where has(type, code) {
                s += "#     Event code \(code) (\(EvdevNames.code(type: type, code: code)))\n"
                if type == Int(EV.abs) {
                    let a = code < device.axes.count ? device.axes[code] : nil
                    let value = code < currentValues.count ? currentValues[code] : 0
                    s += "#       Value   \(pad(value, 6))\n"
                    s += "#       Min     \(pad(a?.minimum ?? 0, 6))\n"
                    s += "#       Max     \(pad(a?.maximum ?? 0, 6))\n"
                    s += "#       Fuzz    \(pad(a?.fuzz ?? 0, 6))\n"
                    s += "#       Flat    \(pad(a?.flat ?? 0, 6))\n"
                    s += "#       Resolution \(pad(a?.resolution ?? 0, 3))\n"
                }
            }
        }
        s += "# Properties:\n"
        for bit in 0..<32 where bit / 8 < device.properties.count && device.properties[bit / 8] & (1 << UInt8(bit % 8)) != 0 {
            s += "#   Property  type \(bit) (\(EvdevNames.property(bit)))\n"
        }
        s += "N: \(name)\n"
        s += "I: \(hex(device.bus, 4)) \(hex(device.vendor, 4)) \(hex(device.product, 4)) \(hex(device.version, 4))\n"
        // INPUT_PROP_CNT is 32 bits: one line of eight bytes.
        s += "P:" + (0..<8).map { " " + hex(UInt16($0 < device.properties.count ? device.properties[$0] : 0), 2) }.joined() + "\n"
        // evemu always writes this exact EV_SYN line, then every type libevdev knows, eight bytes a line.
        s += "B: 00 0b 00 00 00 00 00 00 00\n"
        for type in 1..<32 {
            let m = masks[type]
            var i = 0
            while i < m.count {
                s += "B: " + hex(UInt16(type), 2) + m[i..<i + 8].map { " " + hex(UInt16($0), 2) }.joined() + "\n"
                i += 8
            }
        }
        for code in 0..<64 where has(3, code) {
            let a = (code < device.axes.count ? device.axes[code] : nil) ?? AxisInfo(minimum: 0, maximum: 0)
            s += "A: \(hex(UInt16(code), 2)) \(a.minimum) \(a.maximum) \(a.fuzz) \(a.flat) \(a.resolution)\n"
        }
        return s
    }

    // MARK: Events

    /// Appends one `E:` line. Times before zero are written as zero (evemu times are unsigned).
    @inline(__always)
    public mutating func append(_ e: InputEvent, to out: inout [UInt8]) {
        let micros = max(0, e.micros)
        let sec = micros / 1_000_000
        let usec = micros - sec * 1_000_000
        out.append(UInt8(ascii: "E"))
        out.append(UInt8(ascii: ":"))
        out.append(0x20)
        appendDecimal(UInt64(sec), &out)
        out.append(UInt8(ascii: "."))
        appendPadded(UInt64(usec), width: 6, &out)
        out.append(0x20)
        appendHex4(e.type, &out)
        out.append(0x20)
        appendHex4(e.code, &out)
        out.append(0x20)
        // %04d: zero-padded to four characters including the sign.
        if e.value < 0 {
            out.append(UInt8(ascii: "-"))
            appendPadded(UInt64(-Int64(e.value)), width: 3, &out)
        } else {
            appendPadded(UInt64(e.value), width: 4, &out)
        }
        if e.type == EV.syn && e.code != 2 {
            let ms = sec * 1000 + usec / 1000
            let dt = ms - lastMillis
            lastMillis = ms
            out.append(0x09)
            out.append(contentsOf: "# ------------ ".utf8)
            out.append(contentsOf: EvdevNames.code(type: 0, code: Int(e.code)).utf8)
            out.append(contentsOf: " (".utf8)
            appendSigned(Int64(e.value), &out)
            out.append(contentsOf: ") ---------- ".utf8)
            out.append(dt < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
            appendDecimal(dt.magnitude, &out)
            out.append(contentsOf: "ms\n".utf8)
        } else if e.type == EV.syn {
            out.append(contentsOf: "\t# ++++++++++++ SYN_MT_REPORT (".utf8)
            appendSigned(Int64(e.value), &out)
            out.append(contentsOf: ") ++++++++++\n".utf8)
        } else {
            if e.type < 32 && e.code < 64 {
                out.append(contentsOf: prefixes[Int(e.type) * 64 + Int(e.code)])
            } else {
                out.append(contentsOf: Self.commentPrefix(type: Int(e.type), code: Int(e.code)))
            }
            appendSigned(Int64(e.value), &out)
            out.append(0x0A)
        }
    }

    /// The same line as text, for tests and small outputs.
    public mutating func append(_ e: InputEvent, into out: inout String) {
        var bytes: [UInt8] = []
        append(e, to: &bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }

    private static func commentPrefix(type: Int, code: Int) -> [UInt8] {
        var name = EvdevNames.code(type: type, code: code)
        if name.utf8.count < 20 { name += String(repeating: " ", count: 20 - name.utf8.count) }
        return Array("\t# \(EvdevNames.type(type)) / \(name) ".utf8)
    }
}

// MARK: printf-style helpers

@inline(__always)
func appendDecimal(_ v: UInt64, _ out: inout [UInt8]) {
    var p: UInt64 = 1
    while v / p >= 10 { p &*= 10 }
    while p > 0 {
        out.append(0x30 &+ UInt8(truncatingIfNeeded: (v / p) % 10))
        p /= 10
    }
}

/// %0Nu
@inline(__always)
func appendPadded(_ v: UInt64, width: Int, _ out: inout [UInt8]) {
    var digits = 1
    var p: UInt64 = 10
    while digits < 20 && v >= p {
        digits += 1
        p = p > UInt64.max / 10 ? UInt64.max : p &* 10
    }
    var z = width - digits
    while z > 0 {
        out.append(0x30)
        z -= 1
    }
    appendDecimal(v, &out)
}

@inline(__always)
func appendSigned(_ v: Int64, _ out: inout [UInt8]) {
    if v < 0 { out.append(UInt8(ascii: "-")) }
    appendDecimal(v.magnitude, &out)
}

@inline(__always)
func appendHex4(_ v: UInt16, _ out: inout [UInt8]) {
    let digits: StaticString = "0123456789abcdef"
    let d = digits.utf8Start
    out.append(d[Int(v >> 12)])
    out.append(d[Int((v >> 8) & 0xf)])
    out.append(d[Int((v >> 4) & 0xf)])
    out.append(d[Int(v & 0xf)])
}

/// %0Nx
func hex(_ v: UInt16, _ width: Int) -> String {
    let s = String(v, radix: 16)
    return String(repeating: "0", count: max(0, width - s.count)) + s
}

/// %#04x: `0x` and at least two digits, but plain `0000` for zero (printf adds no prefix to 0).
func altHex(_ v: UInt16) -> String { v == 0 ? "0000" : "0x" + hex(v, 2) }

/// %Nd
func pad(_ v: Int32, _ width: Int) -> String {
    let s = String(v)
    return String(repeating: " ", count: max(0, width - s.count)) + s
}
