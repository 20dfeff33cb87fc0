#!/usr/bin/env python3
"""Draws Rookery's piece images (assets/pieces/*.svg) and the label glyphs (labels.json).

Every shape is drawn here from simple geometry; the only outside material is the outline of
the characters on xiangqi, janggi and shogi pieces and of the coordinate labels, which are
taken from the Noto CJK fonts (SIL Open Font License 1.1) of Debian's `fonts-noto-cjk`
package and turned into SVG paths, so nothing needs a font at run time. See README.md here.

Regenerate:  apt-get install fonts-noto-cjk && pip install fonttools && \
             python3 assets/pieces/make_pieces.py

Colour tokens the renderer and the apps replace per army:
  #fefefe  body of western pieces        #010101  ink (outline, details) of western pieces
  #b00000  characters/rings/symbols on wooden pieces
Wood (#e9c98b), shogi's red promoted characters (#c8201a) and the duck's beak stay as drawn.
"""
import json
import os

from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.pens.transformPen import TransformPen
from fontTools.pens.boundsPen import BoundsPen
from fontTools.ttLib import TTCollection

HERE = os.path.dirname(os.path.abspath(__file__))
SERIF = "/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc"
SANS = "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc"
# Collection indices: 0 JP, 2 SC, 3 TC.
JP, TC = 0, 3

BODY, INK, MARK = "#fefefe", "#010101", "#b00000"
WOOD, WOOD_EDGE, PROMOTED = "#e9c98b", "#7a5a30", "#c8201a"

_fonts = {}


def font(path, index):
    key = (path, index)
    if key not in _fonts:
        _fonts[key] = TTCollection(path).fonts[index]
    return _fonts[key]


def glyph_path(f, ch, transform):
    gs = f.getGlyphSet()
    name = f.getBestCmap()[ord(ch)]
    pen = SVGPathPen(gs)
    gs[name].draw(TransformPen(pen, transform))
    return pen.getCommands()


def glyph_bounds(f, ch):
    gs = f.getGlyphSet()
    name = f.getBestCmap()[ord(ch)]
    bp = BoundsPen(gs)
    gs[name].draw(bp)
    return bp.bounds


def chars(text, cx, cy, height, colour, f, vertical=False, squash=1.0):
    """Characters centred on (cx, cy), each `height` units tall (font em), y down."""
    out = []
    n = len(text)
    for i, ch in enumerate(text):
        s = height / 1000.0
        x0, y0, x1, y1 = glyph_bounds(f, ch)
        gx, gy = (x0 + x1) / 2, (y0 + y1) / 2
        if vertical:
            ccx, ccy = cx, cy + (i - (n - 1) / 2) * height * 0.98 * squash
        else:
            ccx, ccy = cx + (i - (n - 1) / 2) * height, cy
        # font units (y up) -> piece units (y down), glyph centre on (ccx, ccy)
        sy = s * squash
        t = (s, 0, 0, -sy, ccx - gx * s, ccy + gy * sy)
        out.append(f'<path d="{glyph_path(f, ch, t)}" fill="{colour}"/>')
    return "\n".join(out)


def svg(body):
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">\n'
        + body
        + "\n</svg>\n"
    )


STROKE = f'stroke="{INK}" stroke-width="3" stroke-linejoin="round" stroke-linecap="round"'
BASE = "M22 90 L78 90 L78 82 Q78 77 73 77 L27 77 Q22 77 22 82 Z"

