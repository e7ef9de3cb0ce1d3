import Foundation
import Synchronization
import Testing
@testable import Lessons

@Suite struct ProgressStoreTests {
    /// A fresh directory; callers `defer` its removal (a class with deinit could go as soon as its last use).
    struct Dir {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kape-store-\(UUID().uuidString)").path
        init() { try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        func remove() { try? FileManager.default.removeItem(atPath: path) }
    }

    final class Reports: Sendable {
        private let items = Mutex<[String]>([])
        func add(_ s: String) { items.withLock { $0.append(s) } }
        var all: [String] { items.withLock { $0 } }
    }

    static let utc: Calendar = {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = TimeZone(identifier: "UTC")!
        return c
    }()

    @Test func updatesPersistAndRoundTrip() throws {
        let dir = Dir()
        defer { dir.remove() }
        let store = ProgressStore(directory: dir.path)
        #expect(try store.read() == ProgressData())
        try store.update { $0.completeLesson("a", at: Date(timeIntervalSince1970: 1_800_000_000), calendar: Self.utc) }
        try store.update { $0.savePosition(lesson: "a", seconds: 12.5, at: Date(timeIntervalSince1970: 1_800_000_001)) }
        let data = try store.read()
        #expect(data.lessonsDone == ["a"] && data.points == 50 && data.positions["a"]?.seconds == 12.5)
        // A temporary file left by a crashed writer does not matter.
        #expect(FileManager.default.createFile(atPath: store.path + ".tmp", contents: Data("{garbage".utf8)))
        try store.update { $0.points += 1 }
        #expect(try store.read().points == 51)
    }

    @Test func damagedFileIsReportedAndKeptAside() throws {
        let dir = Dir()
        defer { dir.remove() }
        let reports = Reports()
        let store = ProgressStore(directory: dir.path, onDamaged: { reports.add($0) })
        let garbage = Data("{\"points\": 12, \"dictations\": [".utf8)
        #expect(FileManager.default.createFile(atPath: store.path, contents: garbage))
        try store.update { $0.points += 3 }
        #expect(reports.all.count == 1)
        let aside = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains(".damaged-") }
        #expect(aside.count == 1)
        #expect(FileManager.default.contents(atPath: dir.path + "/" + aside[0]) == garbage)
        #expect(try store.read().points == 3)
        #expect(reports.all.count == 1)  // the new file is fine
    }

    @Test func olderFilesReadAndNewerFilesAreRefusedUntouched() throws {
        let dir = Dir()
        defer { dir.remove() }
        let store = ProgressStore(directory: dir.path)
        #expect(FileManager.default.createFile(atPath: store.path, contents: Data("{\"version\": 1, \"points\": 7}".utf8)))
        #expect(try store.read().points == 7)
        let newer = Data("{\"version\": 3, \"points\": 9, \"somethingNew\": []}".utf8)
        #expect(FileManager.default.createFile(atPath: store.path, contents: newer))
        #expect(throws: ProgressError.self) { try store.update { $0.points += 1 } }
        #expect(FileManager.default.contents(atPath: store.path) == newer)
    }

    @Test func throwingUpdateWritesNothing() throws {
        let dir = Dir()
        defer { dir.remove() }
        let store = ProgressStore(directory: dir.path)
        try store.update { $0.points = 5 }
        struct Stop: Error {}
        #expect(throws: Stop.self) { try store.update { data in data.points = 99; throw Stop() } }
        #expect(try store.read().points == 5)
    }

    /// Figures for docs/LESSONS.md: a store with 1000 dictation phrases (and a 1000-phrase review pool).
    @Test func thousandPhraseStoreFigures() throws {
        let dir = Dir()
        defer { dir.remove() }
        let store = ProgressStore(directory: dir.path)
        var data = ProgressData()
        for i in 0..<1000 {
            let c = Comparison(reference: "Satz Nummer \(i): Wir fahren morgen nach München.",
                               typed: "satz nummer \(i) wir faren morgen nach munchen")
            data.recordDictation(c, lesson: "l\(i % 20)", cue: i, at: Date(timeIntervalSince1970: 1_800_000_000 + Double(i) * 600),
                                 calendar: Self.utc)
        }
        #expect(data.review.items.count == 1000)
        let clock = ContinuousClock()
        var save = Duration.zero, load = Duration.zero, update = Duration.zero
        let rounds = 10
        for _ in 0..<rounds {
            save += clock.measure { try? store.save(data) }
            var loaded = ProgressData()
            load += clock.measure { loaded = (try? store.read()) ?? ProgressData() }
            #expect(loaded == data)
            update += clock.measure { try? store.update { $0.points += 0 } }
        }
        let size = (try FileManager.default.attributesOfItem(atPath: store.path)[.size] as? Int) ?? 0
        print("FIGURE 1000-phrase store: \(size) bytes; save \(save / rounds), load \(load / rounds), locked update \(update / rounds)")
    }

    /// A file where the data folder should be: the message names it ("not a folder"), not Foundation's "error 512".
    @Test func aFileInThePlaceOfTheDataFolderIsNamed() throws {
        let dir = Dir()
        defer { dir.remove() }
        let file = dir.path + "/afile"
        #expect(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
        for directory in [file, file + "/deeper/kape"] {
            do {
                _ = try ProgressStore(directory: directory).update { $0.points += 1 }
                Issue.record("\(directory) was accepted")
            } catch let e as ProgressError {
                #expect(e.description.contains("\(file): not a folder"), "\(e)")
            }
        }
    }

    /// Reading makes nothing: with no data folder (a home that cannot be written), `stats` shows an empty store.
    @Test func readingWithoutADataFolderMakesNone() throws {
        let dir = Dir()
        defer { dir.remove() }
        let missing = dir.path + "/not/yet"
        #expect(try ProgressStore(directory: missing).read() == ProgressData())
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/not"))
    }
}
