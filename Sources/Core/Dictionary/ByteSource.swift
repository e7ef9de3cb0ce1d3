import Platform

/// A dictionary file's bytes: mapped from disk, or in memory (the fuzz targets and tests).
enum ByteSource: @unchecked Sendable {
    case mapped(MappedFile)
    case memory([UInt8])

    static func map(_ path: String, as kind: InputFile.Kind) throws(DictionaryError) -> ByteSource {
        do throws(FileError) { return .mapped(try MappedFile(path: path, as: kind, access: .random)) } catch {
            throw DictionaryError(file: path, error.message)
        }
    }

    func withBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        switch self {
        case .mapped(let file): return try file.withBytes(body)
        case .memory(let bytes):
            // withUnsafeBytes rethrows untyped; keep the typed error through a Result.
            let result: Result<R, E> = bytes.withUnsafeBytes { b in
                do throws(E) { return .success(try body(b)) } catch { return .failure(error) }
            }
            return try result.get()
        }
    }
}
