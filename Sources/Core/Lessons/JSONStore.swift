import Foundation
import TextFormat
import Platform
import Glibc

public struct ProgressError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// What a `JSONStore` holds: a versioned JSON document with an empty state.
public protocol StoreDocument: Codable, Sendable {
    init()
    /// The format the document is in; a save writes `currentVersion` (an older file is migrated by being saved).
    var version: Int { get set }
    /// What to delete when a save would pass the size Kape reads back, for the message.
    var whatToTrim: String { get }
    /// The newest format this build reads and writes; a file with a higher `version` is refused, untouched.
    static var currentVersion: Int { get }
    /// `progress` → progress.json and progress.lock.
    static var baseName: String { get }
    static var kind: InputFile.Kind { get }
    /// Takes out what the store should no longer keep (`StoreRetention`); returned records go to the archive.
    mutating func foldOldRecords() -> [DictationResult]
}

extension StoreDocument {
    /// A document that keeps everything folds nothing.
    public mutating func foldOldRecords() -> [DictationResult] { [] }
    public var whatToTrim: String { "back it up, then move it aside to start a new one" }
}

/// The learner's progress: `progress.json`.
public typealias ProgressStore = JSONStore<ProgressData>

/// A JSON file in the data directory (the progress store, the vocabulary). Every access holds an exclusive `flock`
/// on `NAME.lock`, so concurrent processes serialise their read-modify-write cycles; every write goes to a
/// temporary file that is fsynced and renamed over the old one, so a crash leaves either the old or the new file.
public struct JSONStore<Document: StoreDocument>: Sendable {
    /// Points inside a save where the crash tests make the process die.
    public enum SavePhase: String, Sendable, CaseIterable {
        case tempOpened = "temp-opened", halfWritten = "half-written", synced, renamed
    }

    public let directory: String
    /// Told when a damaged file was moved aside (the store then starts empty).
    public var onDamaged: @Sendable (String) -> Void
    /// Called at each phase of a save; only the crash tests set it.
    public var savePhaseHook: (@Sendable (SavePhase) -> Void)?

    public init(directory: String, onDamaged: @escaping @Sendable (String) -> Void = { _ in }) {
        self.directory = directory
        self.onDamaged = onDamaged
    }

    public var path: String { directory + "/" + Document.baseName + ".json" }
    var lockPath: String { directory + "/" + Document.baseName + ".lock" }

