import Foundation
import Testing

/// `kape word --save`, `kape words` and saved words in `kape review`, through the binary, in a private data home.
@Suite struct VocabularyCLITests {
    let home = try! TemporaryDirectory()
    var env: [String: String] { ["XDG_DATA_HOME": home.path("data"), "KAPE_NOW": "1795000000", "TZ": "UTC"] }

    @Test func saveListExportReviewRemove() throws {
        let s = try KapeRun.run(["word", "möchte", "--save", "--sentence", "Ich möchte sechs Brötchen.", "--lesson", "beim-baecker"], environment: env)
        #expect(s.status == 0, "\(s.stderr)")
        #expect(s.stdout.hasSuffix("saved mögen to your words\n"))
        let list = try KapeRun.run(["words", "--json"], environment: env)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any])
        #expect(object["word"] as? String == "möchte" && object["headword"] as? String == "mögen")
        #expect(object["sentence"] as? String == "Ich möchte sechs Brötchen." && object["lesson"] as? String == "beim-baecker")
        #expect(object["at"] as? Int == 1_795_000_000 && object["level"] as? Int == 1)
        // Anki TSV through the one output writer.
        let out = home.path("words.tsv")
        #expect(try KapeRun.run(["words", "export", "-o", out], environment: env).status == 0)
        let tsv = try String(contentsOfFile: out, encoding: .utf8)
        #expect(tsv.contains("\nmögen (möchte)\tmay /mˈøːɡən/\tIch möchte sechs Brötchen.\tkape beim-baecker\n"))
        // Due the next day as a word item; the typed German word is scored.
        var later = env
        later["KAPE_NOW"] = String(1_795_000_000 + 3 * 86_400)
        let listed = try KapeRun.run(["review", "--list", "--json"], environment: later)
        #expect(listed.stdout.contains("\"kind\": \"word\", \"reference\": \"mögen\""))
        let answers = home.path("answers.txt")
        try "mögen\n".write(toFile: answers, atomically: false, encoding: .utf8)
        let review = try KapeRun.run(["review", "--answers", answers, "--json"], environment: later)
        #expect(review.status == 0, "\(review.stderr)")
        #expect(review.stdout.contains("\"accuracy\": 1"))
        let after = try KapeRun.run(["words", "--json"], environment: later)
        #expect(after.stdout.contains("\"level\": 1") && !after.stdout.contains("\"due\": \"2026-11-19\""))
        let gone = try KapeRun.run(["words", "remove", "mögen"], environment: env)
        #expect(gone.status == 0 && gone.stdout == "removed 1 word\n")
        #expect(try KapeRun.run(["words", "--json"], environment: env).stdout.isEmpty)
        #expect(try KapeRun.run(["words", "remove", "mögen"], environment: env).status == 1)
    }

    /// Two processes saving at once: the lock serialises them, so no word is lost.
    @Test func twoProcessesSavingLoseNothing() throws {
        let a = ["Haus", "Brötchen", "gehen", "Kaffee", "Wasser", "Tisch"], b = ["Stuhl", "Brot", "Milch", "Zucker", "Straße", "Bahnhof"]
        let group = DispatchGroup()
        let failures = Failures()
        let env = self.env
        for list in [a, b] {
            group.enter()
            Thread.detachNewThread {
                for w in list {
                    if let r = try? KapeRun.run(["word", w, "--save"], environment: env), r.status != 0 { failures.add("\(w): \(r.stderr)") }
                }
                group.leave()
            }
        }
        group.wait()
        #expect(failures.all.isEmpty, "\(failures.all)")
        let list = try KapeRun.run(["words", "--json"], environment: env)
        #expect(list.stdout.split(separator: "\n").count == a.count + b.count)
    }

    final class Failures: @unchecked Sendable {
        private var items: [String] = []
        private let lock = NSLock()
        func add(_ s: String) { lock.lock(); items.append(s); lock.unlock() }
        var all: [String] { lock.lock(); defer { lock.unlock() }; return items }
    }
}
