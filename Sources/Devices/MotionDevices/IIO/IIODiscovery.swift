import Glibc
import Motion
import Platform

/// Finds IIO motion sensors: every `iio:deviceN` under the IIO sysfs folder with accelerometer (`in_accel_*`) or
/// gyro (`in_anglvel_*`) channels. sysfs is readable by anyone, so everything but the char device's access is
/// known without opening anything; the char device is opened once and closed to learn whether it can be read.
public enum IIODiscovery {
    public static let sysfsRoot = "/sys/bus/iio/devices"
    public static let devDirectory = "/dev"
    /// Where udev keeps each device's properties (the hwdb's ACCEL_MOUNT_MATRIX among them).
    static let udevData = "/run/udev/data"

    /// The motion devices, st_lsm6dsx-style pairs joined, `accel-base` after the others (a 2-in-1 is played with
    /// the display's sensor).
    public static func scan(root: String = sysfsRoot, devDirectory: String = devDirectory) -> [IIODevice] {
        var parts: [IIOPart] = []
        var numbers: [Int] = []
        for name in directoryNames(root) ?? [] where name.hasPrefix("iio:device") {
            if let n = Int(name.dropFirst("iio:device".count)) { numbers.append(n) }
        }
        for n in numbers.sorted() {
            if let p = describe(number: n, root: root, devDirectory: devDirectory) { parts.append(p) }
        }
        var devices: [IIODevice] = []
        var used = Set<Int>()
        for p in parts where !used.contains(p.number) {
            used.insert(p.number)
            // An accelerometer-only and a gyro-only device of the same chip (same parent in sysfs) are one sensor.
            if p.gyro == nil, let q = parts.first(where: { !used.contains($0.number) && $0.accel == nil && $0.gyro != nil
                                                          && parent($0.hardware) == parent(p.hardware) }) {
                used.insert(q.number)
                devices.append(IIODevice(parts: [p, q]))
            } else if p.accel == nil, let q = parts.first(where: { !used.contains($0.number) && $0.gyro == nil && $0.accel != nil
                                                                 && parent($0.hardware) == parent(p.hardware) }) {
                used.insert(q.number)
                devices.append(IIODevice(parts: [q, p]))
            } else {
                devices.append(IIODevice(parts: [p]))
            }
        }
        // Devices without an accelerometer cannot calibrate: listed only when paired.
        devices = devices.filter { $0.accelPart != nil }
        let base = devices.filter { $0.accelPart?.label == "accel-base" }
        return devices.filter { $0.accelPart?.label != "accel-base" } + base
    }

    /// One device folder, or nil when it has no motion channels.
    static func describe(number n: Int, root: String, devDirectory: String) -> IIOPart? {
        let folder = "\(root)/iio:device\(n)"
        let a = IIOAttributes(folder: folder)
        let files = Set(a.names(in: "."))
        let scan = Set(a.names(in: "scan_elements"))
        func has(_ kind: String) -> Bool {
            ["x", "y", "z"].allSatisfy { files.contains("in_\(kind)_\($0)_raw") || scan.contains("in_\(kind)_\($0)_en") }
        }
        let hasAccel = has("accel"), hasGyro = has("anglvel")
        guard hasAccel || hasGyro else { return nil }
        let name = a.read("name") ?? "iio:device\(n)"
        let devNumber = a.read("dev")
        let udevMatrix = devNumber.flatMap { udevProperty("ACCEL_MOUNT_MATRIX", dev: $0, uevent: a.read("uevent")) }
            ?? udevProperty("ACCEL_MOUNT_MATRIX", dev: nil, uevent: a.read("uevent"))
        let accel = hasAccel ? sensor("accel", a, files: files, udevMatrix: udevMatrix) : nil
        let gyro = hasGyro ? sensor("anglvel", a, files: files, udevMatrix: nil) : nil

        var channels: [String] = []
        let enables = scan.filter { $0.hasSuffix("_en") }.map { String($0.dropFirst(3).dropLast(3)) }
        let raws = files.filter { $0.hasPrefix("in_") && $0.hasSuffix("_raw") }.map { String($0.dropFirst(3).dropLast(4)) }
        channels = Array(Set(enables).union(raws)).sorted()

        var rateAttribute: String?
        for candidate in ["sampling_frequency", "in_accel_sampling_frequency", "in_anglvel_sampling_frequency"] where files.contains(candidate) {
            rateAttribute = candidate
            break
        }
        let rate = rateAttribute.flatMap { a.read($0) }.flatMap(IIOValues.number)
        let available = rateAttribute.flatMap { a.read($0 + "_available") }.flatMap(IIOValues.available)

        let hasBuffer = a.exists("buffer/enable") && !scan.isEmpty
        let trigger: IIOPart.Trigger
        if !a.exists("trigger/current_trigger") {
            trigger = .notNeeded
        } else if let current = a.read("trigger/current_trigger"), !current.isEmpty {
            trigger = .current(current)
        } else {
            let own = "\(name)-dev\(n)"
            let triggers = (directoryNames(root) ?? []).filter { $0.hasPrefix("trigger") }
            trigger = triggers.contains { IIOAttributes.readFile("\(root)/\($0)/name") == own } ? .own(own) : .none
        }

        let nodePath = "\(devDirectory)/iio:device\(n)"
        var st = stat()
        let node: String? = stat(nodePath, &st) == 0 ? nodePath : nil
        // A node that is not the device sysfs names is never opened: it is read polled, and the reason said.
        let access = node.map { DeviceNode.problem($0, expected: devNumber).map { .failed("not the device's node: \($0)") } ?? probe($0) }
            ?? .noNode
        let mode = chooseMode(access: access, hasBuffer: hasBuffer, trigger: trigger, node: nodePath, attributes: a,
                              hasTimestamp: scan.contains("in_timestamp_en"))
        var fix: [String] = []
        if case .denied = access { fix = IIOPermission.fix(node: nodePath) }
        return IIOPart(sysfs: folder, node: node, number: n, name: name, label: a.read("label"),
                       hardware: hardwarePath(folder), channels: channels, accel: accel, gyro: gyro,
                       hasTimestampChannel: scan.contains("in_timestamp_en"), rateAttribute: rateAttribute, rate: rate,
                       available: available, hasBuffer: hasBuffer, trigger: trigger, access: access, mode: mode, fix: fix)
    }

