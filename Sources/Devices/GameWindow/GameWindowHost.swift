import CSDL2
import Glibc
import Synchronization
import TerminalUI
import WindowLayout

/// Set while a window is open: Xlib ends the process from inside SDL when the X server goes away, and the exit
/// handler then says why instead of leaving only Xlib's "XIO: fatal IO error".
private let windowOpen = Atomic<Bool>(false)
private let exitNoteInstalled = Atomic<Bool>(false)

/// The game's window: full screen on X11, Wayland or KMSDRM (as SDL picks), or a window of a given size on the
/// dummy/offscreen drivers for tests. Turns SDL's events into `WindowInput`s and presents scenes. One thread only
/// (SDL's video calls belong to the thread that made the window).
public final class GameWindowHost {
    public private(set) var width: Int
    public private(set) var height: Int
    public let driver: String
    let window: OpaquePointer
    public var windowForTests: OpaquePointer { window }
    private(set) var renderer: OpaquePointer
    public private(set) var painter: Painter
    private let fontPath: String
    /// SDL's software renderer drawing straight into the window's surface, which is sent to the display in the
    /// parts that changed (`SDL_UpdateWindowSurfaceRects`): the whole frame is 8 MB at 1080p, and on X11 without
    /// a GPU renderer (Xvfb, a desktop without GL) sending it all for each second of the clock was most of the
    /// idle cost. Nil with a GPU renderer, which presents as usual.
    private var surfaceUpdates: SurfaceUpdates?
    private var controllers: [Int32: OpaquePointer] = [:]
    private var touch: (x: Float, y: Float)?
    private var mouseDown: (x: Int32, y: Int32)?

    /// Whether SDL could find a display here without being asked (`--window` also tries KMSDRM).
    public static var displayNamed: Bool {
        func set(_ name: String) -> Bool { getenv(name).map { $0.pointee != 0 } ?? false }
        return set("WAYLAND_DISPLAY") || set("DISPLAY")
    }

