import Foundation
import Testing
import Dictionary
import Language
import Lessons
import Platform

/// Every token of every shipped lesson looked up as the shadow screen would: the share that reaches an article
/// (goal ≥ 95 %), with the warm lookup time printed as a figure (not asserted).
@Suite struct LessonCoverageTests {
    static var root: String {
        var dir = #filePath
        for _ in 0..<3 { dir = String(dir[..<dir.lastIndex(of: "/")!]) }
        return dir
    }

    @Test func shippedLessonsTokensReachAnEntry() throws {
        let lessons = try Lesson.scan(Self.root + "/lessons").map(Lesson.init)
        #expect(lessons.count >= 3)
        let lookup = WordLookup(dictionary: try FreeDict(name: "deu-eng"), stemmer: HunspellStemmer())
        var tokens: [String] = []
        for lesson in lessons {
            for cue in lesson.transcript.cues { tokens += WordTokens.split(cue.text).map(\.text) }
        }
        var found = 0, missed: [String] = []
        var times: [UInt64] = []
        for t in tokens {
            let start = MonotonicClock.nanos()
            let result = try lookup.lookup(t)
            times.append(MonotonicClock.nanos() - start)
            if result != nil { found += 1 } else { missed.append(t) }
        }
        times.sort()
        let share = Double(found) / Double(tokens.count)
        print("FIGURE words: \(found) of \(tokens.count) lesson tokens reach an entry (\(String(format: "%.1f", share * 100)) %); missed: \(missed.joined(separator: ", "))")
        print("FIGURE words: warm lookup p50 \(String(format: "%.2f", Double(times[times.count / 2]) / 1e6)) ms, p99 \(String(format: "%.2f", Double(times[times.count * 99 / 100]) / 1e6)) ms, max \(String(format: "%.2f", Double(times.last!) / 1e6)) ms (debug build)")
        #expect(share >= 0.95, "missed: \(missed)")
    }

    /// The reader's own memory: pages added by opening the dictionary and looking up every lesson token (no
    /// Hunspell), as a figure: anonymous (the reader's allocations) and file-backed (mapped index and text pages
    /// the searches touched: page cache the kernel may drop at any time).
    @Test func readerMemoryFigure() throws {
        func pages() -> (anonymous: Int, file: Int) {
            let f = ((try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? "").split(separator: " ").compactMap { Int($0) }
            let size = Int(sysconf(Int32(_SC_PAGESIZE)))
            return f.count > 2 ? ((f[1] - f[2]) * size, f[2] * size) : (0, 0)
        }
        func mib(_ bytes: Int) -> String { String(format: "%.1f", Double(bytes) / 1_048_576) }
        let lessons = try Lesson.scan(Self.root + "/lessons").map(Lesson.init)
        let tokens = lessons.flatMap { $0.transcript.cues.flatMap { WordTokens.split($0.text).map(\.text) } }
        let before = pages()
        let lookup = WordLookup(dictionary: try FreeDict(name: "deu-eng"), stemmer: nil)
        for t in tokens { _ = try lookup.lookup(t) }
        let after = pages()
        print("FIGURE words: the dictionary reader after \(tokens.count) lookups: +\(mib(after.anonymous - before.anonymous)) MiB anonymous, "
              + "+\(mib(after.file - before.file)) MiB of mapped file pages (index 12.7 MB and text 16.7 MB on disk)")
        #expect(after.anonymous - before.anonymous < 16 << 20)
    }

    @Test func tokensKeepInnerHyphensAndApostrophes() {
        #expect(WordTokens.split("„Geht's?“ – Ja, per E-Mail.").map(\.text) == ["Geht's", "Ja", "per", "E-Mail"])
        #expect(WordTokens.split("Ich möchte 2 Brötchen.").map(\.start) == [0, 4, 11, 13])
        #expect(WordTokens.split("").isEmpty)
        #expect(WordTokens.split("😀 - …").isEmpty)
    }
}
