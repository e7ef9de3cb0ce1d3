#!/usr/bin/env python3
"""Turns a terminal capture with colours (`tmux capture-pane -e -p`) into an SVG of monospace cells, so the README's
pictures of terminal screens are the program's real output rather than drawings.

Usage: screen-picture.py [--cols N] [--rows N] [--cell-width PX] [--cell-height PX] [--font-size PX] < CAPTURE > OUT.svg

Understood: SGR reset, bold, underline, reverse (and their offs), 24-bit colours (38;2;r;g;b / 48;2;r;g;b), the
256-colour and 16-colour palettes, default colours (39/49). Other escape sequences are skipped. Wide characters
(East Asian wide/fullwidth) take two cells, combining marks none.
"""
import argparse
import re
import sys
import unicodedata
from xml.sax.saxutils import escape

DEFAULT_FG = (229, 229, 229)
DEFAULT_BG = (0, 0, 0)
# xterm's 16 colours; 16–255 are computed below.
BASE16 = [(0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
          (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
          (255, 0, 255), (0, 255, 255), (255, 255, 255)]

# SGR codes that set or clear one attribute.
FLAGS = {1: ("bold", True), 22: ("bold", False), 4: ("underline", True), 24: ("underline", False),
         7: ("reverse", True), 27: ("reverse", False)}

ESCAPE = re.compile(r"\x1b(?:\[([0-9;:?]*)([@-~])|\][^\x07\x1b]*(?:\x07|\x1b\\)|[@-Z\\-_])")


def palette(n):
    if n < 16:
        return BASE16[n]
    if n < 232:
        n -= 16
        steps = [0, 95, 135, 175, 215, 255]
        return (steps[n // 36], steps[(n // 6) % 6], steps[n % 6])
    level = 8 + (n - 232) * 10
    return (level, level, level)


class Style:
    def __init__(self):
        self.reset()

    def reset(self):
        self.fg = None  # None: the terminal's default
        self.bg = None
        self.bold = False
        self.underline = False
        self.reverse = False

    def key(self):
        return (self.fg, self.bg, self.bold, self.underline, self.reverse)

    def apply(self, params):
        codes = [int(p) if p.isdigit() else 0 for p in re.split("[;:]", params)] if params else [0]
        i = 0
        while i < len(codes):
            c = codes[i]
            if c == 0:
                self.reset()
            elif c in FLAGS:
                setattr(self, *FLAGS[c])
            elif 30 <= c <= 37:
                self.fg = BASE16[c - 30]
            elif 90 <= c <= 97:
                self.fg = BASE16[c - 90 + 8]
            elif 40 <= c <= 47:
                self.bg = BASE16[c - 40]
            elif 100 <= c <= 107:
                self.bg = BASE16[c - 100 + 8]
            elif c == 39:
                self.fg = None
            elif c == 49:
                self.bg = None
            elif c in (38, 48):
                colour = None
                if i + 1 < len(codes) and codes[i + 1] == 2 and i + 4 < len(codes):
                    colour = tuple(min(v, 255) for v in codes[i + 2:i + 5])
                    i += 4
                elif i + 1 < len(codes) and codes[i + 1] == 5 and i + 2 < len(codes):
                    colour = palette(min(codes[i + 2], 255))
                    i += 2
                if colour is not None:
                    if c == 38:
                        self.fg = colour
                    else:
                        self.bg = colour
            i += 1

    def colours(self):
        fg = self.fg or DEFAULT_FG
        bg = self.bg or DEFAULT_BG
        return (bg, fg) if self.reverse else (fg, bg)


def width(ch):
    if unicodedata.combining(ch) or ch in "\u200b\u200d\ufe0f":
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def parse(text, cols, rows):
    """Grid of rows × cols cells: (char, fg, bg, bold, underline); a wide character's second cell holds ''."""
    style = Style()
    blank = lambda: [(" ", DEFAULT_FG, DEFAULT_BG, False, False)] * cols
    grid = []
    for line in text.split("\n")[:rows]:
        row = blank()
        col = 0
        pos = 0
        for m in list(ESCAPE.finditer(line)) + [None]:
            chunk = line[pos:m.start()] if m else line[pos:]
            for ch in chunk:
                if ch == "\t":
                    col = min(cols, (col // 8 + 1) * 8)
                    continue
                if ch < " " or ch == "\x7f":
                    continue
                w = width(ch)
                if w == 0:
                    if col > 0:
                        prev = row[col - 1]
                        row[col - 1] = (prev[0] + ch,) + prev[1:]
                    continue
                if col + w > cols:
                    break
                fg, bg = style.colours()
                row[col] = (ch, fg, bg, style.bold, style.underline)
                if w == 2:
                    row[col + 1] = ("", fg, bg, style.bold, style.underline)
                col += w
            if m is None:
                break
            pos = m.end()
            if m.group(2) == "m":
                style.apply(m.group(1))
        grid.append(row)
    while len(grid) < rows:
        grid.append(blank())
    return grid


def hexcolour(rgb):
    return "#%02x%02x%02x" % rgb


def svg(grid, cw, ch, font_size):
    cols = len(grid[0]) if grid else 0
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{cols * cw:g}" height="{len(grid) * ch:g}" '
           f'viewBox="0 0 {cols * cw:g} {len(grid) * ch:g}">',
           f'<rect width="100%" height="100%" fill="{hexcolour(DEFAULT_BG)}"/>',
           f'<g font-family="DejaVu Sans Mono, monospace" font-size="{font_size:g}" xml:space="preserve">']
    baseline = ch * 0.78
    for y, row in enumerate(grid):
        # Backgrounds: one rectangle per run of cells with the same colour (the page's own colour is left out).
        x = 0
        while x < cols:
            bg = row[x][2]
            end = x
            while end < cols and row[end][2] == bg:
                end += 1
            if bg != DEFAULT_BG:
                out.append(f'<rect x="{x * cw:g}" y="{y * ch:g}" width="{(end - x) * cw:g}" height="{ch:g}" '
                           f'fill="{hexcolour(bg)}"/>')
            x = end
        # Text: one element per run of non-blank cells with the same look, stretched to its cells so that glyphs
        # stay on the grid whatever the font's advance.
        x = 0
        while x < cols:
            if row[x][0] == " ":
                x += 1
                continue
            look = (row[x][1], row[x][3], row[x][4])
            end = x
            while end < cols and row[end][0] != " " and (row[end][1], row[end][3], row[end][4]) == look:
                end += 1
            text = "".join(cell[0] for cell in row[x:end])
            fg, bold, underline = look
            attrs = f' fill="{hexcolour(fg)}"'
            if bold:
                attrs += ' font-weight="bold"'
            if underline:
                attrs += ' text-decoration="underline"'
            out.append(f'<text x="{x * cw:g}" y="{y * ch + baseline:g}" textLength="{(end - x) * cw:g}" '
                       f'lengthAdjust="spacingAndGlyphs"{attrs}>{escape(text)}</text>')
            x = end
    out.append("</g></svg>")
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description="ANSI terminal capture (stdin) to SVG (stdout)")
    ap.add_argument("--cols", type=int, default=100)
    ap.add_argument("--rows", type=int, default=28)
    ap.add_argument("--cell-width", type=float, default=9.6)
    ap.add_argument("--cell-height", type=float, default=20)
    ap.add_argument("--font-size", type=float, default=16)
    args = ap.parse_args()
    if not (0 < args.cols <= 1000 and 0 < args.rows <= 1000):
        ap.error("--cols and --rows must be 1 to 1000")
    text = sys.stdin.buffer.read().decode("utf-8", errors="replace")
    sys.stdout.write(svg(parse(text, args.cols, args.rows), args.cell_width, args.cell_height, args.font_size))


if __name__ == "__main__":
    main()
