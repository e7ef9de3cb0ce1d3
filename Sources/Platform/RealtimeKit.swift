import CDBus
import Glibc

/// Real-time priority without privileges, as desktop sound servers get it: RealtimeKit (rtkit) on the system bus
/// raises a thread of the caller's to SCHED_RR when polkit allows it (an active session, by default). A user who
/// is not root and has no rtprio limit is refused SCHED_FIFO; this is the way that remains.
///
/// rtkit accepts a thread only from a process whose RLIMIT_RTTIME is at most its `RTTimeUSecMax` (a runaway
/// real-time thread is then stopped by the kernel), and at most its `MaxRealtimePriority`: both are asked first.
public enum RealtimeKit {
    /// Raises thread `tid` of this process to real-time at `priority` (lowered to rtkit's maximum). Returns the
    /// priority granted, or why not in words (no system bus, no rtkit, refused by polkit, ...).
    public static func makeRealtime(thread tid: Int32, priority: Int32) -> Result<Int32, RealtimeKitError> {
        makeRealtime(threads: [tid], priority: priority)[0]
    }

    /// The same for several threads over one bus connection (one answer per thread, in order).
    public static func makeRealtime(threads: [Int32], priority: Int32) -> [Result<Int32, RealtimeKitError>] {
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        func all(_ e: RealtimeKitError) -> [Result<Int32, RealtimeKitError>] { threads.map { _ in .failure(e) } }
        // A private connection: closed here, and libdbus must not exit the process when the bus goes away.
        guard let bus = dbus_bus_get_private(DBUS_BUS_SYSTEM, &error) else {
            return all(RealtimeKitError("no system bus", detail: error))
        }
        dbus_connection_set_exit_on_disconnect(bus, 0)
        defer {
            dbus_connection_close(bus)
            dbus_connection_unref(bus)
        }
        let maxPriority = property(bus, "MaxRealtimePriority").map { Int32(truncatingIfNeeded: $0) }
        guard let maxPriority else { return all(RealtimeKitError("rtkit did not answer (is rtkit installed and running?)")) }
        if let rttime = property(bus, "RTTimeUSecMax"), rttime > 0 {
            var limit = rlimit()
            getrlimit(rttimeResource, &limit)
            if limit.rlim_max > rlim_t(rttime) {
                limit.rlim_cur = rlim_t(rttime)
                limit.rlim_max = rlim_t(rttime)
                guard setrlimit(rttimeResource, &limit) == 0 else {
                    return all(RealtimeKitError("cannot lower RLIMIT_RTTIME to \(rttime) µs: \(errnoText(errno))"))
                }
            }
        }
        let granted = min(priority, maxPriority)
        guard granted > 0 else { return all(RealtimeKitError("rtkit allows no real-time priority here (maximum \(maxPriority))")) }
        return threads.map { request(bus, thread: $0, priority: granted) }
    }

    private static func request(_ bus: OpaquePointer, thread tid: Int32, priority granted: Int32) -> Result<Int32, RealtimeKitError> {
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard let call = dbus_message_new_method_call(service, object, service, "MakeThreadRealtimeWithPID") else {
            return .failure(RealtimeKitError("out of memory"))
        }
        defer { dbus_message_unref(call) }
        var pid = UInt64(getpid()), thread = UInt64(tid), level = UInt32(granted)
        let appended = withUnsafeMutablePointer(to: &pid) { p in
            withUnsafeMutablePointer(to: &thread) { t in
                withUnsafeMutablePointer(to: &level) { l in
                    var iter = DBusMessageIter()
                    dbus_message_iter_init_append(call, &iter)
                    return dbus_message_iter_append_basic(&iter, Int32(UInt8(ascii: "t")), p) != 0
                        && dbus_message_iter_append_basic(&iter, Int32(UInt8(ascii: "t")), t) != 0
                        && dbus_message_iter_append_basic(&iter, Int32(UInt8(ascii: "u")), l) != 0
                }
            }
        }
        guard appended else { return .failure(RealtimeKitError("out of memory")) }
        guard let reply = dbus_connection_send_with_reply_and_block(bus, call, timeoutMs, &error) else {
            return .failure(RealtimeKitError("rtkit refused", detail: error))
        }
        dbus_message_unref(reply)
        return .success(granted)
    }

    private static let service = "org.freedesktop.RealtimeKit1"
    private static let object = "/org/freedesktop/RealtimeKit1"
    private static let timeoutMs: Int32 = 1000
    private static let rttimeResource = __rlimit_resource_t(__RLIMIT_RTTIME.rawValue)

    /// An integer property of rtkit's (int32 or int64 in a variant), or nil.
    private static func property(_ bus: OpaquePointer, _ name: String) -> Int64? {
        guard let call = dbus_message_new_method_call(service, object, "org.freedesktop.DBus.Properties", "Get") else { return nil }
        defer { dbus_message_unref(call) }
        let appended = service.withCString { s in
            name.withCString { n in
                var sp: UnsafePointer<CChar>? = s, np: UnsafePointer<CChar>? = n
                var iter = DBusMessageIter()
                dbus_message_iter_init_append(call, &iter)
                return dbus_message_iter_append_basic(&iter, Int32(UInt8(ascii: "s")), &sp) != 0
                    && dbus_message_iter_append_basic(&iter, Int32(UInt8(ascii: "s")), &np) != 0
            }
        }
        guard appended, let reply = dbus_connection_send_with_reply_and_block(bus, call, timeoutMs, nil) else { return nil }
        defer { dbus_message_unref(reply) }
        var iter = DBusMessageIter(), variant = DBusMessageIter()
        guard dbus_message_iter_init(reply, &iter) != 0, dbus_message_iter_get_arg_type(&iter) == Int32(UInt8(ascii: "v")) else { return nil }
        dbus_message_iter_recurse(&iter, &variant)
        switch dbus_message_iter_get_arg_type(&variant) {
        case Int32(UInt8(ascii: "i")):
            var v: Int32 = 0
            dbus_message_iter_get_basic(&variant, &v)
            return Int64(v)
        case Int32(UInt8(ascii: "x")):
            var v: Int64 = 0
            dbus_message_iter_get_basic(&variant, &v)
            return v
        default:
            return nil
        }
    }
}

/// Why rtkit gave no real-time priority, in words for `-v`.
public struct RealtimeKitError: Error, Sendable, CustomStringConvertible {
    public let description: String

    init(_ what: String, detail: DBusError? = nil) {
        if let detail, let message = detail.message {
            description = what + ": " + String(cString: message)
        } else {
            description = what
        }
    }
}
