import Foundation
import Game
import GameScreens
import TerminalUI
import Testing

/// Every game screen fits 40×12 and 60×15: exactly `rows` rows, none wider than the terminal, and what a player
/// needs (▶, the buttons, the key help) on screen.
@Suite struct SmallScreenTests {
    static let sizes = [(40, 12), (60, 15)]

    func session() -> GameSession {
        let decks = (0..<5).map { Deck(id: "d\($0)", title: "Kuvertë \($0) me emër të gjatë", description: String(repeating: "fjalë ", count: 12),
                                       vip: $0 == 0, cards: ["Byrek me spinaq dhe gjizë", "b", "c"]) }
        return GameSession(decks: decks, locked: decks.map(\.vip), settings: GameSettings(), input: .keyboard) { $0.cards }
    }

    func lines(_ s: GameSession, _ cols: Int, _ rows: Int) -> [String] {
        let plain = FrameRenderer.render(s, columns: cols, rows: rows)
            .replacingOccurrences(of: "\u{1B}\\[[0-9;?]*[A-Za-z]", with: "", options: .regularExpression)
        return plain.components(separatedBy: "\r\n")
    }

    @Test(arguments: sizes) func everyScreenFits(columns: Int, rows: Int) {
        var s = session()
        func check(_ what: String, _ needles: [String]) {
            let l = lines(s, columns, rows)
            #expect(l.count == rows, "\(what): \(l.count) rows")
            #expect(l.allSatisfy { TextCells.width($0) <= columns }, "\(what): a row is too wide")
            let words = l.joined(separator: " ").split(separator: " ").joined(separator: " ")
            for n in needles { #expect(words.contains(n), "\(what) at \(columns)×\(rows): no \(n)\n\(l.joined(separator: "\n"))") }
        }
        for i in 0..<(s.decks.count + GameSession.menuItems.count) {
            check("browser item \(i)", ["▶", "q: dil"])
            _ = s.key(.down, at: 0)
        }
        _ = s.key(.enter, at: 0)  // the locked VIP deck: its code screen
        check("VIP code screen", ["kodin e hapjes", "Esc: mbrapa"])
        _ = s.key(.escape, at: 0)
        _ = s.startRound(deckID: "d1", at: 0)
        check("countdown", ["Bëhu gati", "q dil"])
        _ = s.tick(at: 4)
        check("card", ["BYREK"])
        _ = s.key(.char("q"), at: 5)
        check("leave?", ["j: jo"])
        _ = s.key(.char("j"), at: 5)
        _ = s.tick(at: 200)
        check("results", ["Luaj", "Mbrapa", "Rezultati"])
    }
}
