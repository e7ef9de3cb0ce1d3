import Game
import GameScreens
import Testing
import TerminalUI
import WindowLayout

@Suite struct WindowLayoutTests {
    static let sizes = [(1920, 1080), (1080, 1920), (320, 240), (3840, 2160), (240, 320)]

    @Test(arguments: sizes) func everyScreenStaysOnTheScreen(size: (Int, Int)) {
        let (w, h) = size
        for (name, s) in Sessions.all() + Sessions.all(card: Sessions.long) {
            let scene = WindowLayout.scene(s, width: w, height: h, measure: StandInMeasure())
            #expect(scene.name == name)
            #expect(WindowLayout.name(s) == name)
            for shape in scene.shapes {
                let box: Box
                switch shape { case .fill(let b, _), .lock(let b, _): box = b; case .text(_, let b, _, _): box = b }
                #expect(box.x >= 0 && box.y >= 0 && box.maxX <= w && box.maxY <= h, "\(name) at \(w)×\(h): \(shape)")
            }
            for (text, box, points) in scene.textBoxes {
                #expect(StandInMeasure().width(text, points: points) <= box.w || box.w == w, "\(name) \(w)×\(h): '\(text)' wider than its box")
            }
        }
    }

    @Test(arguments: sizes) func aShortCardFillsAtLeastASixthOfTheHeight(size: (Int, Int)) throws {
        let (w, h) = size
        let s = try #require(Sessions.all().first { $0.0 == .card }?.1)
        let scene = WindowLayout.scene(s, width: w, height: h, measure: StandInMeasure())
        let card = try #require(scene.textBoxes.first { $0.0 == Sessions.short })
        #expect(card.2 * 6 >= h, "card '\(card.0)' at \(card.2) px in a \(w)×\(h) window")
    }

    @Test(arguments: sizes) func aLongCardIsWholeAndInside(size: (Int, Int)) throws {
        let (w, h) = size
        let s = try #require(Sessions.all(card: Sessions.long).first { $0.0 == .card }?.1)
        let scene = WindowLayout.scene(s, width: w, height: h, measure: StandInMeasure())
        // The card's lines are the texts between the status bar and the hints.
        let lines = scene.textBoxes.filter { $0.1.y > h / 10 && $0.1.maxY < h * 93 / 100 }
        let joined = lines.map(\.0).joined(separator: " ")
        let words = Sessions.long.split(separator: " ").map(String.init)
        // Every word is there unless the window is too small for 200 characters at the smallest size (then cut with …).
        if w >= 1080 { #expect(words.allSatisfy { joined.contains($0) }, "\(w)×\(h): \(joined)") }
        #expect(!lines.isEmpty)
    }

    @Test func textFitGrowsWithTheBoxAndBreaksLongWords() {
        let m = StandInMeasure()
        let small = TextFit.fit("Byrek me spinaq", in: Box(x: 0, y: 0, w: 200, h: 100), maxPoints: 1000, measure: m)
        let big = TextFit.fit("Byrek me spinaq", in: Box(x: 0, y: 0, w: 800, h: 400), maxPoints: 1000, measure: m)
        #expect(big.points > small.points)
        let word = TextFit.fit(String(repeating: "A", count: 80), in: Box(x: 0, y: 0, w: 100, h: 300), maxPoints: 300, measure: m)
        #expect(word.lines.count > 1)
        #expect(word.lines.allSatisfy { m.width($0, points: word.points) <= 100 })
        let none = TextFit.fit(String(repeating: "word ", count: 400), in: Box(x: 0, y: 0, w: 40, h: 10), maxPoints: 300, measure: m)
        #expect(none.lines.allSatisfy { m.width($0, points: none.points) <= 40 })
    }

    @Test func tapsBecomeTheKeysThatDoTheSame() {
        var s = Sessions.session()
        // The third deck tapped from the first: down, down, Enter, and its round starts.
        for k in TouchKeys.keys(for: .entry(2), in: s) { _ = s.key(k, at: 0) }
        #expect(s.screen == .round && s.deck?.id == "b")
        var menu = Sessions.session()
        for k in TouchKeys.keys(for: .entry(3), in: menu) { _ = menu.key(k, at: 0) }
        #expect(menu.screen == .settings)
        for k in TouchKeys.keys(for: .setting(1), in: menu) { _ = menu.key(k, at: 0) }
        #expect(menu.settings.rumble == false && menu.settings.sound == true)
        #expect(TouchKeys.keys(for: .pauseToggle, in: menu).isEmpty)
    }

    @Test func landscapeAndPortraitLayOutTheDecksDifferently() {
        let s = Sessions.session()
        let wide = WindowLayout.scene(s, width: 1920, height: 1080, measure: StandInMeasure())
        let tall = WindowLayout.scene(s, width: 1080, height: 1920, measure: StandInMeasure())
        let wideTiles = wide.targets.compactMap { if case .entry(let i) = $0.target, i < 3 { $0.box } else { nil } }
        let tallTiles = tall.targets.compactMap { if case .entry(let i) = $0.target, i < 3 { $0.box } else { nil } }
        #expect(Set(wideTiles.map(\.y)).count == 1)  // one row
        #expect(Set(tallTiles.map(\.x)).count == 1)  // one column
        #expect(wide.shapes.contains { if case .lock = $0 { true } else { false } })
    }
}
