import Testing
import TerminalUI

/// NO_COLOR: a frame is written without colour, a background that stood out as reverse video instead.
@Suite struct NoColourTests {
    @Test func coloursGoAndAStandingOutBackgroundIsReversed() {
        let frame = "\u{1B}[?25l\u{1B}[H" + RGB.neon.background + RGB.black.foreground + "Saktë!" + "\r\n"
            + RGB.black.background + RGB.white.foreground + "Pikë: 1" + "\u{1B}[1mx\u{1B}[0m"
        #expect(RGB.withoutColour(frame) == "\u{1B}[?25l\u{1B}[H\u{1B}[7mSaktë!\r\n\u{1B}[27mPikë: 1\u{1B}[1mx\u{1B}[0m")
        #expect(RGB.withoutColour("plain ✓ text") == "plain ✓ text")
        // A cut-off sequence at the end is left as it is, not read past.
        #expect(RGB.withoutColour("a\u{1B}[38;2;1") == "a\u{1B}[38;2;1")
    }
}
