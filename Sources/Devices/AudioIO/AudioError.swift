/// Bad sound files and failed devices. The message names the file or the device and says what to do.
public struct AudioError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        case file, device, deviceLost, usage
    }
    public var kind: Kind
    public var message: String
    /// The cause alone, in a few words, for a one-line notice ("cannot find card '0'").
    public var cause: String?

    public init(_ kind: Kind, _ message: String, cause: String? = nil) {
        self.kind = kind
        self.message = message
        self.cause = cause
    }

    public var description: String { message }

    static let listHint = "list the devices with `kape audio devices`"

    static func cannotOpen(_ device: String, _ reason: String, cause: String? = nil) -> AudioError {
        AudioError(.device, "cannot open audio device '\(device)': \(reason); \(listHint)", cause: cause ?? reason)
    }

    static func unsupported(_ device: String, _ reason: String) -> AudioError {
        AudioError(.device, "audio device '\(device)' \(reason); \(listHint)")
    }

    static func lost(_ device: String, _ reason: String) -> AudioError {
        AudioError(.deviceLost, "audio device '\(device)' stopped working: \(reason); \(listHint)")
    }

    static func file(_ path: String, _ reason: String) -> AudioError {
        AudioError(.file, "\(path): \(reason)")
    }
}