# Western silhouettes: list of (kind, data) parts; kind p = path, c = circle (cx, cy, r),
# l = ink-only line (details).
WESTERN = {
    "pawn": [
        ("p", BASE),
        ("p", "M31 77 Q35 61 43 55 L57 55 Q65 61 69 77 Z"),
        ("p", "M37 55 L63 55 L63 49 L37 49 Z"),
        ("c", (50, 36, 14)),
    ],
    "rook": [
        ("p", BASE),
        ("p", "M30 77 L34 45 L66 45 L70 77 Z"),
        ("p", "M27 45 L73 45 L73 20 L63 20 L63 29 L55 29 L55 20 L45 20 L45 29 L37 29 L37 20 L27 20 Z"),
        ("l", "M35 56 L65 56"),
    ],
    "bishop": [
        ("p", BASE),
        ("p", "M33 77 Q40 63 42 57 L58 57 Q60 63 67 77 Z"),
        ("p", "M37 57 L63 57 L63 51 L37 51 Z"),
        ("p", "M50 15 Q72 32 63 51 L37 51 Q28 32 50 15 Z"),
        ("c", (50, 11, 5)),
        ("l", "M56 27 L46 39"),
    ],
    "knight": [
        ("p", BASE),
        ("p", "M30 77 Q30 64 40 54 Q44 50 44 46 Q36 50 28 53 Q20 56 17 50 Q15 45 22 38 "
              "Q30 27 40 20 L41 11 L48 18 Q66 20 72 40 Q77 58 72 77 Z"),
        ("c", (38, 31, 3)),
        ("l", "M58 28 Q66 40 64 62"),
    ],
    "queen": [
        ("p", BASE),
        ("p", "M30 77 L36 51 L64 51 L70 77 Z"),
        ("p", "M30 51 L22 24 L38 40 L42 17 L50 37 L58 17 L62 40 L78 24 L70 51 Z"),
        ("c", (22, 21, 4.5)),
        ("c", (42, 14, 4.5)),
        ("c", (58, 14, 4.5)),
        ("c", (78, 21, 4.5)),
        ("l", "M36 60 L64 60"),
    ],
    "king": [
        ("p", BASE),
        ("p", "M30 77 L36 49 L64 49 L70 77 Z"),
        ("p", "M32 49 Q24 31 40 30 L60 30 Q76 31 68 49 Z"),
        ("p", "M46 30 L46 21 L39 21 L39 14 L46 14 L46 6 L54 6 L54 14 L61 14 L61 21 L54 21 L54 30 Z"),
        ("l", "M36 60 L64 60"),
    ],
    # fers / general / met / neang: a lozenge on a short body
    "fers": [
        ("p", BASE),
        ("p", "M33 77 L40 55 L60 55 L67 77 Z"),
        ("p", "M50 16 L68 37 L50 57 L32 37 Z"),
        ("c", (50, 37, 5)),
    ],
    # alfil / elephant: a domed head with a trunk and tusks
    "alfil": [
        ("p", BASE),
        ("p", "M32 77 L38 57 L62 57 L68 77 Z"),
        ("p", "M26 57 Q22 22 50 20 Q78 22 74 57 Z"),
        ("p", "M20 30 Q14 44 24 52 L28 40 Z"),
        ("p", "M80 30 Q86 44 76 52 L72 40 Z"),
        ("l", "M50 32 Q48 48 42 54"),
        ("c", (40, 34, 3)),
        ("c", (60, 34, 3)),
    ],
    # chaturaji's boat
    "boat": [
        ("p", "M14 70 L86 70 L74 88 L26 88 Z"),
        ("l", "M50 70 L50 12"),
        ("p", "M53 15 L78 64 L53 64 Z"),
        ("p", "M47 24 L26 64 L47 64 Z"),
    ],
    # makruk's khon: a tiered spire
    "khon": [
        ("p", BASE),
        ("p", "M32 77 L38 58 L62 58 L68 77 Z"),
        ("p", "M34 58 L66 58 L59 45 L41 45 Z"),
        ("p", "M41 45 L59 45 L55 32 L45 32 Z"),
        ("p", "M45 32 L55 32 L50 12 Z"),
    ],
    # makruk's bia (pawn): a cowrie-like flat piece
    "bia": [
        ("p", BASE),
        ("p", "M26 77 Q24 56 50 54 Q76 56 74 77 Z"),
        ("p", "M34 54 Q34 40 50 39 Q66 40 66 54 Z"),
        ("l", "M50 42 L50 52"),
    ],
}

# Symbols for the symbol style of xiangqi, janggi and shogi pieces (same silhouettes, plus a
# cannon and a lance).
SYMBOL_EXTRA = {
    "cannon": [
        ("p", "M18 62 L66 36 L72 46 L24 72 Z"),
        ("c", (36, 70, 13)),
        ("p", "M60 78 L86 78 L86 86 L60 86 Z"),
    ],
    "lance": [
        ("p", "M46 90 L46 30 L36 30 L50 8 L64 30 L54 30 L54 90 Z"),
    ],
}