    /// `$XDG_DATA_HOME/kape`, else `~/.local/share/kape`.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return xdg + "/kape" }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return home + "/.local/share/kape"
    }

    /// No data folder yet (or none that can be made: a read-only home) reads as an empty store, without making one.
    public func read() throws -> Document {
        if access(directory, F_OK) != 0 && errno == ENOENT { return Document() }
        return try locked { try load() }
    }

    /// Read, change, write back, all under the lock. Nothing is written when `body` throws. Records past
    /// `StoreRetention` are folded into the summary and appended to the archive first, so the file stays small.
    @discardableResult
    public func update<T>(_ body: (inout Document) throws -> T) throws -> T {
        try locked {
            sweepStaleTemporaries()
            var data = try load()
            let result = try body(&data)
            let folded = data.foldOldRecords()
            if !folded.isEmpty { try archive(folded) }
            try save(data)
            return result
        }
    }

    /// Where folded dictation results go, one JSON object a line; Kape never reads it back.
    public var archivePath: String { directory + "/" + Document.baseName + "-archive.jsonl" }
    /// The archive is renamed to this past `archiveLimit` (replacing the one before).
    public var oldArchivePath: String { directory + "/" + Document.baseName + "-archive.1.jsonl" }
    public static var archiveLimit: Int { 64 << 20 }

    /// Appends and syncs before the store is saved: a crash in between repeats lines in the archive, never loses one.
    private func archive(_ results: [DictationResult]) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .secondsSince1970
        var bytes: [UInt8] = []
        for r in results {
            bytes += try encoder.encode(r)
            bytes.append(0x0A)
        }
        var st = stat()
        if lstat(archivePath, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, Int(st.st_size) + bytes.count > Self.archiveLimit {
            rename(archivePath, oldArchivePath)
        }
        do throws(FileError) {
            try AppendFile.append(bytes, to: archivePath)
        } catch {
            throw ProgressError("\(error.description) (the archive of old dictation results; nothing was changed)")
        }
    }

    /// A writer killed mid-save leaves its `.progress.json.tmp-XXXXXX`; under the lock no live writer has one.
    /// The other files of the data folder are written without this lock: theirs go once an hour old (a save takes
    /// milliseconds).
    private func sweepStaleTemporaries() {
        OutputFile.removeTemporaries(of: path)
        for name in ["history.json", "settings.json", "entitlements.json"] {
            OutputFile.removeTemporaries(of: directory + "/" + name, olderThan: 3600)
        }
    }

    private func locked<T>(_ body: () throws -> T) throws -> T {
        do throws(FileError) {
            try makeFolders(directory)
        } catch {
            throw ProgressError("the data directory: \(error.description); "
                + DataDirectories.userDataAdvice(environment: ProcessInfo.processInfo.environment))
        }
        // Never through a link someone planted: O_CREAT would create its target.
        let lock: Descriptor
        do throws(SystemCallError) { lock = try Descriptor.open(lockPath, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, mode: 0o644) } catch {
            throw ProgressError(error.errno == ELOOP ? "\(lockPath): is a link, expected the store's lock file (remove the link)"
                                                     : "\(lockPath): cannot open: \(errnoText(error.errno))")
        }
        // Closing releases the lock, also when the process dies; held until the body is done.
        do throws(SystemCallError) { _ = try retryingInterrupts("flock") { flock(lock.raw, LOCK_EX) } } catch {
            throw ProgressError("\(lockPath): cannot lock: \(errnoText(error.errno))")
        }
        return try withExtendedLifetime(lock) { try body() }
    }

    private func load() throws -> Document {
        let bytes: Data
        do throws(FileError) {
            guard let b = try InputFile.readIfPresent(path, as: Document.kind) else { return Document() }
            bytes = Data(b)
        } catch {
            throw ProgressError(error.description)
        }
        // A newer kape's file is not damaged: refuse it instead of moving it aside.
        if let header = try? JSONDecoder().decode(StoreHeader.self, from: bytes), header.version > Document.currentVersion {
            throw ProgressError("\(path): written by a newer kape (format \(header.version), this one reads \(Document.currentVersion))")
        }
        do {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .secondsSince1970
            return try JSONFile.decode(Document.self, from: bytes, file: path, decoder: decoder)
        } catch let e as OutOfRange {
            let text = e.field.hasPrefix(path) ? e.description : "\(path): \(e.description)"
            throw ProgressError("\(text); correct that value in the file (nothing was changed)")
        } catch {
            // Keep the damaged bytes for a human to rescue; never overwrite them with an empty store.
            let stamp = Int(saturating: Date().timeIntervalSince1970)
            let aside = "\(path).damaged-\(stamp)-\(getpid())"
            guard rename(path, aside) == 0 else {
                throw ProgressError("\(path): damaged (\(error)) and cannot be moved aside: \(errnoText(errno))")
            }
            onDamaged((error is JSONFileError ? "\(error): damaged" : "\(path): damaged (\(error))") + "; moved aside to \(aside); starting an empty store")
            return Document()
        }
    }

    func save(_ data: Document) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .secondsSince1970
        var data = data
        data.version = Document.currentVersion
        let bytes = [UInt8](try encoder.encode(data))
        // What the reader would refuse must not be written: the learner would be locked out of every store command.
        let limit = Document.kind.limit
        guard bytes.count <= limit else {
            throw ProgressError("\(path): saving would make it \(InputFile.sizeText(bytes.count)), over the "
                + "\(InputFile.sizeText(limit)) Kape reads back, so nothing was saved (the file is as it was): \(data.whatToTrim)")
        }
        // A temporary file created exclusively beside the store (never through a link), renamed over it once synced.
        do throws(FileError) {
            let file = try OutputFile(replacing: path)
            savePhaseHook?(.tempOpened)
            let half = bytes.count / 2
            try file.write(Array(bytes.prefix(half)))
            savePhaseHook?(.halfWritten)
            try file.write(Array(bytes.dropFirst(half)))
            savePhaseHook?(.synced)  // all written; commit() syncs and renames
            try file.commit()
            savePhaseHook?(.renamed)
        } catch {
            throw ProgressError(error.description)
        }
    }
}

/// Just the format version of a store file.
private struct StoreHeader: Decodable { var version: Int }
