/// A file that cannot be read or written as asked. `usage` marks a command line that contradicts itself (an
/// output that is one of its inputs): exit 2 rather than 1.
public struct FileError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var message: String
    public var usage: Bool

    public init(_ path: String, _ message: String, usage: Bool = false) {
        self.path = path
        self.message = message
        self.usage = usage
    }

    public var description: String { "\(path): \(message)" }
}
