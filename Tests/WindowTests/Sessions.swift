import Game
import GameScreens
import Motion
import TerminalUI
import WindowLayout

/// Sessions on every screen the window draws, for layout and pixel tests.
enum Sessions {
    static let short = "Era"
    static let long = String(repeating: "Një kartë shumë e gjatë me fjalë të shumta 🎉 ", count: 5).prefix(200).description

    static func decks(_ card: String = short) -> [Deck] {
        [Deck(id: "mix", title: "Mix Shqip", description: "Gjithçka", icon: "🇦🇱", difficulty: "e lehtë", cards: [card, "Byrek", "Tavë kosi"]),
         Deck(id: "vip", title: "Dasma Shqiptare", description: "VIP", icon: "💍", difficulty: "e vështirë", cards: ["Krushqit"]),
         Deck(id: "b", title: "Gurbet", icon: "✈", cards: ["Pasaporta"])]
    }

    static func session(_ card: String = short) -> GameSession {
        GameSession(decks: decks(card), locked: [false, true, false], settings: GameSettings(), input: .keyboard) { $0.cards }
    }

    /// Every screen, by the name the window gives it.
    static func all(card: String = short) -> [(SceneName, GameSession)] {
        var out: [(SceneName, GameSession)] = []
        var s = session(card)
        out.append((.browser, s))
        var vip = s
        _ = vip.key(.down, at: 0); _ = vip.key(.enter, at: 0)
        out.append((.vip, vip))
        var settings = s
        for _ in 0..<3 { _ = settings.key(.down, at: 0) }
        _ = settings.key(.enter, at: 0)
        out.append((.settings, settings))
        _ = s.startRound(deckID: "mix", at: 0)
        out.append((.countdown, s))
        _ = s.tick(at: 3.5)
        out.append((.card, s))
        var correct = s
        _ = correct.gesture(.correct, at: 4)
        out.append((.correct, correct))
        var pass = s
        _ = pass.gesture(.pass, at: 4)
        out.append((.pass, pass))
        var paused = s
        _ = paused.key(.space, at: 4)
        out.append((.paused, paused))
        var warning = correct
        _ = warning.tick(at: 54)
        out.append((.warning, warning))
        var results = correct
        _ = results.gesture(.pass, at: 10)
        _ = results.tick(at: 70)
        out.append((.results, results))
        return out
    }

    /// The screens the first window left out: the results of a long round (scrolled), a party's results with the
    /// scoreboard, and the share screen.
    static func more(card: String = short) -> [(SceneName, GameSession)] {
        let long = longResults(card: card)
        var party = session(card)
        party.party = Party(names: ["Ana", "Blerim", "Teuta 🎉"])
        _ = party.startRound(deckID: "mix", at: 0)
        _ = party.gesture(.correct, at: 4)
        _ = party.tick(at: 70)
        var share = long
        _ = share.key(.char("s"), at: 80)
        share.notice = "Karta e rezultatit u ruajt: /home/ana/Pictures/kape-mix-20261125-231500.png"
        return [(.results, long), (.results, party), (.share, share)]
    }

    /// A round of 70 answers (two correct for each pass), the 200-character card with emoji among them.
    static func longResults(card: String = short) -> GameSession {
        let cards = [card] + (1...90).map { "Karta \($0) 🎈" }
        var s = GameSession(decks: [Deck(id: "mix", title: "Mix Shqip", icon: "🇦🇱", cards: cards)], locked: [false],
                            settings: GameSettings(), input: .motion("test")) { $0.cards }
        _ = s.startRound(deckID: "mix", at: 0)
        for i in 0..<70 { _ = s.gesture(i % 3 == 2 ? .pass : .correct, at: 3.5 + Double(i) * 0.8) }
        _ = s.tick(at: 70)
        return s
    }
}

/// Widths of a typical bold sans without a font file: 0.62 em a character, lines 1.17 em apart.
struct StandInMeasure: TextMeasure {
    func width(_ text: String, points: Int) -> Int { (text.count * points * 62 + 99) / 100 }
    func lineHeight(points: Int) -> Int { (points * 117 + 99) / 100 }
    func renders(_ text: String) -> Bool { text.unicodeScalars.allSatisfy { $0.value < 0x2000 } }
}
