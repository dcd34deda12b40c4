"""Drawing answers: plain text for pipes, one colour per letter for terminals (through rich)."""

from __future__ import annotations

import colorsys
from typing import TYPE_CHECKING

from fillit.vocabulary import Answer

if TYPE_CHECKING:
    from rich.text import Text


def plain(answer: Answer) -> str:
    """The board as fillit prints it: one row per line of letters and '.', each ending in '\\n'."""
    return "".join(row + "\n" for row in answer.rows())


def letter_colour(index: int, count: int) -> str:
    """A distinct colour for the piece at `index` among `count`, as a rich hex colour."""
    hue = index / max(count, 1)
    red, green, blue = colorsys.hsv_to_rgb(hue, 0.65, 1.0)
    return f"#{int(red * 255):02x}{int(green * 255):02x}{int(blue * 255):02x}"


def coloured(answer: Answer) -> Text:
    """The board as rich text, each piece's letter in its own colour."""
    from rich.text import Text

    count = len(answer.pieces)
    text = Text()
    for row in answer.rows():
        for mark in row:
            if mark == ".":
                text.append(mark, style="dim")
            else:
                text.append(mark, style=f"bold {letter_colour(ord(mark) - ord('A'), count)}")
        text.append("\n")
    return text
