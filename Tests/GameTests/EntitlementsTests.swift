import Foundation
import Testing
@testable import Game

/// The local entitlements file unlocks VIP decks. One that is there but unreadable or of the wrong shape unlocked
/// nothing without a word; now it says why, so `kape decks` and `kape play` can warn.
@Suite struct EntitlementsTests {
    @Test func aDamagedFileSaysWhyAndUnlocksNothing() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("kape-ent-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/entitlements.json"
        #expect(LocalStore(path: path).problem == nil && LocalStore(path: path).unlocked.isEmpty, "no file: nothing, quietly")
        try #"{"unlocked": ["dasma"]}"#.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(LocalStore(path: path).unlocked == ["dasma"] && LocalStore(path: path).problem == nil)
        for damaged in ["", "not json", #"{"unlocked": "dasma"}"#] {
            try damaged.write(toFile: path, atomically: true, encoding: .utf8)
            let store = LocalStore(path: path)
            #expect(store.unlocked.isEmpty)
            #expect(store.problem?.contains(path) == true && store.problem?.contains("VIP decks stay locked") == true, "\(store.problem ?? "nil")")
        }
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        #expect(LocalStore(path: path).problem?.contains(path) == true, "a folder in its place")
    }
}