    /// Why the device would be polled instead of read buffered, or buffered.
    static func chooseMode(access: IIOPart.Access, hasBuffer: Bool, trigger: IIOPart.Trigger, node: String,
                           attributes a: IIOAttributes, hasTimestamp: Bool) -> IIOPart.Mode {
        switch access {
        case .noNode: return .polled("no \(node): the driver has no buffer")
        case .denied: return .polled("\(node) cannot be opened (permission denied)")
        case .busy: return .polled("\(node) is busy: another program (iio-sensor-proxy?) holds the buffer")
        case .failed(let why): return .polled("\(node) cannot be opened (\(why))")
        case .ok: break
        }
        guard hasBuffer else { return .polled("no buffer (scan_elements, buffer/enable)") }
        if case .none = trigger {
            return .polled("no usable trigger: trigger/current_trigger is empty and the device has no trigger of its own")
        }
        if Glibc.access(a.path("buffer/enable"), W_OK) != 0 {
            return .polled("buffer/enable is not writable (\(errnoText(errno))): reading the buffer needs root")
        }
        return .buffered
    }

    private static func sensor(_ kind: String, _ a: IIOAttributes, files: Set<String>, udevMatrix: String?) -> IIOPart.Sensor {
        var texts: [String] = []
        var scale = SIMD3<Double>(), offset = SIMD3<Double>()
        var problem: String?
        var offsetProblem: String?
        for (i, axis) in ["x", "y", "z"].enumerated() {
            let scaleName = files.contains("in_\(kind)_\(axis)_scale") ? "in_\(kind)_\(axis)_scale" : "in_\(kind)_scale"
            let text = a.read(scaleName)
            if let why = IIOValues.scaleProblem(text) {
                if problem == nil { problem = "\(scaleName): \(why)" }
            } else if let v = text.flatMap(IIOValues.number) {
                scale[i] = v
            }
            if let text, !texts.contains(text) { texts.append(text) }
            let offsetName = files.contains("in_\(kind)_\(axis)_offset") ? "in_\(kind)_\(axis)_offset" : "in_\(kind)_offset"
            let offsetText = a.read(offsetName)
            if let why = IIOValues.offsetProblem(offsetText) {
                if offsetProblem == nil { offsetProblem = "\(offsetName): \(why)" }
            } else {
                offset[i] = offsetText.flatMap(IIOValues.number) ?? 0
            }
        }
        var mount = MountMatrix.identity
        var source = "none"
        var mountProblem: String?
        var candidates: [(String, String)] = []
        if let udevMatrix { candidates.append(("udev ACCEL_MOUNT_MATRIX", udevMatrix)) }
        for file in ["in_\(kind)_mount_matrix", "in_mount_matrix", "mount_matrix"] where files.contains(file) {
            if let text = a.read(file) { candidates.append((file, text)) }
        }
        for (from, text) in candidates {
            switch MountMatrix.parse(text) {
            case .success(let m):
                mount = m
                source = from
            case .failure(let why):
                mountProblem = "\(from) ignored: \(why)"
                continue
            }
            break
        }
        return IIOPart.Sensor(scale: problem == nil ? scale : nil, scaleText: texts, scaleProblem: problem, offset: offset,
                              offsetProblem: offsetProblem,
                              mount: mount, mountSource: source, mountProblem: mountProblem)
    }