def draw_parts(parts, fill, ink, details=True, stroke=True):
    out = []
    st = f'stroke="{ink}" stroke-width="3" stroke-linejoin="round" stroke-linecap="round"'
    for kind, d in parts:
        if kind == "p":
            out.append(f'<path d="{d}" fill="{fill}" {st if stroke else ""}/>')
        elif kind == "c":
            cx, cy, r = d
            out.append(f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="{fill}" {st if stroke else ""}/>')
        elif kind == "l" and details:
            out.append(f'<path d="{d}" fill="none" {st}/>')
    return "\n".join(out)


def western(name):
    return svg(draw_parts(WESTERN[name], BODY, INK))


def duck():
    return svg(
        "\n".join(
            [
                f'<path d="M14 62 Q14 84 46 86 L70 86 Q88 84 88 66 Q88 54 76 56 L60 60 Q52 46 40 50 '
                f'Q22 54 14 62 Z" fill="{BODY}" {STROKE}/>',
                f'<circle cx="34" cy="36" r="16" fill="{BODY}" {STROKE}/>',
                f'<path d="M18 36 L6 40 L18 44 Z" fill="#e07a1f" {STROKE}/>',
                f'<circle cx="30" cy="32" r="3" fill="{INK}"/>',
                f'<path d="M52 70 Q66 62 76 68" fill="none" {STROKE}/>',
            ]
        )
    )


def symbol_group(name, colour, scale=0.62):
    parts = WESTERN.get(name) or SYMBOL_EXTRA[name]
    # silhouettes in one colour: no base plinth for a lighter look
    parts = [p for p in parts if p != ("p", BASE)]
    inner = draw_parts(parts, colour, colour, details=False, stroke=True)
    off = 50 - 50 * scale
    return f'<g transform="translate({off:.2f} {off + 2:.2f}) scale({scale})">{inner}</g>'


def disc(radius=44):
    return (
        f'<circle cx="50" cy="50" r="{radius}" fill="{WOOD}" stroke="{WOOD_EDGE}" stroke-width="2.5"/>\n'
        f'<circle cx="50" cy="50" r="{radius - 7}" fill="none" stroke="{MARK}" stroke-width="2.5"/>'
    )


def octagon(radius):
    import math

    pts = " ".join(
        f"{50 + radius * math.cos(math.radians(22.5 + 45 * i)):.2f},"
        f"{50 + radius * math.sin(math.radians(22.5 + 45 * i)):.2f}"
        for i in range(8)
    )
    inner = " ".join(
        f"{50 + (radius - 6) * math.cos(math.radians(22.5 + 45 * i)):.2f},"
        f"{50 + (radius - 6) * math.sin(math.radians(22.5 + 45 * i)):.2f}"
        for i in range(8)
    )
    return (
        f'<polygon points="{pts}" fill="{WOOD}" stroke="{WOOD_EDGE}" stroke-width="2.5"/>\n'
        f'<polygon points="{inner}" fill="none" stroke="{MARK}" stroke-width="2"/>'
    )


XIANGQI = {
    # kind: (red character, black character, symbol)
    "general": ("帥", "將", "king"),
    "advisor": ("仕", "士", "fers"),
    "elephant": ("相", "象", "alfil"),
    "horse": ("傌", "馬", "knight"),
    "chariot": ("俥", "車", "rook"),
    "cannon": ("炮", "砲", "cannon"),
    "soldier": ("兵", "卒", "pawn"),
}

JANGGI = {
    # kind: (cho character, han character, symbol, size)
    "general": ("楚", "漢", "king", 47),
    "advisor": ("士", "士", "fers", 33),
    "elephant": ("象", "象", "alfil", 40),
    "horse": ("馬", "馬", "knight", 40),
    "chariot": ("車", "車", "rook", 42),
    "cannon": ("包", "包", "cannon", 40),
    "soldier": ("卒", "兵", "pawn", 33),
}

SHOGI = {
    # kind: (characters, promoted characters or None, symbol, size)
    "king": ("王将", None, "king", 1.0),
    "jewel": ("玉将", None, "king", 1.0),
    "rook": ("飛車", "龍王", "rook", 0.97),
    "bishop": ("角行", "龍馬", "bishop", 0.97),
    "gold": ("金将", None, "fers", 0.94),
    "silver": ("銀将", "成銀", "khon", 0.94),
    "knight": ("桂馬", "成桂", "knight", 0.9),
    "lance": ("香車", "成香", "lance", 0.88),
    "pawn": ("歩兵", "と金", "pawn", 0.84),
}


def pentagon(size):
    def p(x, y):
        return f"{50 + (x - 50) * size:.2f} {50 + (y - 50) * size:.2f}"

    return (
        f'<path d="M{p(50, 4)} L{p(77, 16)} L{p(87, 95)} L{p(13, 95)} L{p(23, 16)} Z" '
        f'fill="{WOOD}" stroke="{WOOD_EDGE}" stroke-width="2.5" stroke-linejoin="round"/>'
    )


def main():
    out = {}
    for name in WESTERN:
        out[f"western-{name}"] = western(name)
    out["western-duck"] = duck()

    tc = font(SERIF, TC)
    for kind, (red, black, sym) in XIANGQI.items():
        for side, ch in (("red", red), ("black", black)):
            out[f"xiangqi-{kind}-{side}"] = svg(disc() + "\n" + chars(ch, 50, 50, 50, MARK, tc))
        out[f"xiangqi-{kind}-sym"] = svg(disc() + "\n" + symbol_group(sym, MARK))

    for kind, (cho, han, sym, r) in JANGGI.items():
        h = r * 1.12
        for side, ch in (("cho", cho), ("han", han)):
            out[f"janggi-{kind}-{side}"] = svg(octagon(r) + "\n" + chars(ch, 50, 50, h, MARK, tc))
        out[f"janggi-{kind}-sym"] = svg(octagon(r) + "\n" + symbol_group(sym, MARK, r / 70))

    jp = font(SERIF, JP)
    for kind, (text, promoted, sym, size) in SHOGI.items():
        h = 33 * size
        out[f"shogi-{kind}"] = svg(
            pentagon(size) + "\n" + chars(text, 50, 56, h, MARK, jp, vertical=True, squash=0.9)
        )
        out[f"shogi-{kind}-sym"] = svg(pentagon(size) + "\n" + symbol_group(sym, MARK, 0.6 * size))
        if promoted:
            out[f"shogi-{kind}-promoted"] = svg(
                pentagon(size)
                + "\n"
                + chars(promoted, 50, 56, h, PROMOTED, jp, vertical=True, squash=0.9)
            )
            out[f"shogi-{kind}-promoted-sym"] = svg(
                pentagon(size) + "\n" + symbol_group(sym, PROMOTED, 0.6 * size)
            )

    for name, text in out.items():
        with open(os.path.join(HERE, f"{name}.svg"), "w", encoding="utf-8") as fh:
            fh.write(text)

    # Label glyphs: Latin letters, digits and a few signs from Noto Sans CJK (Latin part),
    # as paths in a 1000-unit em with y down and the baseline at 0.
    sans = font(SANS, JP)
    labels = {"em": 1000, "ascent": 740, "glyphs": {}}
    cmap = sans.getBestCmap()
    hmtx = sans["hmtx"]
    for ch in "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789:+-. ":
        name = cmap[ord(ch)]
        adv = hmtx[name][0]
        d = glyph_path(sans, ch, (1, 0, 0, -1, 0, 0)) if ch != " " else ""
        labels["glyphs"][ch] = {"advance": adv, "d": d}
    with open(os.path.join(HERE, "labels.json"), "w", encoding="utf-8") as fh:
        json.dump(labels, fh, separators=(",", ":"), sort_keys=True)
    print(f"{len(out)} piece images and {len(labels['glyphs'])} label glyphs written to {HERE}")


if __name__ == "__main__":
    main()