    /// `size`: a window of that size (tests, `--size`); nil: full screen on the desktop's mode.
    public init(title: String = "Kape", size: (Int, Int)? = nil, fontPath: String) throws {
        // Kape's own SIGINT/SIGTERM handlers finish the sound file and the history; SDL must not replace them.
        SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
        // A controller's buttons work while another window has the focus (a TV's couch player).
        SDL_SetHint(SDL_HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS, "1")
        guard SDL_Init(SDL_INIT_VIDEO | SDL_INIT_GAMECONTROLLER | SDL_INIT_EVENTS) == 0 else {
            throw WindowError.noDisplay(String(cString: SDL_GetError()))
        }
        // With nothing else, SDL falls back to its offscreen driver: a window no one sees. Only when asked for
        // (SDL_VIDEODRIVER=offscreen or dummy: tests, benchmarks).
        let current = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
        if (current == "offscreen" || current == "dummy") && getenv("SDL_VIDEODRIVER") == nil {
            SDL_Quit()
            throw WindowError.noDisplay("no X11 or Wayland display ($DISPLAY, $WAYLAND_DISPLAY unset or unreachable) and no KMSDRM device")
        }
        let flags = size == nil ? SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
                                : SDL_WINDOW_RESIZABLE.rawValue
        let (w, h) = size ?? (1280, 720)
        // SDL_WINDOWPOS_UNDEFINED is a macro: its value is 0x1FFF0000.
        guard let window = SDL_CreateWindow(title, 0x1FFF_0000, 0x1FFF_0000, Int32(w), Int32(h), flags) else {
            let why = String(cString: SDL_GetError())
            SDL_Quit()
            throw WindowError.noDisplay(why)
        }
        // No vsync: a frame is drawn only when something changed, and it is submitted at once.
        guard let renderer = SDL_CreateRenderer(window, -1, 0) ?? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue) else {
            let why = String(cString: SDL_GetError())
            SDL_DestroyWindow(window)
            SDL_Quit()
            throw WindowError.sdl("a renderer for the window", why)
        }
        var chosen = renderer
        var info = SDL_RendererInfo()
        if SDL_GetRendererInfo(renderer, &info) == 0, info.name.map({ String(cString: $0) }) == "software",
           let surface = SDL_GetWindowSurface(window), let own = SDL_CreateSoftwareRenderer(surface) {
            SDL_DestroyRenderer(renderer)
            chosen = own
            surfaceUpdates = SurfaceUpdates()
        }
        do { painter = try Painter(renderer: chosen, fontPath: fontPath) } catch {
            SDL_DestroyRenderer(chosen)
            SDL_DestroyWindow(window)
            SDL_Quit()
            throw error
        }
        self.window = window
        self.renderer = chosen
        self.fontPath = fontPath
        driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "?"
        var ow: Int32 = 0, oh: Int32 = 0
        SDL_GetRendererOutputSize(chosen, &ow, &oh)
        width = Int(ow)
        height = Int(oh)
        SDL_ShowCursor(SDL_DISABLE)
        if size == nil { SDL_DisableScreenSaver() }
        windowOpen.store(true, ordering: .relaxed)
        if !exitNoteInstalled.exchange(true, ordering: .relaxed) {
            atexit {
                guard windowOpen.load(ordering: .relaxed) else { return }
                let note = "kape: the window's display went away; the game ended (a round in play was not saved)\n"
                _ = note.withCString { write(2, $0, strlen($0)) }
            }
        }
    }

    public func close() {
        windowOpen.store(false, ordering: .relaxed)
        for c in controllers.values { SDL_GameControllerClose(c) }
        controllers.removeAll()
        painter.close()
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
        SDL_Quit()
    }

    public var controllerNames: [String] {
        controllers.values.map { SDL_GameControllerName($0).map { String(cString: $0) } ?? "kontrollues" }
    }

    /// The window's pixel format as SDL names it (`kape bench window`: a format other than the renderer's costs
    /// a conversion per pixel).
    public var pixelFormat: String { SDL_GetPixelFormatName(SDL_GetWindowPixelFormat(window)).map { String(cString: $0) } ?? "?" }

    /// On X11, the connection's descriptor: poll(2) on it wakes when an event arrives (after `readyToWait`).
    public private(set) lazy var eventDescriptor: Int32? = {
        let fd = kape_sdl_x11_descriptor(window)
        return fd >= 0 ? fd : nil
    }()

    /// Whether a controller is open: SDL reads those only when asked, so the loop must keep asking.
    public var hasControllers: Bool { !controllers.isEmpty }

    /// Moves what Xlib already read (a reply to a frame's XSync may bring events along) into SDL's queue; false
    /// when something is waiting there, so the loop must not sleep on the descriptor.
    public func readyToWait() -> Bool {
        SDL_PumpEvents()
        return SDL_HasEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue) == SDL_FALSE
    }

    /// Whether frames go to the display in the parts that changed (the software renderer on the window's surface).
    public var updatesChangedParts: Bool { surfaceUpdates != nil }

    /// Draws and submits a frame.
    public func present(_ scene: Scene) {
        painter.draw(scene)
        SDL_RenderPresent(renderer)
        guard var updates = surfaceUpdates else { return }
        // The surface always holds the whole frame; only what differs from the last one sent is sent.
        switch updates.parts(for: scene) {
        case nil: SDL_UpdateWindowSurface(window)
        case let boxes?:
            var rects = boxes.map { SDL_Rect(x: Int32($0.x), y: Int32($0.y), w: Int32($0.w), h: Int32($0.h)) }
            if !rects.isEmpty { SDL_UpdateWindowSurfaceRects(window, &rects, Int32(rects.count)) }
        }
        surfaceUpdates = updates
    }

    /// A resize frees the window's surface: the renderer over it and the painter's textures go with it.
    private func rebuildOnSurface() -> Bool {
        guard surfaceUpdates != nil else { return true }
        painter.close()
        SDL_DestroyRenderer(renderer)
        guard let surface = SDL_GetWindowSurface(window), let own = SDL_CreateSoftwareRenderer(surface),
              let p = try? Painter(renderer: own, fontPath: fontPath) else { return false }
        renderer = own
        painter = p
        surfaceUpdates = SurfaceUpdates()
        return true
    }

    /// The frame on screen as RGB bytes (tests).
    public func readPixels() -> [UInt8] {
        var argb = [UInt32](repeating: 0, count: width * height)
        SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, &argb, Int32(width * 4))
        var out = [UInt8](repeating: 0, count: width * height * 3)
        for (i, p) in argb.enumerated() {
            out[3 * i] = UInt8((p >> 16) & 0xFF); out[3 * i + 1] = UInt8((p >> 8) & 0xFF); out[3 * i + 2] = UInt8(p & 0xFF)
        }
        return out
    }

    /// Every event waiting in SDL's queue, translated; never blocks.
    public func pending() -> [WindowInput] {
        var out: [WindowInput] = []
        var e = SDL_Event()
        while SDL_PollEvent(&e) != 0 {
            if let input = translate(&e) { out.append(input) }
        }
        return out
    }

    private func refreshSize() {
        var ow: Int32 = 0, oh: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &ow, &oh)
        width = Int(max(1, ow))
        height = Int(max(1, oh))
    }

    private func translate(_ e: inout SDL_Event) -> WindowInput? {
        switch e.type {
        case SDL_QUIT.rawValue:
            return .quit
        case SDL_WINDOWEVENT.rawValue:
            switch UInt32(e.window.event) {
            case SDL_WINDOWEVENT_CLOSE.rawValue: return .quit
            case SDL_WINDOWEVENT_SIZE_CHANGED.rawValue, SDL_WINDOWEVENT_RESIZED.rawValue:
                // Nothing more can be drawn when the renderer cannot be made again: the game ends as if the
                // display had gone.
                guard rebuildOnSurface() else { return .quit }
                refreshSize()
                return .redraw
            case SDL_WINDOWEVENT_EXPOSED.rawValue, SDL_WINDOWEVENT_SHOWN.rawValue, SDL_WINDOWEVENT_RESTORED.rawValue:
                // What the display showed was lost: the next frame is sent whole.
                surfaceUpdates?.forget()
                refreshSize()
                return .redraw
            default: return nil
            }
        case SDL_RENDER_TARGETS_RESET.rawValue, SDL_RENDER_DEVICE_RESET.rawValue:
            painter.forgetTextures()
            return .redraw
        case SDL_KEYDOWN.rawValue:
            // A held key repeats: the round takes one answer per press (the terminal's debounce, for free).
            guard e.key.repeat == 0 else { return nil }
            let sym = e.key.keysym.sym
            if sym == SDL_Keycode(SDLK_v.rawValue), UInt32(e.key.keysym.mod) & KMOD_CTRL.rawValue != 0 { return .paste }
            // Letters arrive as text input when SDL has it on (it does on desktops): not twice.
            if SDL_IsTextInputActive() == SDL_TRUE, (Int(SDLK_a.rawValue)...Int(SDLK_z.rawValue)).contains(Int(sym)) { return nil }
            return Self.key(sym).map { .key($0) }
        case SDL_TEXTINPUT.rawValue:
            let text = withUnsafeBytes(of: e.text.text) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            return text.isEmpty ? nil : .text(text)
        case SDL_CONTROLLERDEVICEADDED.rawValue:
            let index = e.cdevice.which
            guard let c = SDL_GameControllerOpen(index) else { return nil }
            let id = SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(c))
            if let old = controllers[id] { SDL_GameControllerClose(old) }
            controllers[id] = c
            return .controllerAdded(SDL_GameControllerName(c).map { String(cString: $0) } ?? "kontrollues")
        case SDL_CONTROLLERDEVICEREMOVED.rawValue:
            let id = e.cdevice.which
            guard let c = controllers.removeValue(forKey: id) else { return .controllerRemoved("kontrollues") }
            let name = SDL_GameControllerName(c).map { String(cString: $0) } ?? "kontrollues"
            SDL_GameControllerClose(c)
            return .controllerRemoved(name)
        case SDL_CONTROLLERBUTTONDOWN.rawValue:
            if Int32(e.cbutton.button) == SDL_CONTROLLER_BUTTON_X.rawValue { return .paste }
            return Self.button(Int32(e.cbutton.button)).map { $0 == .escape ? .back : .key($0) }
        case SDL_FINGERDOWN.rawValue:
            touch = (e.tfinger.x, e.tfinger.y)
            return nil
        case SDL_FINGERUP.rawValue:
            guard let start = touch else { return nil }
            touch = nil
            return gesture(from: (start.x * Float(width), start.y * Float(height)),
                           to: (e.tfinger.x * Float(width), e.tfinger.y * Float(height)))
        case SDL_MOUSEBUTTONDOWN.rawValue:
            // Touches also arrive as mouse events; the finger events already carry them.
            guard e.button.which != UInt32.max else { return nil }
            if e.button.button == UInt8(SDL_BUTTON_RIGHT) { return .back }
            mouseDown = (e.button.x, e.button.y)
            return nil
        case SDL_MOUSEBUTTONUP.rawValue:
            guard e.button.which != UInt32.max, e.button.button == UInt8(SDL_BUTTON_LEFT), let start = mouseDown else { return nil }
            mouseDown = nil
            let scale = pixelScale()
            return gesture(from: (Float(start.x) * scale.x, Float(start.y) * scale.y),
                           to: (Float(e.button.x) * scale.x, Float(e.button.y) * scale.y))
        case SDL_MOUSEWHEEL.rawValue:
            return e.wheel.y > 0 ? .key(.up) : e.wheel.y < 0 ? .key(.down) : nil
        default:
            return nil
        }
    }

    /// Mouse coordinates are in window points; the layout is in renderer pixels (HiDPI).
    private func pixelScale() -> (x: Float, y: Float) {
        var ww: Int32 = 0, wh: Int32 = 0
        SDL_GetWindowSize(window, &ww, &wh)
        return (ww > 0 ? Float(width) / Float(ww) : 1, wh > 0 ? Float(height) / Float(wh) : 1)
    }

    /// A short press is a tap; a mostly horizontal move to the right over a quarter of the width is "back"; a
    /// mostly vertical one over a tenth of the height scrolls.
    func gesture(from a: (Float, Float), to b: (Float, Float)) -> WindowInput? {
        let dx = b.0 - a.0, dy = b.1 - a.1
        let slop = Float(min(width, height)) / 20
        if abs(dx) <= slop && abs(dy) <= slop { return .tap(x: Int(a.0), y: Int(a.1)) }
        if dx > Float(width) / 4 && abs(dx) > 2 * abs(dy) { return .back }
        if abs(dy) > Float(height) / 10 && abs(dy) > 2 * abs(dx) { return .swipe(up: dy < 0) }
        return nil
    }

    /// The clipboard's text, if there is any.
    public func clipboard() -> String? {
        guard SDL_HasClipboardText() == SDL_TRUE, let clip = SDL_GetClipboardText() else { return nil }
        defer { SDL_free(clip) }
        let text = String(cString: clip)
        return text.isEmpty ? nil : text
    }

    static func key(_ sym: SDL_Keycode) -> Key? {
        switch Int(sym) {
        case Int(SDLK_UP.rawValue): return .up
        case Int(SDLK_DOWN.rawValue): return .down
        case Int(SDLK_LEFT.rawValue): return .left
        case Int(SDLK_RIGHT.rawValue): return .right
        case Int(SDLK_RETURN.rawValue), Int(SDLK_KP_ENTER.rawValue): return .enter
        case Int(SDLK_SPACE.rawValue): return .space
        case Int(SDLK_ESCAPE.rawValue), Int(SDLK_AC_BACK.rawValue): return .escape
        case Int(SDLK_BACKSPACE.rawValue): return .backspace
        case Int(SDLK_a.rawValue)...Int(SDLK_z.rawValue): return .char(Character(Unicode.Scalar(UInt8(sym))))
        default: return nil
        }
    }

    static func button(_ b: Int32) -> Key? {
        switch b {
        case SDL_CONTROLLER_BUTTON_A.rawValue: return .enter
        case SDL_CONTROLLER_BUTTON_B.rawValue: return .escape
        case SDL_CONTROLLER_BUTTON_START.rawValue: return .space
        case SDL_CONTROLLER_BUTTON_DPAD_UP.rawValue: return .up
        case SDL_CONTROLLER_BUTTON_DPAD_DOWN.rawValue: return .down
        case SDL_CONTROLLER_BUTTON_DPAD_LEFT.rawValue: return .left
        case SDL_CONTROLLER_BUTTON_DPAD_RIGHT.rawValue: return .right
        default: return nil
        }
    }
}
