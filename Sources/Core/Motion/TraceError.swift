import Platform
/// Bad trace input: names the file, the line when there is one, and what was expected.
public struct TraceError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var message: String

    public init(file: String, line: Int? = nil, _ message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String {
        if let line { return "\(file):\(line): \(message)" }
        return "\(file): \(message)"
    }
}

extension MappedFile {
    /// A trace mapped for one pass; a file that cannot be mapped, or that changes while it is read, is a
    /// `TraceError` naming it.
    public convenience init(path: String) throws {
        do throws(FileError) {
            try self.init(path: path, as: .trace, changedError: { TraceError(file: path, $0) })
        } catch {
            throw TraceError(file: path, error.message)
        }
    }

    static func trace(_ path: String) throws -> MappedFile { try MappedFile(path: path) }
}
