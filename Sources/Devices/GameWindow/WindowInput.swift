import TerminalUI

/// What the window's events mean for the game, before the loop maps them onto the session.
public enum WindowInput: Sendable, Equatable {
    /// Keyboard keys, and gamepad buttons as the keys they stand for (A Enter, B Esc, Start space, d-pad arrows).
    case key(Key)
    /// Typed or pasted text (an unlock code), as characters.
    case text(String)
    /// A touch or a left click that did not move: at window pixels.
    case tap(x: Int, y: Int)
    /// A swipe to the right, the mouse's right button, Android's back: one step back.
    case back
    /// The window's size or content was lost: lay out and draw again.
    case redraw
    /// The window was closed (or its display went away).
    case quit
    case controllerAdded(String)
    case controllerRemoved(String)
}
