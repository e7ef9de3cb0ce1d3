import CEvdev
import Motion
import Glibc
import Platform

/// Force feedback through FF_RUMBLE on the motion node or, as most pads have it, on its gamepad sibling.
public final class Rumble {
    public enum Availability: Sendable, Equatable {
        case available(path: String)
        /// Not an error: the game simply plays without rumble.
        case unsupported(reason: String)
    }

    /// Strength and length for each gesture: a firm pulse for `correct`, a light tap for `pass`.
    public static func feedback(for kind: GestureKind) -> (strong: Double, weak: Double, milliseconds: Int) {
        switch kind {
        case .correct: (0.8, 0.3, 120)
        case .pass: (0.0, 0.4, 70)
        }
    }

    public static func availability(of device: DiscoveredDevice) -> Availability {
        if let path = device.rumblePath { return .available(path: path) }
        let where_ = device.sibling.map { "neither \(device.path) nor its gamepad node \($0.path) has" } ?? "\(device.path) has no gamepad sibling and does not have"
        return .unsupported(reason: "no force feedback: \(where_) FF_RUMBLE")
    }

    public let path: String
    private let node: Descriptor
    /// The effect uploaded to the device, once one is (the kernel numbers it; -1 asks for a new one).
    private var effectID: Int16?

    /// Opens the rumble node read-write. Throws `.permissionDenied` with the fix, like discovery.
    public init(device: DiscoveredDevice) throws(DeviceError) {
        guard case .available(let path) = Rumble.availability(of: device) else {
            throw DeviceError(path: device.path, kind: .notMotion, "no FF_RUMBLE")
        }
        do throws(SystemCallError) { node = try Descriptor.open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC) } catch {
            if error.errno == EACCES || error.errno == EPERM {
                let advice = PermissionAdvice.denied(path: path)
                throw DeviceError(path: path, kind: .permissionDenied, "permission denied for force feedback (needs write access). Fix:\n  " + advice.fix.joined(separator: "\n  "))
            }
            throw DeviceError(path: path, kind: .openFailed(errno: error.errno), "cannot open for force feedback: \(errnoText(error.errno))")
        }
        self.path = path
    }

    deinit {
        if let effectID { _ = ioctl(node.raw, kape_eviocrmff(), Int32(effectID)) }
    }

    /// Uploads (or updates) one rumble effect and starts it. Magnitudes 0...1.
    public func play(strong: Double, weak: Double, milliseconds: Int) throws(DeviceError) {
        var effect = ff_effect()
        effect.type = UInt16(FF_RUMBLE)
        effect.id = effectID ?? -1
        effect.replay.length = UInt16(clamping: milliseconds)
        effect.u.rumble.strong_magnitude = magnitude(strong)
        effect.u.rumble.weak_magnitude = magnitude(weak)
        guard ioctl(node.raw, kape_eviocsff(), &effect) == 0 else {
            throw DeviceError(path: path, kind: .openFailed(errno: errno), "the device refused the rumble effect (EVIOCSFF): \(errnoText(errno))")
        }
        effectID = effect.id
        var ev = input_event()
        ev.type = EV.ff
        ev.code = UInt16(bitPattern: effect.id)
        ev.value = 1
        let n = write(node.raw, &ev, MemoryLayout<input_event>.size)
        guard n == MemoryLayout<input_event>.size else {
            throw DeviceError(path: path, kind: .openFailed(errno: errno), "cannot start the rumble effect: \(errnoText(errno))")
        }
    }

    /// The game's call: strong for `correct`, light for `pass`.
    public func play(_ kind: GestureKind) throws(DeviceError) {
        let f = Rumble.feedback(for: kind)
        try play(strong: f.strong, weak: f.weak, milliseconds: f.milliseconds)
    }

    private func magnitude(_ x: Double) -> UInt16 { UInt16(saturating: (min(1, max(0, x)) * 65535).rounded()) }
}
