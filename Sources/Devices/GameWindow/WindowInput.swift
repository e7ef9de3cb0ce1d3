import TerminalUI

/// What the window's events mean for the game, before the loop maps them onto the session.
public enum WindowInput: Sendable, Equatable {
    /// Keyboard keys, and gamepad buttons as the keys they stand for (A Enter, B Esc, Start space, d-pad arrows).
    case key(Key)
    /// Typed or pasted text (an unlock code), as characters.
    case text(String)
    /// A touch or a left click that did not move: at window pixels.
    case tap(x: Int, y: Int)
    /// Ctrl-V, or a gamepad's X: the clipboard's text, taken only where text is typed (the unlock code).
    case paste
    /// A mostly vertical swipe: up (the finger moving up, to see what is below) or down.
    case swipe(up: Bool)
    /// A swipe to the right, the mouse's right button, Android's back: one step back.
    case back
    /// The window's size or content was lost: lay out and draw again.
    case redraw
    /// The window was closed (or its display went away).
    case quit
    case controllerAdded(String)
    case controllerRemoved(String)
}