    /// Opens the char device and closes it at once: permission, busy (the node opens once) or fine.
    private static func probe(_ node: String) -> IIOPart.Access {
        let fd = open(node, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        if fd >= 0 {
            close(fd)
            return .ok
        }
        let e = errno
        switch e {
        case EACCES, EPERM:
            var st = stat()
            guard stat(node, &st) == 0 else { return .denied(owner: "?", group: "?", mode: 0) }
            return .denied(owner: IIOPermission.userName(st.st_uid), group: IIOPermission.groupName(st.st_gid),
                           mode: UInt32(st.st_mode) & 0o777)
        case EBUSY: return .busy
        default: return .failed(errnoText(e))
        }
    }

    /// udev's property for the device: its database entry (`/run/udev/data/cMAJOR:MINOR`, lines `E:KEY=value`),
    /// else the device's `uevent` (where emulated devices keep theirs).
    static func udevProperty(_ key: String, dev: String?, uevent: String?) -> String? {
        if let dev, let data = IIOAttributes.readFile("\(udevData)/c\(dev)") {
            for line in data.split(separator: "\n") where line.hasPrefix("E:\(key)=") {
                return String(line.dropFirst(key.count + 3))
            }
        }
        for line in (uevent ?? "").split(separator: "\n") where line.hasPrefix("\(key)=") {
            return String(line.dropFirst(key.count + 1))
        }
        return nil
    }

    /// `/sys/bus/iio/devices/iio:deviceN` is a link into `/sys/devices/…`: where the chip sits.
    static func hardwarePath(_ folder: String) -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink(folder, &buffer, buffer.count - 1)
        guard n > 0 else { return folder }
        let target = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var parts = target.hasPrefix("/") ? [] : folder.split(separator: "/").dropLast().map(String.init)
        for p in target.split(separator: "/") {
            if p == ".." { if !parts.isEmpty { parts.removeLast() } } else if p != "." { parts.append(String(p)) }
        }
        return "/" + parts.joined(separator: "/")
    }

    static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[..<slash])
    }
}

extension IIODiscovery {
    /// The motion device the rest of Kape sees: the frames the IIO driver will send (see `IIOFrameEncoder`), named
    /// "NAME [LABEL] (IIO)" so the driver table and `--axes` overrides know it, the chip's sysfs place as `uniq`.
    static func discovered(_ d: IIODevice, overrides: [String: AxisMap]) -> DiscoveredDevice {
        let accel = d.accelPart!
        let info = IIOFrameEncoder.device(name: displayName(d), hasGyro: d.hasGyro,
                                          hasTimestamp: d.mode == .buffered && d.parts.allSatisfy(\.hasTimestampChannel),
                                          accelScaleKnown: accel.accel?.scale != nil)
        let driver = DriverTable.guess(vendor: 0, product: 0, name: info.name)
        var device = DiscoveredDevice(path: accel.node ?? accel.sysfs, info: info, uniq: parent(accel.hardware), phys: accel.sysfs,
                                      rule: .iio, driver: driver, axes: driver?.axes ?? .identity,
                                      axesSource: driver == nil ? .identity : .driver,
                                      rate: d.rate.map { .init(hertz: $0, source: .sysfs) }, sibling: nil, gyroNode: nil,
                                      hasRumble: false, iio: d)
        if let map = overrides[device.configKey] {
            device.axes = map
            device.axesSource = .override
        }
        return device
    }

    /// The chip's name (a pair's without `_accel`/`_gyro`), with its label when it has one.
    static func displayName(_ d: IIODevice) -> String {
        let accel = d.accelPart!
        var name = accel.name
        if d.parts.count > 1, name.hasSuffix("_accel") { name = String(name.dropLast("_accel".count)) }
        if let label = accel.label, !label.isEmpty { name += " " + label }
        return name + DriverTable.iioSuffix
    }
}
