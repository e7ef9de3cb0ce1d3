import Motion
import Glibc
import Platform

/// Finds motion nodes in /dev/input: opens each event node, keeps the ones that are accelerometers, pairs them
/// with their gamepad node (same uniq), picks their axis map and measures their sample rate.
public enum DeviceDiscovery {
    public struct Result: Sendable {
        public var devices: [DiscoveredDevice] = []
        public var denied: [DeniedNode] = []
        /// Nodes that failed for another reason (not an evdev node, an open that failed), each naming its node.
        public var problems: [DeviceError] = []
    }

    public static let inputDirectory = "/dev/input"

    private struct OtherNode {
        var path: String
        var name: String
        var uniq: String
        var rumble: Bool
        var ids: [UInt16]
        var parent: String?

        var facts: WiimoteNodes.Facts { .init(path: path, name: name, ids: ids, parent: parent) }
    }

    /// `probeSeconds`: how long to listen to the motion nodes to measure their rate (0: use the drivers' nominal
    /// rates). `overrides`: remembered `--axes` maps by device key.
    /// IIO sensors (`iioRoot`, nil: none) come after the evdev nodes: a controller someone plugged in is the one
    /// they mean to play with, not the laptop's own accelerometer.
    public static func scan(directory: String = inputDirectory, probeSeconds: Double = 0.25,
                            overrides: [String: AxisMap] = [:], iioRoot: String? = IIODiscovery.sysfsRoot,
                            iioDevices: String = IIODiscovery.devDirectory) -> Result {
        var result = Result()
        var motion: [(EvdevNode, DiscoveredDevice.Rule)] = []
        var others: [OtherNode] = []
        for path in eventNodes(in: directory) {
            do {
                let node = try EvdevNode(path: path)
                if let rule = node.motionRule {
                    motion.append((node, rule))
                } else {
                    others.append(OtherNode(path: path, name: node.name, uniq: node.uniq, rumble: node.hasRumble,
                                            ids: [node.bus, node.vendor, node.product],
                                            parent: SysfsInput(eventNode: path).parentDevice))
                }
            } catch {
                switch error.kind {
                case .permissionDenied:
                    // Only motion nodes matter; when sysfs cannot tell, list it rather than hide it.
                    if SysfsInput(eventNode: path).isMotion ?? true { result.denied.append(PermissionAdvice.denied(path: path)) }
                case .notFound:
                    break  // unplugged between readdir and open
                default:
                    result.problems.append(error)
                }
            }
        }
        let rates = measureRates(motion.map(\.0), seconds: probeSeconds)
        for (i, (node, rule)) in motion.enumerated() {
            let info = node.info
            let driver = DriverTable.guess(vendor: info.vendor, product: info.product, name: info.name)
            var device = DiscoveredDevice(path: node.path, info: info, uniq: node.uniq, phys: node.phys, rule: rule,
                                          driver: driver, axes: driver?.axes ?? .identity,
                                          axesSource: driver == nil ? .identity : .driver,
                                          rate: rates[i] ?? driver.map { .init(hertz: $0.nominalRateHz, source: .nominal) },
                                          sibling: nil, gyroNode: nil, hasRumble: node.hasRumble)
            if let map = overrides[device.configKey] {
                device.axes = map
                device.axesSource = .override
            }
            if !node.uniq.isEmpty, let pad = others.first(where: { $0.uniq == node.uniq }) {
                device.sibling = .init(path: pad.path, name: pad.name, hasRumble: pad.rumble)
            } else if info.accelerometerOnRotationalAxes {
                // hid-wiimote gives its nodes no uniq: a remote's nodes hang off its HID device (see WiimoteNodes).
                let me = WiimoteNodes.Facts(path: node.path, name: info.name, ids: [info.bus, info.vendor, info.product],
                                            parent: SysfsInput(eventNode: node.path).parentDevice)
                let facts = others.map(\.facts)
                if let pad = WiimoteNodes.sibling(of: me, suffix: "", among: facts),
                   let other = others.first(where: { $0.path == pad.path }) {
                    device.sibling = .init(path: other.path, name: other.name, hasRumble: other.rumble)
                }
                if let gyro = WiimoteNodes.sibling(of: me, suffix: WiimoteFusion.motionPlusSuffix, among: facts) {
                    device.gyroNode = .init(path: gyro.path, name: gyro.name, hasRumble: false)
                }
            }
            result.devices.append(device)
        }
        if let iioRoot {
            for d in IIODiscovery.scan(root: iioRoot, devDirectory: iioDevices) {
                result.devices.append(IIODiscovery.discovered(d, overrides: overrides))
            }
        }
        return result
    }

