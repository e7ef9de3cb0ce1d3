import Platform

/// A dictionary file's bytes: mapped from disk, or in memory (the fuzz targets and tests).
enum ByteSource: @unchecked Sendable {
    case mapped(MappedFile)
    case memory([UInt8])

    static func map(_ path: String, as kind: InputFile.Kind) throws(DictionaryError) -> ByteSource {
        do throws(FileError) {
            return .mapped(try MappedFile(path: path, as: kind, access: .random, changedError: { DictionaryError(file: path, $0) }))
        } catch {
            throw DictionaryError(file: path, error.message)
        }
    }

    func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws(DictionaryError) -> R) throws(DictionaryError) -> R {
        switch self {
        case .mapped(let file):
            do { return try file.withBytes { b in try body(b) } } catch let e as DictionaryError { throw e } catch {
                throw DictionaryError(file: file.path, "\(error)")
            }
        case .memory(let bytes):
            // withUnsafeBytes rethrows untyped; keep the typed error through a Result.
            let result: Result<R, DictionaryError> = bytes.withUnsafeBytes { b in
                do throws(DictionaryError) { return .success(try body(b)) } catch { return .failure(error) }
            }
            return try result.get()
        }
    }
}
