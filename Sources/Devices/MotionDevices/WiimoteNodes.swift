import Motion

/// Which of hid-wiimote's nodes belong to one remote. The driver sets no `uniq`, but it hangs all of a remote's input
/// devices off that remote's HID device, so they share a parent in sysfs; their names are the family name
/// ("Nintendo Wii Remote", or the Balance Board's, Pro Controller's…) plus " Accelerometer" or " Motion Plus".
/// Where sysfs cannot say (no parent), nodes are paired by ids and name only when that leaves one candidate.
public enum WiimoteNodes {
    /// What pairing needs of a node: readable from sysfs and libevdev alike.
    public struct Facts: Sendable, Equatable {
        public var path: String
        public var name: String
        public var ids: [UInt16]
        public var parent: String?

        public init(path: String, name: String, ids: [UInt16], parent: String?) {
            self.path = path
            self.name = name
            self.ids = ids
            self.parent = parent
        }
    }

    /// The family name of an accelerometer node ("Nintendo Wii Remote" for "Nintendo Wii Remote Accelerometer").
    public static func family(ofAccelerometer name: String) -> String? {
        name.hasSuffix(" Accelerometer") ? String(name.dropLast(" Accelerometer".count)) : nil
    }

    /// The node among `others` named `family + suffix` that belongs to the same remote as `accelerometer`.
    public static func sibling(of accelerometer: Facts, suffix: String, among others: [Facts]) -> Facts? {
        guard let family = family(ofAccelerometer: accelerometer.name) else { return nil }
        let named = others.filter { $0.ids == accelerometer.ids && $0.name == family + suffix && $0.path != accelerometer.path }
        // The same parent; without one to go by, only an unambiguous name (one remote connected).
        let mine = named.filter { $0.parent == accelerometer.parent }
        guard mine.count == 1, accelerometer.parent != nil || named.count == 1 else { return nil }
        return mine[0]
    }

    /// Whether `candidate` is the Motion Plus node of the remote whose accelerometer is `accelerometer`, judged
    /// alone (a node that appeared later): same ids, the family's name and the same parent.
    public static func isMotionPlus(_ candidate: Facts, of accelerometer: Facts) -> Bool {
        guard let family = family(ofAccelerometer: accelerometer.name), candidate.ids == accelerometer.ids,
              candidate.name == family + WiimoteFusion.motionPlusSuffix, candidate.path != accelerometer.path else { return false }
        return candidate.parent == accelerometer.parent
    }
}
