import Platform

/// Writes a file through one large buffer, atomically: the bytes go to an `OutputFile` beside the target, which
/// replaces the target only on `commit()`. A failed or abandoned conversion never leaves half a trace where a good
/// one was, and a one-hour trace (220 MB) costs a few hundred write calls, not millions.
public final class BufferedFileWriter {
    public let path: String
    /// Bytes not yet written. Formatters append here directly; call `flushIfFull()` after each record.
    public var buffer: [UInt8] = []
    private let capacity: Int
    private let file: OutputFile
    /// At most this many bytes: a trace Kape would refuse to read back is not written at all.
    private let limit: Int
    private var written = 0

    public init(path: String, capacity: Int = 1 << 20, limit: Int = InputFile.Kind.trace.limit) throws {
        self.path = path
        self.capacity = capacity
        self.limit = limit
        do throws(FileError) { file = try OutputFile(replacing: path) } catch { throw TraceError(file: path, error.message) }
        buffer.reserveCapacity(capacity + 4096)
    }

    public func write(_ text: String) throws {
        buffer.append(contentsOf: text.utf8)
        try flushIfFull()
    }

    @inline(__always)
    public func flushIfFull() throws {
        if buffer.count >= capacity { try flush() }
    }

    public func flush() throws {
        guard written + buffer.count <= limit else {
            file.discard()
            throw TraceError(file: path, "would pass \(InputFile.sizeText(limit)), the most Kape reads of a trace, so nothing was "
                + "written (the file is as it was): convert a shorter part of the input")
        }
        written += buffer.count
        do throws(FileError) { try file.write(buffer) } catch { throw TraceError(file: path, error.message) }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes what is left and moves the file into place. Without this the target is left untouched.
    public func commit() throws {
        try flush()
        do throws(FileError) { try file.commit() } catch { throw TraceError(file: path, error.message) }
    }
}
