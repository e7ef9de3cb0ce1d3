import Foundation
import Glibc
import Platform

/// One line of a transcript: shown from `start` to `end` (seconds of lesson audio).
public struct Cue: Sendable, Equatable, Codable {
    public var id: String?
    public var start: Double
    public var end: Double
    public var text: String

    public init(id: String? = nil, start: Double, end: Double, text: String) {
        self.id = id; self.start = start; self.end = end; self.text = text
    }
}

/// A file that is not a transcript at all (or cannot be read), naming the file and the 1-based line (0: the file).
public struct TranscriptError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var message: String
    public init(file: String, line: Int, _ message: String) { self.file = file; self.line = line; self.message = message }
    /// Line 0: about the file (or folder) as a whole, so no line is named.
    public var description: String { line > 0 ? "\(file):\(line): \(message)" : "\(file): \(message)" }
}

/// Something read past in a transcript that is otherwise used: a cue skipped, cues reordered, an encoding guessed.
public struct TranscriptWarning: Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var message: String
    public init(file: String, line: Int, _ message: String) { self.file = file; self.line = line; self.message = message }
    public var description: String { "\(file):\(line): \(message)" }
}

/// Cues in time order (by start, then file order); overlaps are kept, as players show them.
public struct Transcript: Sendable, Equatable {
    public let cues: [Cue]
    /// The line of each cue's timing in its file (1-based; for JSON cues the line of the cue object), in `cues` order.
    public let lines: [Int]
    /// What the reader skipped or guessed, in file order; the cues are usable regardless.
    public let warnings: [TranscriptWarning]

    /// The largest time a cue may have: 1000 hours. Beyond it a time is a typo or an attack, and a cue is skipped;
    /// below it every time converts to frames and clock text without overflow.
    public static let maxSeconds = 3_600_000.0

    public init(cues: [Cue], lines: [Int]? = nil, warnings: [TranscriptWarning] = []) {
        let lines = lines ?? Array(repeating: 0, count: cues.count)
        precondition(lines.count == cues.count, "one line per cue")
        // By start time; cues that start together keep their file order (as players and the W3C parser do).
        let order = cues.indices.sorted { a, b in (cues[a].start, a) < (cues[b].start, b) }
        self.cues = order.map { cues[$0] }
        self.lines = order.map { lines[$0] }
        self.warnings = warnings
    }

    /// The cue being heard at `t`: of the cues containing `t` (start ≤ t < end), the one that started last.
    public func cueIndex(at t: Double) -> Int? {
        // Binary search the last cue starting at or before t, then walk back to one still running.
        var lo = 0, hi = cues.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if cues[mid].start <= t { lo = mid + 1 } else { hi = mid }
        }
        var i = lo - 1
        while i >= 0 {
            if t < cues[i].end { return i }
            i -= 1
        }
        return nil
    }

    /// All the text, for searching.
    public var text: String { cues.map(\.text).joined(separator: "\n") }

    /// Warnings for cues that run past the end of the audio (`duration` seconds): the player never reaches them.
    public func warningsPastEnd(duration: Double, file: String) -> [TranscriptWarning] {
        cues.indices.compactMap { i in
            guard cues[i].end > duration + 0.001 else { return nil }
            let what = cues[i].start >= duration ? "starts" : "ends"
            return TranscriptWarning(file: file, line: lines[i],
                                     "cue \(i + 1) \(what) past the end of the audio (\(TranscriptWriter.timestamp(cues[i].start, .vtt)) --> "
                                     + "\(TranscriptWriter.timestamp(cues[i].end, .vtt)), the audio lasts \(TranscriptWriter.timestamp(duration, .vtt)))")
        }
    }

    /// Loads a `.vtt`, `.srt` or `.json` transcript by extension.
    public static func load(path: String) throws -> Transcript {
        guard let format = TranscriptFormat(path: path) else {
            throw TranscriptError(file: path, line: 0, "unknown transcript type: use .vtt, .srt or .json")
        }
        return try parse(readFile(path), format: format, file: path)
    }

    /// The bytes of a regular file within `InputFile.Kind.transcript` (a FIFO, a device or /dev/zero is refused).
    public static func readFile(_ path: String) throws -> [UInt8] {
        do throws(FileError) { return try InputFile.read(path, as: .transcript) } catch {
            throw TranscriptError(file: path, line: 0, error.message)
        }
    }

    public static func parse(_ bytes: [UInt8], format: TranscriptFormat, file: String) throws -> Transcript {
        switch format {
        case .vtt: return try WebVTTParser.parse(bytes, file: file)
        case .srt: return try SRTParser.parse(bytes, file: file)
        case .json: return try JSONCueParser.parse(bytes, file: file)
        }
    }

    public static let extensions = TranscriptFormat.allCases.map(\.rawValue)
}

/// The transcript formats Kape reads and writes, named by their file extensions.
public enum TranscriptFormat: String, Sendable, CaseIterable {
    case vtt, srt, json

    /// The format a file name's extension names (any case), or nil.
    public init?(path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: ".") else { return nil }
        self.init(rawValue: name[name.index(after: dot)...].lowercased())
    }
}

/// The warnings of one file as a reader collects them: the first `limit` kept (a hostile file can have one per
/// line), the rest counted in one last warning.
struct WarningLog {
    static let limit = 100
    let file: String
    private var kept: [TranscriptWarning] = []
    private var dropped = 0
    private var lastDroppedLine = 0

    init(file: String) { self.file = file }

    mutating func add(line: Int, _ message: @autoclosure () -> String) {
        guard kept.count < Self.limit else { dropped += 1; lastDroppedLine = line; return }
        kept.append(TranscriptWarning(file: file, line: line, message()))
    }

    /// Warns once when the cues (start times with their lines, in file order) are not in start order: players sort
    /// them, and so does `Transcript`.
    mutating func checkOrder(_ starts: [Double], lines: [Int]) {
        guard let i = starts.indices.dropFirst().first(where: { starts[$0] < starts[$0 - 1] }) else { return }
        add(line: lines[i], "this cue starts before the one above it: cues are sorted by start time")
    }

    var warnings: [TranscriptWarning] {
        dropped == 0 ? kept : kept + [TranscriptWarning(file: file, line: lastDroppedLine, "and \(dropped) more warnings, up to this line")]
    }
}