    /// Resolves the DEVICE argument of `kape live/record/rumble`: a path, a node name (`event5`), or text found
    /// in the device name; nil picks the first motion node.
    public static func select(_ selector: String?, from result: Result) throws(DeviceError) -> DiscoveredDevice {
        let devices = result.devices
        guard let s = selector else {
            if let first = devices.first { return first }
            if let denied = result.denied.first {
                throw DeviceError(path: denied.path, kind: .permissionDenied,
                                  "a motion node exists but cannot be read (permission denied). Fix:\n  " + denied.fix.joined(separator: "\n  "))
            }
            throw DeviceError(path: "", kind: .notFound, "no motion device found in \(inputDirectory) or \(IIODiscovery.sysfsRoot): plug in a controller with motion sensors, or see `kape devices`")
        }
        if let d = devices.first(where: { $0.path == s || $0.path.hasSuffix("/" + s) }) { return d }
        // A Wii Remote also by its Motion Plus node: the device it is fused into.
        if let d = devices.first(where: { d in d.gyroNode.map { $0.path == s || $0.path.hasSuffix("/" + s) } ?? false }) { return d }
        // An IIO device also by its sysfs folder, or either part's node (a polled one has no node).
        if let d = devices.first(where: { $0.iio?.parts.contains { p in
            p.sysfs == s || p.sysfs.hasSuffix("/" + s) || p.node == s || (p.node?.hasSuffix("/" + s) ?? false) } ?? false }) {
            return d
        }
        if let denied = result.denied.first(where: { $0.path == s || $0.path.hasSuffix("/" + s) }) {
            throw DeviceError(path: denied.path, kind: .permissionDenied, "permission denied. Fix:\n  " + denied.fix.joined(separator: "\n  "))
        }
        // A node that is there but could not be read: why, rather than "no motion device matches".
        if let problem = result.problems.first(where: { $0.path == s || $0.path.hasSuffix("/" + s) }) { throw problem }
        let lower = s.lowercased()
        if let d = devices.first(where: { $0.info.name.lowercased().contains(lower) }) { return d }
        throw DeviceError(path: s, kind: .notFound, "no motion device matches; `kape devices` lists them")
    }

    /// /dev/input/eventN, in numeric order.
    static func eventNodes(in directory: String) -> [String] {
        var numbers: [Int] = []
        for name in directoryNames(directory) ?? [] {
            if name.hasPrefix("event"), let n = Int(name.dropFirst(5)) { numbers.append(n) }
        }
        return numbers.sorted().map { "\(directory)/event\($0)" }
    }

    /// Listens to all motion nodes at once for `seconds` and estimates each one's rate.
    private static func measureRates(_ nodes: [EvdevNode], seconds: Double) -> [DiscoveredDevice.Rate?] {
        guard seconds > 0, !nodes.isEmpty else { return nodes.map { _ in nil } }
        let readers = nodes.map { EventReader(fd: $0.fd) }
        var meters = nodes.map { _ in RateMeter() }
        var fds = nodes.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
        let deadline = MonotonicClock.now() + seconds
        while true {
            let left = deadline - MonotonicClock.now()
            if left <= 0 { break }
            let n = poll(&fds, nfds_t(fds.count), Int32(saturating: left * 1000 + 1))
            if n <= 0 { continue }
            for i in fds.indices where fds[i].revents != 0 {
                if fds[i].revents & Int16(POLLIN) == 0 { fds[i].fd = -1; continue }  // error or hang-up
                while case .read = readers[i].read({ meters[i].push($0) }) {}
            }
        }
        return meters.map(\.estimate)
    }
}
