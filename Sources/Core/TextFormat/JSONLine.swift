/// Small JSON writer for one-object-per-line output: fixed key order, stable number formatting.
public struct JSONLine {
    public init() {}

    private var parts: [String] = []

    public mutating func add(_ key: String, _ value: String) { parts.append("\(quoted(key)): \(quoted(value))") }
    public mutating func add(_ key: String, _ value: Int) { parts.append("\(quoted(key)): \(value)") }
    public mutating func add(_ key: String, _ value: Bool) { parts.append("\(quoted(key)): \(value)") }
    public mutating func add(_ key: String, _ value: Double, decimals: Int) {
        parts.append("\(quoted(key)): \(value.isFinite ? fixed(value, decimals) : "null")")
    }
    public mutating func addRaw(_ key: String, _ json: String) { parts.append("\(quoted(key)): \(json)") }

    public var text: String { "{" + parts.joined(separator: ", ") + "}" }
}

public func quoted(_ s: String) -> String {
    var out = "\""
    for u in s.unicodeScalars {
        switch u {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case _ where u.value < 0x20 || (0x7F...0x9F).contains(u.value):  // DEL and C1 too: never raw to a terminal
            let h = String(u.value, radix: 16)
            out += "\\u" + String(repeating: "0", count: 4 - h.count) + h
        default: out.unicodeScalars.append(u)
        }
    }
    return out + "\""
}

/// Fixed-point formatting without Foundation; rounds half away from zero.
public func fixed(_ value: Double, _ decimals: Int) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    guard scaled < 9e18 else { return String(value) }
    let n = Int64(scaled)
    let negative = value < 0 && n != 0
    var digits = String(n)
    if decimals > 0 {
        if digits.count <= decimals { digits = String(repeating: "0", count: decimals - digits.count + 1) + digits }
        digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -decimals))
    }
    return (negative ? "-" : "") + digits
}

/// m:ss
public func clock(_ seconds: Double) -> String {
    let s = Int(seconds.rounded(.down))
    let r = s % 60
    return "\(s / 60):\(r < 10 ? "0" : "")\(r)"
}
