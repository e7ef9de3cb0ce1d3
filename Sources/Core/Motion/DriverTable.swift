/// The kernel drivers that expose an IMU as its own evdev node, and how their frames sit on the canonical one
/// (+Z out of the face/screen, +Y toward the top edge when held in landscape, +X to the right, seen from the
/// front). Frames come from the drivers' own documentation and remaps (see docs/DEVICES.md):
///  * hid-playstation (DualSense, DualShock 4), hid-sony (DualShock 3) and hid-steam (Steam Deck, remapped by the
///    driver to match the DualSense): X right, Y out of the face, Z toward the player (the grips) → `x,-z,y`.
///  * hid-nintendo (Joy-Con, Pro Controller): "X toward the triggers, Y to the left, Z out of the buttons" → `-y,x,z`.
///  * IIO sensors (phones, tablets, convertibles; read by Kape's IIO driver, named "… (IIO)"): the mount matrix
///    gives Android's frame, X right and Y up in portrait, Z out of the screen; held in landscape, top to the
///    left, seen from the front → `-y,x,z`.
///  * hid-wiimote (Wii Remote, accelerometer on ABS_RX/RY/RZ): X across the remote, Y along it toward the IR
///    camera, Z out of the buttons; held in landscape with the buttons facing out → `y,-x,z`.
public struct KnownDriver: Sendable, Equatable {
    /// Kernel module and the product family, e.g. `hid-playstation (DualSense)`.
    public let name: String
    public let axes: AxisMap
    /// What the driver's MSC_TIMESTAMP is worth: hardware clock, or synthesized from report spacing.
    public let timestamp: TimestampKind
    /// Typical sample rate when nothing can be measured (USB for the pads that have two).
    public let nominalRateHz: Double

    public enum TimestampKind: String, Sendable { case hardware, synthesized, none }
}

public enum DriverTable {
    static let sonyFrame = AxisMap.identity.remapped("x,-z,y")
    static let nintendoFrame = AxisMap.identity.remapped("-y,x,z")
    static let wiimoteFrame = AxisMap.identity.remapped("y,-x,z")
    static let iioFrame = AxisMap.identity.remapped("-y,x,z")
    /// What ends the name of a device read through IIO (see `IIOFrameEncoder`).
    public static let iioSuffix = " (IIO)"

    /// The driver a node looks like, from its USB/Bluetooth ids and, for clones that reuse ids, its name.
    public static func guess(vendor: UInt16, product: UInt16, name: String) -> KnownDriver? {
        switch (vendor, product) {
        case (0x054c, 0x0ce6), (0x054c, 0x0df2):
            return KnownDriver(name: "hid-playstation (DualSense)", axes: sonyFrame, timestamp: .hardware, nominalRateHz: 250)
        case (0x054c, 0x05c4), (0x054c, 0x09cc), (0x054c, 0x0ba0):
            return KnownDriver(name: "hid-playstation (DualShock 4)", axes: sonyFrame, timestamp: .hardware, nominalRateHz: 250)
        case (0x054c, 0x0268):
            return KnownDriver(name: "hid-sony (DualShock 3)", axes: sonyFrame, timestamp: .none, nominalRateHz: 100)
        case (0x057e, 0x2006), (0x057e, 0x2007), (0x057e, 0x2009), (0x057e, 0x200e):
            return KnownDriver(name: "hid-nintendo (\(nintendoModel(product)))", axes: nintendoFrame, timestamp: .synthesized, nominalRateHz: 200)
        case (0x057e, 0x0306), (0x057e, 0x0330):
            if name.hasSuffix(" Accelerometer") {
                return KnownDriver(name: "hid-wiimote (Wii Remote)", axes: wiimoteFrame, timestamp: .none, nominalRateHz: 100)
            }
            return nil  // its buttons, IR and Motion Plus nodes are not accelerometers
        case (0x28de, 0x1205):
            return KnownDriver(name: "hid-steam (Steam Deck)", axes: sonyFrame, timestamp: .synthesized, nominalRateHz: 250)
        default:
            break
        }
        // Third-party pads handled by the same drivers keep the drivers' node names.
        if name.hasSuffix(" IMU"), name.contains("Nintendo") || name.contains("Joy-Con") {
            return KnownDriver(name: "hid-nintendo", axes: nintendoFrame, timestamp: .synthesized, nominalRateHz: 200)
        }
        if name.hasPrefix("Nintendo Wii Remote"), name.hasSuffix(" Accelerometer") {
            return KnownDriver(name: "hid-wiimote (Wii Remote)", axes: wiimoteFrame, timestamp: .none, nominalRateHz: 100)
        }
        if name.hasSuffix(iioSuffix) {
            return KnownDriver(name: "iio", axes: iioFrame, timestamp: .hardware, nominalRateHz: 100)
        }
        if name == "Steam Deck Motion Sensors" {
            return KnownDriver(name: "hid-steam (Steam Deck)", axes: sonyFrame, timestamp: .synthesized, nominalRateHz: 250)
        }
        return nil
    }

    private static func nintendoModel(_ product: UInt16) -> String {
        switch product {
        case 0x2006: "Joy-Con L"
        case 0x2007: "Joy-Con R"
        case 0x2009: "Pro Controller"
        default: "Charging Grip"
        }
    }
}

extension AxisMap {
    /// For constant tables: the text is known to be valid.
    public func remapped(_ text: String) -> AxisMap {
        guard let map = try? AxisMap(parsing: text) else { preconditionFailure("bad built-in axis map \(text)") }
        return map
    }
}

extension MotionDeviceInfo {
    /// The known driver this node looks like (from its ids and name), if any.
    public var knownDriver: KnownDriver? { DriverTable.guess(vendor: vendor, product: product, name: name) }
    /// How this node's axes sit on the canonical frame: the driver's table, else identity.
    public var driverFrame: AxisMap { knownDriver?.axes ?? .identity }
}
