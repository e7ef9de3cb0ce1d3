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
    /// A trace mapped for one pass; a file that cannot be mapped is a `TraceError` naming it.
    static func trace(_ path: String) throws -> MappedFile {
        do throws(FileError) { return try MappedFile(path: path, as: .trace) } catch { throw TraceError(file: path, error.message) }
    }

    /// One guarded pass over a trace (`withCheckedBytes`); a file changed meanwhile is a `TraceError` naming it.
    func traceBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
        do { return try withCheckedBytes(body) } catch let e as FileError { throw TraceError(file: e.path, e.message) }
    }
}
