import Testing
@testable import MotionDevices

/// Which hid-wiimote nodes are one remote: by their HID parent in sysfs; by name only when that is unambiguous.
@Suite struct WiimoteNodesTests {
    static let ids: [UInt16] = [0x05, 0x057e, 0x0306]
    static let hidA = "/sys/devices/platform/hci0/hci0:11/0005:057E:0306.0001"
    static let hidB = "/sys/devices/platform/hci0/hci0:12/0005:057E:0306.0002"

    static func node(_ n: Int, _ suffix: String, _ parent: String?, ids: [UInt16] = ids) -> WiimoteNodes.Facts {
        .init(path: "/dev/input/event\(n)", name: "Nintendo Wii Remote" + suffix, ids: ids, parent: parent)
    }

    @Test func twoRemotesAreNotCrossed() {
        let accelA = Self.node(14, " Accelerometer", Self.hidA), accelB = Self.node(18, " Accelerometer", Self.hidB)
        // Remote B's Motion Plus has the lower number: order says nothing.
        let others = [Self.node(13, "", Self.hidA), Self.node(15, " Motion Plus", Self.hidB), Self.node(16, "", Self.hidB),
                      Self.node(17, " Motion Plus", Self.hidA)]
        #expect(WiimoteNodes.sibling(of: accelA, suffix: " Motion Plus", among: others)?.path == "/dev/input/event17")
        #expect(WiimoteNodes.sibling(of: accelB, suffix: " Motion Plus", among: others)?.path == "/dev/input/event15")
        #expect(WiimoteNodes.sibling(of: accelA, suffix: "", among: others)?.path == "/dev/input/event13")
        #expect(WiimoteNodes.isMotionPlus(others[3], of: accelA))
        #expect(!WiimoteNodes.isMotionPlus(others[1], of: accelA), "remote B's Motion Plus is not remote A's")
    }

    @Test func onlyOneNodeMeansNoGyro() {
        let accel = Self.node(14, " Accelerometer", Self.hidA)
        #expect(WiimoteNodes.sibling(of: accel, suffix: " Motion Plus", among: [Self.node(13, "", Self.hidA)]) == nil)
        #expect(WiimoteNodes.sibling(of: accel, suffix: " Motion Plus", among: []) == nil)
        // Another remote's Motion Plus alone is not this one's.
        #expect(WiimoteNodes.sibling(of: accel, suffix: " Motion Plus", among: [Self.node(15, " Motion Plus", Self.hidB)]) == nil)
        // Other ids, or a name of another family: not a sibling.
        let pro = Self.node(15, " Motion Plus", Self.hidA, ids: [0x05, 0x057e, 0x0330])
        #expect(WiimoteNodes.sibling(of: accel, suffix: " Motion Plus", among: [pro]) == nil)
        #expect(!WiimoteNodes.isMotionPlus(Self.node(14, " Motion Plus", Self.hidA), of: accel), "the node itself")
        #expect(WiimoteNodes.family(ofAccelerometer: "Nintendo Wii Remote Motion Plus") == nil)
    }

    @Test func withoutSysfsOnlyAnUnambiguousNamePairs() {
        let accel = Self.node(14, " Accelerometer", nil)
        #expect(WiimoteNodes.sibling(of: accel, suffix: " Motion Plus", among: [Self.node(15, " Motion Plus", nil)])?.path == "/dev/input/event15")
        let two = [Self.node(15, " Motion Plus", nil), Self.node(17, " Motion Plus", nil)]
        #expect(WiimoteNodes.sibling(of: accel, suffix: " Motion Plus", among: two) == nil, "two remotes: no guess")
        // A parent on one side only is not the same remote.
        #expect(WiimoteNodes.sibling(of: accel, suffix: " Motion Plus", among: [Self.node(15, " Motion Plus", Self.hidA)]) == nil)
    }
}
