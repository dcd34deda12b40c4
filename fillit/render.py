"""Drawing answers: plain text for pipes, one colour per letter for terminals (through rich), the
letter's colour in SVG pictures too (`dlx.puzzles.palette`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fillit.vocabulary import Answer

if TYPE_CHECKING:
    from rich.text import Text


def plain(answer: Answer) -> str:
    """The board as fillit prints it: one row per line of letters and '.', each ending in '\\n'.

    >>> from fillit.solver.fast import arrange_fast
    >>> from fillit.pieces import Piece
    >>> print(plain(arrange_fast([Piece(((0, 0), (0, 1), (1, 0), (1, 1)))] * 2)), end="")
    AABB
    AABB
    ....
    ....
    """
    return "".join(row + "\n" for row in answer.rows())


def coloured(answer: Answer) -> Text:
    """The board as rich text, each piece's letter in its own colour (`label_colour`).

    >>> from fillit.solver.fast import arrange_fast
    >>> from fillit.pieces import Piece
    >>> text = coloured(arrange_fast([Piece(((0, 0), (0, 1), (1, 0), (1, 1)))]))
    >>> text.plain, [str(span.style) for span in text.spans][:2]
    ('AA\\nAA\\n', ['bold #7de8c0', 'bold #7de8c0'])
    """
    from rich.text import Text

    # Imported here, as rich is: plain output (pipes, the judge) starts without the palette.
    from dlx.puzzles.palette import label_colour

    text = Text()
    for row in answer.rows():
        for mark in row:
            if mark == ".":
                text.append(mark, style="dim")
            else:
                text.append(mark, style=f"bold {label_colour(mark)}")
        text.append("\n")
    return text
