"""Pictures of solved boards: SVG text built from strings only, each label filled with its colour
from `dlx.puzzles.palette` (the terminal's colour of that label too).

>>> print(board_svg(["A."], cell=10))  # doctest: +NORMALIZE_WHITESPACE
<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10" viewBox="0 0 20 10">
<g stroke="#808080" stroke-width="1">
<rect x="0" y="0" width="10" height="10" fill="#7de8c0"/>
<rect x="10" y="0" width="10" height="10" fill="#ffffff"/>
</g>
<g font-family="monospace" font-size="6" text-anchor="middle" dominant-baseline="central">
<text x="5" y="5">A</text>
</g>
</svg>
"""

from __future__ import annotations

from collections.abc import Sequence
from xml.sax.saxutils import escape

from dlx.puzzles.palette import label_colour

GRID = "#808080"
WHITE = "#ffffff"

__all__ = ["board_svg", "label_colour"]


def board_svg(rows: Sequence[Sequence[str]], blank: str = ".", cell: int = 24) -> str:
    """An SVG picture of a board of labels: one square of `cell` pixels per label, coloured by
    `label_colour` with the label in its centre; `blank` cells white and empty."""
    if cell < 1:
        raise ValueError(f"the cell size must be at least 1 pixel, not {cell}")
    width = cell * max((len(row) for row in rows), default=0)
    height = cell * len(rows)
    squares: list[str] = []
    labels: list[str] = []
    for r, row in enumerate(rows):
        for c, mark in enumerate(row):
            x, y = c * cell, r * cell
            fill = WHITE if mark == blank else label_colour(mark)
            squares.append(f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{fill}"/>')
            if mark != blank:
                labels.append(
                    f'<text x="{x + cell / 2:g}" y="{y + cell / 2:g}">{escape(mark)}</text>'
                )
    return "\n".join(
        [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}"'
            f' viewBox="0 0 {width} {height}">',
            f'<g stroke="{GRID}" stroke-width="1">',
            *squares,
            "</g>",
            f'<g font-family="monospace" font-size="{cell * 0.6:g}" text-anchor="middle"'
            ' dominant-baseline="central">',
            *labels,
            "</g>",
            "</svg>",
            "",
        ]
    )
