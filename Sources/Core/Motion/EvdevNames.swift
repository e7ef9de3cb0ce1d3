/// The names libevdev gives event types, codes and properties, as `evemu-record` prints them in its comments.
/// Only the types a motion node can carry are spelled out; any other name prints as `(null)`, which is what
/// evemu prints for codes libevdev does not know.
enum EvdevNames {
    /// libevdev_event_type_get_max: the highest code of each type, -1 where the type has no codes.
    static func maxCode(type: Int) -> Int {
        switch type {
        case 0x00: return 0x0f
        case 0x01: return 0x2ff
        case 0x02: return 0x0f
        case 0x03: return 0x3f
        case 0x04: return 0x07
        case 0x05: return 0x10
        case 0x11: return 0x0f
        case 0x12: return 0x07
        case 0x14: return 0x01
        case 0x15: return 0x7f
        default: return -1
        }
    }

    static func type(_ type: Int) -> String {
        switch type {
        case 0x00: return "EV_SYN"
        case 0x01: return "EV_KEY"
        case 0x02: return "EV_REL"
        case 0x03: return "EV_ABS"
        case 0x04: return "EV_MSC"
        case 0x05: return "EV_SW"
        case 0x11: return "EV_LED"
        case 0x12: return "EV_SND"
        case 0x14: return "EV_REP"
        case 0x15: return "EV_FF"
        case 0x16: return "EV_PWR"
        case 0x17: return "EV_FF_STATUS"
        case 0x1f: return "EV_MAX"
        default: return "(null)"
        }
    }

    static func code(type: Int, code: Int) -> String {
        let table: [String?]
        switch type {
        case 0x00: table = syn
        case 0x02: table = rel
        case 0x03: table = abs
        case 0x04: table = msc
        default: return "(null)"
        }
        return code >= 0 && code < table.count ? (table[code] ?? "(null)") : "(null)"
    }

    static func property(_ bit: Int) -> String {
        let names = ["INPUT_PROP_POINTER", "INPUT_PROP_DIRECT", "INPUT_PROP_BUTTONPAD", "INPUT_PROP_SEMI_MT",
                     "INPUT_PROP_TOPBUTTONPAD", "INPUT_PROP_POINTING_STICK", "INPUT_PROP_ACCELEROMETER"]
        if bit < names.count { return names[bit] }
        return bit == 0x1f ? "INPUT_PROP_MAX" : "(null)"
    }

    private static let syn: [String?] = ["SYN_REPORT", "SYN_CONFIG", "SYN_MT_REPORT", "SYN_DROPPED"]
        + Array(repeating: nil, count: 11) + ["SYN_MAX"]

    private static let rel: [String?] = ["REL_X", "REL_Y", "REL_Z", "REL_RX", "REL_RY", "REL_RZ", "REL_HWHEEL",
                                         "REL_DIAL", "REL_WHEEL", "REL_MISC", "REL_RESERVED", "REL_WHEEL_HI_RES",
                                         "REL_HWHEEL_HI_RES", nil, nil, "REL_MAX"]

    private static let msc: [String?] = ["MSC_SERIAL", "MSC_PULSELED", "MSC_GESTURE", "MSC_RAW", "MSC_SCAN",
                                         "MSC_TIMESTAMP", nil, "MSC_MAX"]

    private static let abs: [String?] = {
        var t = [String?](repeating: nil, count: 0x40)
        let low = ["ABS_X", "ABS_Y", "ABS_Z", "ABS_RX", "ABS_RY", "ABS_RZ", "ABS_THROTTLE", "ABS_RUDDER",
                   "ABS_WHEEL", "ABS_GAS", "ABS_BRAKE"]
        for (i, n) in low.enumerated() { t[i] = n }
        let hats = ["ABS_HAT0X", "ABS_HAT0Y", "ABS_HAT1X", "ABS_HAT1Y", "ABS_HAT2X", "ABS_HAT2Y", "ABS_HAT3X",
                    "ABS_HAT3Y", "ABS_PRESSURE", "ABS_DISTANCE", "ABS_TILT_X", "ABS_TILT_Y", "ABS_TOOL_WIDTH"]
        for (i, n) in hats.enumerated() { t[0x10 + i] = n }
        t[0x20] = "ABS_VOLUME"
        t[0x28] = "ABS_MISC"
        t[0x2e] = "ABS_RESERVED"
        let mt = ["ABS_MT_SLOT", "ABS_MT_TOUCH_MAJOR", "ABS_MT_TOUCH_MINOR", "ABS_MT_WIDTH_MAJOR",
                  "ABS_MT_WIDTH_MINOR", "ABS_MT_ORIENTATION", "ABS_MT_POSITION_X", "ABS_MT_POSITION_Y",
                  "ABS_MT_TOOL_TYPE", "ABS_MT_BLOB_ID", "ABS_MT_TRACKING_ID", "ABS_MT_PRESSURE",
                  "ABS_MT_DISTANCE", "ABS_MT_TOOL_X", "ABS_MT_TOOL_Y"]
        for (i, n) in mt.enumerated() { t[0x2f + i] = n }
        t[0x3f] = "ABS_MAX"
        return t
    }()
}
