import Foundation
import Testing
import Platform
@testable import Dictionary

/// Damaged dictionaries made from the real one: every failure names the file (and the line) and what was expected.
@Suite struct DamagedDictionaryTests {
    let dir: String
    static let real = FreeDict.defaultDirectory + "/freedict-deu-eng"

    init() throws {
        dir = NSTemporaryDirectory() + "kape-dict-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    /// The real index's lines from `first` through `count` lines (a small index over the real text).
    func indexLines(from first: String, count: Int) throws -> [String] {
        let all = try String(contentsOfFile: Self.real + ".index", encoding: .utf8).split(separator: "\n")
        let start = try #require(all.firstIndex { $0.hasPrefix(first + "\t") })
        return all[start..<(start + count)].map(String.init)
    }

    func write(_ lines: [String], dict: String? = nil) throws {
        try (lines.joined(separator: "\n") + "\n").write(toFile: dir + "/freedict-test.index", atomically: false, encoding: .utf8)
        if let dict { try FileManager.default.copyItem(atPath: dict, toPath: dir + "/freedict-test.dict.dz") }
        else { try FileManager.default.createSymbolicLink(atPath: dir + "/freedict-test.dict.dz", withDestinationPath: Self.real + ".dict.dz") }
    }

    func error(_ body: () throws -> Void) -> String? {
        do { try body() } catch { return "\(error)" }
        return nil
    }

    @Test func aSmallIndexOverTheRealTextReads() throws {
        try write(try indexLines(from: "gehen", count: 40))
        let d = try FreeDict(name: "test", directory: dir)
        #expect(try d.entries("gehen").count == 11)
    }

    @Test func aLineOutOfOrderIsNamedWithItsLine() throws {
        var lines = try indexLines(from: "gehen", count: 40)
        lines.swapAt(2, 30)  // a later headword among the gehen lines, a gehen line further down
        try write(lines)
        let d = try FreeDict(name: "test", directory: dir)
        let message = try #require(error { _ = try d.entries("gehen") })
        #expect(message.hasPrefix(dir + "/freedict-test.index:"))
        #expect(message.contains("out of order"))
    }

    @Test func anOffsetPastTheEndIsNamed() throws {
        let past = DictBase64.encode(200_000_000)
        try write(["haus\t\(past)\tBA"])
        let d = try FreeDict(name: "test", directory: dir)
        let message = try #require(error { _ = try d.entries("Haus") })
        #expect(message.hasPrefix(dir + "/freedict-test.index:1: "))
        #expect(message.contains("past the end"))
        #expect(message.contains("freedict-test.dict.dz"))
    }

    @Test func aLineWithoutItsFieldsIsNamed() throws {
        try write(["haus vyre ey"])
        let message = try #require(error { _ = try FreeDict(name: "test", directory: dir).entries("haus vyre ey") })
        #expect(message == dir + "/freedict-test.index:1: expected `headword TAB offset TAB length`, found 1 field(s)")
    }

    @Test func aTruncatedDictzipIsRefusedAtOpen() throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.real + ".dict.dz"))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: dir + "/half.dz"))
        try write(try indexLines(from: "haus", count: 7), dict: dir + "/half.dz")
        let message = try #require(error { _ = try FreeDict(name: "test", directory: dir) })
        #expect(message.hasPrefix(dir + "/freedict-test.dict.dz: truncated"))
    }

    @Test func aDamagedChunkIsNamed() throws {
        var bytes = try Data(contentsOf: URL(fileURLWithPath: Self.real + ".dict.dz"))
        // Overwrite the middle of the file (inside some chunk) with a run of 0xFF: not valid deflate.
        let mid = bytes.count / 2
        bytes.replaceSubrange(mid..<(mid + 4096), with: [UInt8](repeating: 0xFF, count: 4096))
        try bytes.write(to: URL(fileURLWithPath: dir + "/bad.dz"))
        let reader = try DictzipReader(path: dir + "/bad.dz")
        // Read chunk after chunk: one of them holds the damage.
        var found: String?
        var offset = 0
        while offset < reader.capacity, found == nil {
            found = error { _ = try reader.read(offset: offset, length: 16) }
            offset += reader.chunkLength
        }
        let message = try #require(found)
        #expect(message.hasPrefix(dir + "/bad.dz: chunk "))
        #expect(message.contains("damaged"))
    }

    @Test func notDictzipAndMissingAreNamed() throws {
        try "plain text\n".write(toFile: dir + "/plain.dz", atomically: false, encoding: .utf8)
        #expect(error { _ = try DictzipReader(path: dir + "/plain.dz") } == dir + "/plain.dz: not a gzip file (expected dictzip, .dict.dz)")
        let missing = try #require(error { _ = try FreeDict(name: "xx-yy", directory: dir) })
        #expect(missing.contains("install Debian's dict-freedict-xx-yy"))
    }

    @Test func emptyIndexFindsNothing() throws {
        try write([])
        try "".write(toFile: dir + "/freedict-test.index", atomically: false, encoding: .utf8)
        let d = try FreeDict(name: "test", directory: dir)
        #expect(try d.entries("haus").isEmpty)
        #expect(try d.suggestions("haus").isEmpty)
    }
}
