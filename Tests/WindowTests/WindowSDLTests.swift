import CSDL2
import Foundation
import Game
@testable import GameRuntime
import GameScreens
import GameWindow
import Glibc
import Testing
import TerminalUI
import WindowLayout

/// SDL and FreeType are one per process: every test that draws runs here, one at a time, with SDL's software
/// renderer (offscreen surfaces, and the dummy video driver for the window).
@Suite(.serialized) struct WindowSDLTests {
    static let font = (try? FontFile.find(environment: nil)) ?? ""
    static let sizes = [(1920, 1080), (1080, 1920), (320, 240)]

    struct Pixels: CustomStringConvertible {
        let w, h: Int
        var description: String { "\(w)×\(h) pixels" }
        let rgb: [UInt8]
        func at(_ x: Int, _ y: Int) -> RGB { let i = (y * w + x) * 3; return RGB(rgb[i], rgb[i + 1], rgb[i + 2]) }
        /// Rows and columns holding a pixel unlike `background` inside `area`.
        func ink(not background: RGB, in area: Box) -> Box? {
            var x0 = Int.max, y0 = Int.max, x1 = -1, y1 = -1
            for y in area.y..<area.maxY { for x in area.x..<area.maxX where at(x, y) != background {
                x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x); y1 = max(y1, y)
            } }
            return x1 < 0 ? nil : Box(x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1)
        }
        /// The outermost ring of pixels: all background means nothing was cut at the screen's edge.
        func edgeIsClear(_ background: RGB) -> Bool {
            (0..<w).allSatisfy { at($0, 0) == background && at($0, h - 1) == background }
                && (0..<h).allSatisfy { at(0, $0) == background && at(w - 1, $0) == background }
        }
    }

    func render(_ s: GameSession, _ w: Int, _ h: Int) throws -> (Scene, Pixels) {
        let frame = try OffscreenFrame(width: w, height: h, fontPath: Self.font)
        let scene = WindowLayout.scene(s, width: w, height: h, measure: frame.painter)
        frame.draw(scene)
        return (scene, Pixels(w: w, h: h, rgb: frame.rgb()))
    }

    @Test(arguments: sizes) func everyScreenIsDrawnInsideTheWindow(size: (Int, Int)) throws {
        let (w, h) = size
        for card in [Sessions.short, Sessions.long] {
            for (name, s) in Sessions.all(card: card) {
                let (scene, px) = try render(s, w, h)
                #expect(scene.name == name)
                #expect(px.edgeIsClear(scene.background), "\(name) at \(w)×\(h): something touches the edge")
                let drawn = stride(from: 0, to: w * h, by: 13).contains { px.at($0 % w, $0 / w) != scene.background }
                #expect(drawn, "\(name) at \(w)×\(h) is empty")
            }
        }
    }

    @Test(arguments: sizes) func aShortCardIsAtLeastASixthOfTheHeight(size: (Int, Int)) throws {
        let (w, h) = size
        let s = try #require(Sessions.all().first { $0.0 == .card }?.1)
        let (_, px) = try render(s, w, h)
        // Between the status bar and the hints: the card's own ink.
        let ink = try #require(px.ink(not: .black, in: Box(x: 0, y: h * 12 / 100, w: w, h: h * 80 / 100)))
        #expect(ink.h * 6 >= h, "'\(Sessions.short)' is \(ink.h) px tall in a \(w)×\(h) window")
        #expect(ink.x > 0 && ink.maxX < w)
    }

    @Test(arguments: sizes) func flashesFillTheScreenWithTheirColourAndSymbol(size: (Int, Int)) throws {
        let (w, h) = size
        for (name, colour) in [(SceneName.correct, RGB.neon), (.pass, .orange)] {
            let s = try #require(Sessions.all().first { $0.0 == name }?.1)
            let (_, px) = try render(s, w, h)
            let total = w * h
            let coloured = stride(from: 0, to: total, by: 7).filter { px.at($0 % w, $0 / w) == colour }.count
            #expect(coloured * 7 > total * 3 / 4, "\(name): \(coloured * 7) of \(total) pixels \(colour)")
            // The symbol (✓ or →), in black, in the middle: not colour alone.
            #expect(px.ink(not: colour, in: Box(x: w / 4, y: h / 4, w: w / 2, h: h / 3)) != nil)
        }
        let warning = try #require(Sessions.all().first { $0.0 == .warning }?.1)
        let (_, px) = try render(warning, w, h)
        let red = stride(from: 0, to: w * h, by: 5).filter { px.at($0 % w, $0 / w) == .red }.count
        #expect(red * 5 > w * h / 20, "the warning band")
    }

    /// The screens the first window left out (a long round's results, a party's, the share screen), with a short
    /// and the 200-character card: every text at its size as the real font measures it fits its box, no pixel is
    /// drawn where the layout put nothing, and nothing touches the edge.
    @Test(arguments: sizes) func theNewScreensKeepEveryTextWholeAndInside(size: (Int, Int)) throws {
        let (w, h) = size
        for card in [Sessions.short, Sessions.long] {
            for (name, s) in Sessions.more(card: card) {
                let frame = try OffscreenFrame(width: w, height: h, fontPath: Self.font)
                let scene = WindowLayout.scene(s, width: w, height: h, measure: frame.painter)
                frame.draw(scene)
                let px = Pixels(w: w, h: h, rgb: frame.rgb())
                #expect(px.edgeIsClear(scene.background), "\(name) at \(w)×\(h)")
                var covered = [Bool](repeating: false, count: w * h)
                for shape in scene.shapes {
                    let b: Box
                    switch shape {
                    case .fill(let box, _), .lock(let box, _), .picture(_, let box): b = box
                    case .text(let t, let box, let points, _):
                        b = box
                        #expect(frame.painter.width(t, points: points) <= box.w, "\(name) at \(w)×\(h): '\(t)' cut")
                        #expect(box.x >= 0 && box.y >= 0 && box.maxX <= w && box.maxY <= h, "\(name): '\(t)' off screen")
                    }
                    for y in max(0, b.y)..<min(h, b.maxY) { for x in max(0, b.x)..<min(w, b.maxX) { covered[y * w + x] = true } }
                }
                let stray = stride(from: 0, to: w * h, by: 3).first { !covered[$0] && px.at($0 % w, $0 / w) != scene.background }
                #expect(stray == nil, "\(name) at \(w)×\(h): ink at \(stray.map { "\($0 % w),\($0 / w)" } ?? "")")
                #expect(stride(from: 0, to: w * h, by: 13).contains { px.at($0 % w, $0 / w) != scene.background }, "\(name) is empty")
                if name == .share {
                    // The card itself: its red band and neon title inside the picture.
                    let box = try #require(scene.shapes.compactMap { if case .picture(_, let b) = $0 { b } else { nil } }.first)
                    let inside = (box.y..<box.maxY).flatMap { y in stride(from: box.x, to: box.maxX, by: 2).map { px.at($0, y) } }
                    #expect(inside.contains(.red) && inside.contains(.neon), "\(w)×\(h)")
                    #expect(box.h * 2 > h / 2, "the card is \(box.h) px tall in \(h)")
                }
            }
        }
    }

    @Test func fourKAndAMissingFont() throws {
        let s = try #require(Sessions.all(card: Sessions.long).first { $0.0 == .card }?.1)
        let (scene, px) = try render(s, 3840, 2160)
        #expect(px.edgeIsClear(scene.background))
        #expect(throws: WindowError.self) { try OffscreenFrame(width: 64, height: 64, fontPath: "/nonexistent/font.ttf") }
        #expect(throws: WindowError.self) { try FontFile.find(environment: "/nonexistent/font.ttf") }
        #expect(throws: WindowError.self) { try OffscreenFrame(width: 0, height: 10, fontPath: Self.font) }
    }

    // MARK: the window, on SDL's dummy driver

    final class Clock: @unchecked Sendable { var t = 0.0 }

    static func push(_ fill: (inout SDL_Event) -> Void) {
        var e = SDL_Event()
        fill(&e)
        SDL_PushEvent(&e)
    }
    static func key(_ sym: SDL_KeyCode) { push { $0.type = SDL_KEYDOWN.rawValue; $0.key.keysym.sym = SDL_Keycode(sym.rawValue) } }
    static func button(_ b: SDL_GameControllerButton) {
        push { $0.type = SDL_CONTROLLERBUTTONDOWN.rawValue; $0.cbutton.button = UInt8(b.rawValue) }
    }
    static func tap(_ x: Float, _ y: Float, to: (Float, Float)? = nil) {
        push { $0.type = SDL_FINGERDOWN.rawValue; $0.tfinger.x = x; $0.tfinger.y = y }
        push { $0.type = SDL_FINGERUP.rawValue; $0.tfinger.x = to?.0 ?? x; $0.tfinger.y = to?.1 ?? y }
    }

    @Test func aWholeRoundThroughTheWindowWithKeyboardGamepadAndTouch() throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        let host = try GameWindowHost(size: (640, 360), fontPath: Self.font)
        defer { host.close() }
        let clock = Clock()
        var finished: [RoundResult] = []
        let loop = GameLoop(session: Sessions.session(), feed: nil, sound: nil, rumble: nil, fullScreen: false,
                            onFinished: { _, r, _, _ in finished.append(r) }, onSettings: { _ in })
        loop.clock = { clock.t }
        let front = WindowFront(loop: loop, host: host)
        func step(_ dt: Double = 0) { clock.t += dt; front.step(wait: false) }
        step()
        #expect(front.scene?.name == .browser)

        // Touch: the first deck's tile.
        let tile = try #require(front.scene?.targets.first { $0.target == .entry(0) }?.box)
        Self.tap(Float(tile.x + tile.w / 2) / 640, Float(tile.y + tile.h / 2) / 360)
        step()
        #expect(front.scene?.name == .countdown)
        step(3.7)  // past the keyboard's answer delay (a card stays at least RoundMachine.keyAnswerDelay)
        #expect(front.scene?.name == .card)
        Self.key(SDLK_DOWN)  // keyboard: correct
        step(0.1)
        #expect(front.scene?.name == .correct)
        #expect(Pixels(w: 640, h: 360, rgb: host.readPixels()).at(1, 180) == .neon)
        step(0.7)
        Self.button(SDL_CONTROLLER_BUTTON_DPAD_UP)  // gamepad: pass
        step(0.1)
        #expect(front.scene?.name == .pass)
        #expect(Pixels(w: 640, h: 360, rgb: host.readPixels()).at(1, 180) == .orange)
        step(0.5)
        Self.tap(0.5, 0.5)  // touch: pause
        step(0.1)
        #expect(front.scene?.name == .paused)
        step(30)  // paused: the clock stands still
        Self.button(SDL_CONTROLLER_BUTTON_START)  // gamepad: resume through a countdown
        step(0.1)
        #expect(front.scene?.name == .countdown)
        step(3.5)
        Self.button(SDL_CONTROLLER_BUTTON_DPAD_DOWN)
        step(0.1)
        step(50)
        #expect(front.scene?.name == .warning)
        step(10)
        #expect(front.scene?.name == .results)
        #expect(finished.count == 1 && finished.first?.correct == 2 && finished.first?.passed == 1)
        // The screens in order (a redraw of the same screen, a flash, counted once).
        let screens = front.history.filter { $0 != .correct && $0 != .pass }.reduce(into: [SceneName]()) { if $0.last != $1 { $0.append($1) } }
        #expect(screens == [.browser, .countdown, .card, .paused, .countdown, .card, .warning, .results])

        // Gamepad B: back to the decks; a controller unplugged in the menu is said, nothing else changes.
        Self.button(SDL_CONTROLLER_BUTTON_B)
        step()
        #expect(front.scene?.name == .browser)
        Self.push { $0.type = SDL_CONTROLLERDEVICEREMOVED.rawValue; $0.cdevice.which = 7 }
        step()
        #expect(loop.session.notice?.contains("shkëput") == true && loop.session.screen == .browser)

        // A swipe to the right is "back": from the settings to the decks.
        let settings = try #require(front.scene?.targets.first { $0.target == .entry(3) }?.box)
        Self.tap(Float(settings.x + settings.w / 2) / 640, Float(settings.y + settings.h / 2) / 360)
        step()
        #expect(front.scene?.name == .settings)
        Self.tap(0.2, 0.5, to: (0.8, 0.52))
        step()
        #expect(front.scene?.name == .browser)

        // The window closing (or its display going away) ends the loop.
        Self.push { $0.type = SDL_QUIT.rawValue }
        step()
        #expect(loop.quit)
    }

    static func click(_ box: Box, button: Int32 = SDL_BUTTON_LEFT) {
        let x = Int32(box.x + box.w / 2), y = Int32(box.y + box.h / 2)
        push { $0.type = SDL_MOUSEBUTTONDOWN.rawValue; $0.button.button = UInt8(button); $0.button.x = x; $0.button.y = y }
        push { $0.type = SDL_MOUSEBUTTONUP.rawValue; $0.button.button = UInt8(button); $0.button.x = x; $0.button.y = y }
    }
    static func wheel(_ y: Int32) { push { $0.type = SDL_MOUSEWHEEL.rawValue; $0.wheel.y = y } }

    /// The results of a long round, the share screen, the VIP screen and the history, through SDL's queue: the
    /// list scrolled by the d-pad, the wheel and a swipe; the card shared by a click; a code pasted by a gamepad's
    /// X and opened by a tap; every screen left by touch, mouse or gamepad.
    @Test func theNewScreensAnswerKeyboardGamepadTouchAndMouse() throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        let (w, h) = (640, 360)
        let host = try GameWindowHost(size: (w, h), fontPath: Self.font)
        defer { host.close() }
        var redeemed: [String] = []
        var shared = 0
        let loop = GameLoop(session: Sessions.longResults(), feed: nil, sound: nil, rumble: nil, fullScreen: false,
                            onFinished: { _, _, _, _ in }, onSettings: { _ in })
        loop.clock = { 100 }
        loop.share = { _, _ in shared += 1; return "Karta e rezultatit u ruajt: /tmp/karta.png" }
        loop.redeem = { code in redeemed.append(code); return ([false], nil) }
        let front = WindowFront(loop: loop, host: host)
        front.step(wait: false)
        #expect(front.scene?.name == .results && loop.session.resultScroll == 0)
        let limit = try #require(front.scene?.scrollLimit)

        Self.button(SDL_CONTROLLER_BUTTON_DPAD_DOWN)
        front.step(wait: false)
        #expect(loop.session.resultScroll == 1)
        Self.wheel(-1); Self.wheel(-1)
        front.step(wait: false)
        #expect(loop.session.resultScroll == 3)
        Self.tap(0.5, 0.7, to: (0.5, 0.45))  // a swipe up: a page further
        front.step(wait: false)
        let page = try #require(front.scene?.scrollStep)
        #expect(loop.session.resultScroll == min(limit, 3 + page))
        for _ in 0..<40 { Self.wheel(-1) }  // the wheel spins on past the end; one turn back moves the list
        front.step(wait: false)
        #expect(loop.session.resultScroll == limit)
        Self.wheel(1)
        front.step(wait: false)
        #expect(loop.session.resultScroll == limit - 1)
        Self.key(SDLK_UP)
        front.step(wait: false)
        #expect(loop.session.resultScroll == limit - 2)

        // The card: clicked, written once, shown; a tap goes back to the results.
        let shareButton = try #require(front.scene?.targets.first { $0.target == .resultButton(2) }?.box)
        Self.click(shareButton)
        front.step(wait: false)
        #expect(shared == 1 && front.scene?.name == .share)
        let picture = try #require(front.scene?.shapes.compactMap { if case .picture(_, let b) = $0 { b } else { nil } }.first)
        let px = Pixels(w: w, h: h, rgb: host.readPixels())
        #expect((picture.y..<picture.maxY).contains { y in (picture.x..<picture.maxX).contains { px.at($0, y) == .red } })
        Self.tap(0.5, 0.5)
        front.step(wait: false)
        #expect(front.scene?.name == .results)

        // Gamepad B: to the decks. Then the history by a click, left by a tap.
        Self.button(SDL_CONTROLLER_BUTTON_B)
        front.step(wait: false)
        #expect(front.scene?.name == .browser)
        let historyItem = 1 + GameSession.menuItems.firstIndex(of: "Historiku")!
        Self.click(try #require(front.scene?.targets.first { $0.target == .entry(historyItem) }?.box))
        front.step(wait: false)
        #expect(front.scene?.name == .history)
        Self.tap(0.5, 0.5)
        front.step(wait: false)
        #expect(front.scene?.name == .browser)
        // The mouse's right button is "back" too: from the settings.
        Self.click(try #require(front.scene?.targets.first { $0.target == .entry(1) }?.box))
        front.step(wait: false)
        #expect(front.scene?.name == .settings)
        // The gamepad there: the d-pad to the round length, A changes it; the mouse: a click on "Zëri".
        let seconds = loop.session.roundSeconds
        Self.button(SDL_CONTROLLER_BUTTON_DPAD_DOWN); Self.button(SDL_CONTROLLER_BUTTON_DPAD_DOWN); Self.button(SDL_CONTROLLER_BUTTON_A)
        front.step(wait: false)
        #expect(loop.session.roundSeconds != seconds)
        Self.click(try #require(front.scene?.targets.first { $0.target == .setting(0) }?.box))
        front.step(wait: false)
        #expect(loop.session.settings.sound == false)
        Self.click(Box(x: 10, y: 10, w: 1, h: 1), button: SDL_BUTTON_RIGHT)
        front.step(wait: false)
        #expect(front.scene?.name == .browser)
        #expect(redeemed.isEmpty)
    }

    /// A locked deck's code pasted with a gamepad's X and opened by tapping "Hap"; pasting elsewhere types nothing.
    @Test func aCodeIsPastedByGamepadAndOpenedByTouch() throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        let host = try GameWindowHost(size: (1080, 1920), fontPath: Self.font)
        defer { host.close() }
        var redeemed: [String] = []
        let loop = GameLoop(session: Sessions.session(), feed: nil, sound: nil, rumble: nil, fullScreen: false,
                            onFinished: { _, _, _, _ in }, onSettings: { _ in })
        loop.clock = { 0 }
        loop.redeem = { code in redeemed.append(code); return ([false, false, false], nil) }
        let front = WindowFront(loop: loop, host: host)
        front.step(wait: false)
        SDL_SetClipboardText("quit")
        Self.button(SDL_CONTROLLER_BUTTON_X)  // on the browser: the clipboard's q must not quit
        front.step(wait: false)
        #expect(!loop.quit && front.scene?.name == .browser)
        let vipTile = try #require(front.scene?.targets.first { $0.target == .entry(1) }?.box)
        Self.tap(Float(vipTile.x + vipTile.w / 2) / 1080, Float(vipTile.y + vipTile.h / 2) / 1920)
        front.step(wait: false)
        #expect(front.scene?.name == .vip)
        SDL_SetClipboardText("vip.ABC-123")
        Self.button(SDL_CONTROLLER_BUTTON_X)
        front.step(wait: false)
        #expect(loop.session.codeInput == "vip.ABC-123")
        let open = try #require(front.scene?.targets.first { $0.target == .press(.enter) }?.box)
        Self.tap(Float(open.x + open.w / 2) / 1080, Float(open.y + open.h / 2) / 1920)
        front.step(wait: false)
        #expect(redeemed == ["vip.ABC-123"] && front.scene?.name == .browser && loop.session.locked[1] == false)
    }

    @Test func aResizeLaysTheWindowOutAgainAtOnce() throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        let host = try GameWindowHost(size: (1920, 1080), fontPath: Self.font)
        defer { host.close() }
        let loop = GameLoop(session: Sessions.session(), feed: nil, sound: nil, rumble: nil, fullScreen: false,
                            onFinished: { _, _, _, _ in }, onSettings: { _ in })
        loop.clock = { 0 }
        let front = WindowFront(loop: loop, host: host)
        front.step(wait: false)
        #expect(front.scene?.width == 1920)
        // Turned to portrait: SDL reports the new size; the next frame is laid out for it.
        SDL_SetWindowSize(host.windowForTests, 1080, 1920)
        Self.push { $0.type = SDL_WINDOWEVENT.rawValue; $0.window.event = UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue) }
        front.step(wait: false)
        #expect(front.scene?.width == 1080 && front.scene?.height == 1920)
        // Drawn on the new surface (the software renderer over the window's surface is made again).
        let px = Pixels(w: 1080, h: 1920, rgb: host.readPixels())
        #expect(px.rgb.count == 1080 * 1920 * 3 && px.ink(not: .black, in: Box(x: 0, y: 0, w: 1080, h: 400)) != nil)
    }

    /// The window (SDL's dummy driver, the software renderer over the window's surface) shows exactly what the
    /// offscreen frames show, for the new screens at every size.
    @Test(arguments: sizes) func theWindowDrawsTheNewScreensAsTheFramesDo(size: (Int, Int)) throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        let host = try GameWindowHost(size: size, fontPath: Self.font)
        defer { host.close() }
        #expect(host.updatesChangedParts)
        // The window as SDL made it (the dummy display may hold a smaller one).
        let (w, h) = (host.width, host.height)
        let frame = try OffscreenFrame(width: w, height: h, fontPath: Self.font)
        for (name, s) in Sessions.more(card: Sessions.long) {
            host.present(WindowLayout.scene(s, width: w, height: h, measure: host.painter))
            frame.draw(WindowLayout.scene(s, width: w, height: h, measure: frame.painter))
            let a = host.readPixels(), b = frame.rgb()
            let first = a == b ? nil : a.indices.first { a[$0] != b[$0] }.map { "\($0 / 3 % w),\($0 / 3 / w)" } ?? "size"
            #expect(first == nil, "\(name) at \(w)×\(h): pixels differ, the first at \(first ?? "")")
        }
    }
}
