"""The 19 fixed tetrominoes, drawn as pictures, and a Hypothesis strategy for lists of them.

A *fixed* tetromino is a shape up to translation only (rotations and reflections are distinct), as
fillit sees them: 2 I, 1 O, 4 T, 4 J, 4 L, 2 S and 2 Z.
"""

from __future__ import annotations

from hypothesis import strategies as st

from fillit.pieces import Piece

PICTURES: dict[str, str] = {
    "I vertical": "#/#/#/#",
    "I horizontal": "####",
    "O": "##/##",
    "T up": ".#./###",
    "T down": "###/.#.",
    "T left": ".#/##/.#",
    "T right": "#./##/#.",
    "J up": ".#/.#/##",
    "J right": "#../###",
    "J down": "##/#./#.",
    "J left": "###/..#",
    "L up": "#./#./##",
    "L right": "###/#..",
    "L down": "##/.#/.#",
    "L left": "..#/###",
    "S flat": ".##/##.",
    "S upright": "#./##/.#",
    "Z flat": "##./.##",
    "Z upright": ".#/##/#.",
}
"""Each fixed tetromino's picture, rows separated by '/'."""


def from_picture(picture: str) -> Piece:
    """The piece drawn by `picture`: '#' for its cells, '.' elsewhere, rows separated by '/'."""
    cells = [
        (r, c)
        for r, row in enumerate(picture.split("/"))
        for c, mark in enumerate(row)
        if mark == "#"
    ]
    return Piece.from_cells(cells)


SHAPES: dict[str, Piece] = {name: from_picture(picture) for name, picture in PICTURES.items()}
TETROMINOES: list[Piece] = list(SHAPES.values())
assert len(set(TETROMINOES)) == 19 and all(len(p.cells) == 4 for p in TETROMINOES)

I_VERTICAL = SHAPES["I vertical"]
I_HORIZONTAL = SHAPES["I horizontal"]
SQUARE = SHAPES["O"]


@st.composite
def piece_lists(draw: st.DrawFn, min_size: int = 1, max_size: int = 10) -> list[Piece]:
    """A list of tetrominoes, repeats allowed. The pieces come from a palette of a few shapes
    drawn first, so identical pieces (and their ordering rules) occur in most lists."""
    palette = draw(st.lists(st.sampled_from(TETROMINOES), min_size=1, max_size=19, unique=True))
    return draw(st.lists(st.sampled_from(palette), min_size=min_size, max_size=max_size))
