/// A device that cannot be used: names the node and says what to do.
public struct DeviceError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        case permissionDenied
        case notFound
        case notMotion
        case openFailed(errno: Int32)
        case lost
    }

    public var path: String
    public var kind: Kind
    public var message: String

    public init(path: String, kind: Kind, _ message: String) {
        self.path = path
        self.kind = kind
        self.message = message
    }

    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
