import Foundation
import Lessons
import Platform

/// What `kape lessons` shows of each lesson, kept between runs in `$XDG_CACHE_HOME/kape/lessons-list.json` (else
/// `~/.cache/kape`) so a listing reads a transcript again only when it changed: twelve 15 MB transcripts took
/// 19 s to list every time. An entry is valid while its transcript and its audio have the same device, inode,
/// size, modification and change times (a change time cannot be set back). A cache that cannot be read or
/// written is ignored: it only saves time.
struct LessonListCache {
    /// One lesson's row, as computed from its files.
    struct Row: Codable, Equatable {
        var cues: Int
        var seconds: Double?
        var audioProblem: String?
        /// The transcript's warnings and those of cues past the end of the audio, as printed.
        var warnings: [String]
    }

    private struct Entry: Codable {
        var transcript: [Int64]
        var audio: [Int64]
        var row: Row
    }

    /// Entries kept (more lessons than a folder may hold, for a few folders).
    static let maxEntries = 20_000

    let path: String?
    private var entries: [String: Entry] = [:]
    private var changed = false

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let base = environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 + "/.cache" : nil }
        path = base.map { $0 + "/kape/lessons-list.json" }
        if let path, let bytes = try? InputFile.readIfPresent(path, as: .history),
           let decoded = try? JSONDecoder().decode([String: Entry].self, from: Data(bytes)) {
            entries = decoded
        }
    }

    /// Device, inode, size, modification and change times (ns); nil when it cannot be looked at.
    static func stamp(_ path: String) -> [Int64]? { FileIdentity.version(of: path) }

    /// The cached row of `entry`, or `compute()`'s (then kept); nil when `compute` has none (the lesson is skipped).
    mutating func row(for entry: LessonEntry, compute: () -> Row?) -> Row? {
        let t = Self.stamp(entry.transcriptPath), a = Self.stamp(entry.audioPath)
        if let t, let a, let hit = entries[entry.transcriptPath], hit.transcript == t, hit.audio == a { return hit.row }
        guard let row = compute() else { return nil }
        if let t, let a {
            entries[entry.transcriptPath] = Entry(transcript: t, audio: a, row: row)
            changed = true
        }
        return row
    }

    /// Writes the cache when it changed (atomically); quietly does nothing when it cannot.
    func save() {
        guard changed, let path else { return }
        // Lessons whose transcript is gone (a removed folder, a test's temporary one) are dropped.
        var kept = entries.filter { FileIdentity.exists($0.key) }
        if kept.count > Self.maxEntries {
            for key in kept.keys.sorted().dropFirst(Self.maxEntries) { kept[key] = nil }
        }
        guard let bytes = try? JSONEncoder().encode(kept) else { return }
        try? makeFolders((path as NSString).deletingLastPathComponent)
        try? OutputFile.write(Array(bytes), to: path)
    }
}
