"""One colour for each label, the same on the terminal and in SVG pictures (`dlx.puzzles.svg`,
`fillit.render`, the `dlx` command): colours as '#rrggbb' strings, from the standard library only.

A label's colour depends on the label alone, so a piece keeps its colour from board to board and
between the terminal and the picture: the n-th character of PALETTE_ORDER gets the hue n times
the golden angle (successive labels far apart on the colour wheel) at one of three lightnesses.
"""

from __future__ import annotations

import colorsys
import zlib

PALETTE_ORDER = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0"
"""Labels whose colours are distinct: the puzzles' labels (1-9, A-Z) first."""
GOLDEN_ANGLE = 137.50776405003785
LIGHTNESS = (0.7, 0.58, 0.82)


def label_colour(label: str) -> str:
    """The fill colour of `label` as '#rrggbb'; the labels of PALETTE_ORDER get distinct ones.

    >>> label_colour("1"), label_colour("2")
    ('#e87d7d', '#49df75')
    """
    index = PALETTE_ORDER.find(label) if len(label) == 1 else -1
    if index < 0:
        index = len(PALETTE_ORDER) + zlib.crc32(label.encode()) % 1009
    hue = (index * GOLDEN_ANGLE) % 360 / 360
    red, green, blue = colorsys.hls_to_rgb(hue, LIGHTNESS[index % 3], 0.7)
    return "#" + "".join(f"{round(255 * part):02x}" for part in (red, green, blue))
