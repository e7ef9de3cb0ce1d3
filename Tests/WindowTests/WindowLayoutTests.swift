import Game
import GameScreens
import Testing
import TerminalUI
import WindowLayout

@Suite struct WindowLayoutTests {
    static let sizes = [(1920, 1080), (1080, 1920), (320, 240), (3840, 2160), (240, 320)]

    @Test(arguments: sizes) func everyScreenStaysOnTheScreen(size: (Int, Int)) {
        let (w, h) = size
        for (name, s) in Sessions.all() + Sessions.all(card: Sessions.long) + Sessions.more() + Sessions.more(card: Sessions.long) {
            let scene = WindowLayout.scene(s, width: w, height: h, measure: StandInMeasure())
            #expect(scene.name == name)
            #expect(WindowLayout.name(s) == name)
            for shape in scene.shapes {
                let box: Box
                switch shape { case .fill(let b, _), .lock(let b, _), .picture(_, let b): box = b; case .text(_, let b, _, _): box = b }
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

/// The results of a long round scroll, a party's results show the scoreboard, and the results card has a screen:
/// by keys, by a swipe, by a tap, at every size.
@Suite struct WindowMoreScreensTests {
    static func texts(_ scene: Scene) -> [String] { scene.textBoxes.map(\.0) }

    @Test(arguments: WindowLayoutTests.sizes) func aLongResultsListScrollsAndNeverLeavesTheScreen(size: (Int, Int)) throws {
        let (w, h) = size
        let m = StandInMeasure()
        var s = Sessions.longResults()
        let first = WindowLayout.scene(s, width: w, height: h, measure: m)
        let limit = try #require(first.scrollLimit, "70 answers fit at \(w)×\(h)?")
        #expect(limit > 0 && first.scrollStep > 0)
        #expect(Self.texts(first).contains { $0.hasPrefix("▼") } && !Self.texts(first).contains { $0.hasPrefix("▲") })
        #expect(Self.texts(first).contains(Sessions.short))
        // Down a row: the first card goes above.
        _ = s.key(.down, at: 80)
        let second = WindowLayout.scene(s, width: w, height: h, measure: m)
        #expect(!Self.texts(second).contains(Sessions.short) && Self.texts(second).contains { $0.hasPrefix("▲") })
        // A swipe up is a page of rows; to the end, where ▼ is gone and the last card is shown.
        for _ in 0..<50 { for k in TouchKeys.keys(swipeUp: true, in: s, scene: second) { _ = s.key(k, at: 80) } }
        s.limitResultScroll(to: limit)
        let end = WindowLayout.scene(s, width: w, height: h, measure: m)
        #expect(!Self.texts(end).contains { $0.hasPrefix("▼") }, "\(Self.texts(end))")
        let lastCorrect = try #require(s.round?.result.answers.last { $0.outcome == .correct }?.card)
        #expect(Self.texts(end).contains(lastCorrect))
        // One ↑ at the end moves the list at once.
        _ = s.key(.up, at: 80)
        #expect(s.resultScroll == limit - 1)
    }

    @Test func aPartysResultsShowEveryPlayersPointsAndTheVerdict() throws {
        let (_, s) = try #require(Sessions.more().first { $0.1.party != nil })
        let p = try #require(s.party)
        let scene = WindowLayout.scene(s, width: 1920, height: 1080, measure: StandInMeasure())
        let texts = Self.texts(scene)
        // Teuta's 🎉 is not in the stand-in font: her name without it.
        for name in ["Ana", "Blerim", "Teuta"] { #expect(texts.contains(name), "\(texts)") }
        #expect(texts.contains(FrameRenderer.scoreboardText(p).verdict))
        #expect(texts.contains { $0.contains("Rezultati") && $0.contains("Ana") }, "whose round it was")
        #expect(p.standings.first?.name == "Ana" && texts.contains("1"))
    }

    @Test(arguments: WindowLayoutTests.sizes) func theShareScreenShowsTheCardWholeAndWhereItWent(size: (Int, Int)) throws {
        let (w, h) = size
        let (_, s) = try #require(Sessions.more().first { $0.0 == .share })
        let scene = WindowLayout.scene(s, width: w, height: h, measure: StandInMeasure())
        let picture = try #require(scene.shapes.compactMap { if case .picture(let c, let b) = $0 { (c, b) } else { nil } }.first)
        #expect(picture.0.width == ShareCard.width && picture.1.x >= 0 && picture.1.maxX <= w && picture.1.maxY <= h)
        // Its proportions kept (9:16, within a pixel of rounding).
        #expect(abs(picture.1.w * 16 - picture.1.h * 9) <= 16, "\(picture.1)")
        #expect(Self.texts(scene).joined(separator: " ").contains("Pictures"))
        // A tap anywhere, like any key, goes back to the results.
        var back = s
        let target = try #require(scene.target(x: w / 2, y: h / 2))
        for k in TouchKeys.keys(for: target, in: back) { _ = back.key(k, at: 90) }
        #expect(back.screen == .result && back.shareCard == nil)
    }

    @Test func theThirdResultsButtonSharesByTapAsTheKeyDoes() throws {
        var s = Sessions.longResults()
        let effects = TouchKeys.keys(for: .resultButton(2), in: s).flatMap { s.key($0, at: 80) }
        #expect(effects == [.share(deck: "mix", result: s.round!.result)])
        #expect(s.screen == .share && s.shareCard != nil)
        // From the second button, "Luaj" is two steps to the right, round and round.
        var t = Sessions.longResults()
        _ = t.key(.right, at: 80)
        #expect(TouchKeys.keys(for: .resultButton(0), in: t) == [.right, .right, .enter])
    }

    @Test func aSwipePagesTheDecksAndStopsAtTheEnds() {
        let decks = (0..<12).map { Deck(id: "d\($0)", title: "Deku \($0)", cards: ["a"]) }
        var s = GameSession(decks: decks, locked: Array(repeating: false, count: 12), settings: GameSettings(), input: .keyboard) { $0.cards }
        let scene = WindowLayout.scene(s, width: 320, height: 240, measure: StandInMeasure())
        #expect(scene.scrollStep > 0 && scene.scrollStep < 12)
        #expect(TouchKeys.keys(swipeUp: false, in: s, scene: scene).isEmpty, "nothing above the first deck")
        for k in TouchKeys.keys(swipeUp: true, in: s, scene: scene) { _ = s.key(k, at: 0) }
        #expect(s.selected == scene.scrollStep)
        for _ in 0..<10 { for k in TouchKeys.keys(swipeUp: true, in: s, scene: scene) { _ = s.key(k, at: 0) } }
        #expect(s.selected == 11, "the last deck, not the menu")
    }

    @Test func theVIPScreenHasButtonsForTouch() throws {
        let (_, s) = try #require(Sessions.all().first { $0.0 == .vip })
        let scene = WindowLayout.scene(s, width: 1080, height: 1920, measure: StandInMeasure())
        let targets = scene.targets.map(\.target)
        #expect(targets.contains(.press(.enter)) && targets.contains(.paste) && targets.contains(.press(.escape)))
        var back = s
        let esc = try #require(scene.targets.first { $0.target == .press(.escape) })
        for k in TouchKeys.keys(for: esc.target, in: back) { _ = back.key(k, at: 0) }
        #expect(back.screen == .browser)
    }
}
