"""Pictures of solved boards as a puzzle book draws them: each piece one filled shape with no line
inside it, a dark border between pieces, between a piece and an empty cell and around the board,
empty cells white, one label per piece in ink readable on its fill; SVG text from strings only.
The colours are the terminal's (`dlx.pictures.squares.board_colours`): touching pieces at least
CIE delta E 20 apart.

>>> print(board_svg(["AB."], cell=10))  # doctest: +NORMALIZE_WHITESPACE
<svg xmlns="http://www.w3.org/2000/svg" width="34" height="14" viewBox="-2 -2 34 14">
<rect x="-2" y="-2" width="34" height="14" fill="#ffffff"/>
<g stroke="none" fill-rule="evenodd">
<path fill="#77aadd" d="M0 0H10V10H0Z"/>
<path fill="#ee8866" d="M10 0H20V10H10Z"/>
</g>
<path fill="none" stroke="#1a1a1a" stroke-width="2" stroke-linecap="square"
      d="M0 0H30M0 10H30M0 0V10M10 0V10M20 0V10M30 0V10"/>
<g font-family="sans-serif" font-weight="bold" font-size="6" text-anchor="middle">
<text x="5" y="7.1" fill="#1a1a1a">A</text>
<text x="15" y="7.1" fill="#1a1a1a">B</text>
</g>
</svg>
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence

from dlx.pictures.palette import BORDER, ink
from dlx.pictures.squares import (
    BLANKS,
    Cell,
    Point,
    Rows,
    board_colours,
    border_edges,
    cells_of,
    label_spots,
    outline,
    straight_runs,
)

WHITE = "#ffffff"

__all__ = ["board_svg", "chess_svg", "grid_svg"]


def opening(width: float, height: float) -> str:
    """The opening tag of an SVG picture `width` by `height` pixels, its view box the same."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}"'
        f' viewBox="0 0 {width:.0f} {height:.0f}">'
    )


def escape(text: str) -> str:
    """`text` as SVG's character data: `&`, `<` and `>` as entities, as `xml.sax.saxutils.escape`
    gives it (which imports `urllib.request`, 23 ms of a start, for nothing this needs).

    >>> escape("A<B & C>")
    'A&lt;B &amp; C&gt;'
    """
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def board_svg(rows: Rows, blanks: Collection[str] = BLANKS, cell: int = 24) -> str:
    """An SVG picture of a board of labels, `cell` pixels to a square: each piece (the cells of
    one label) filled in its colour from `board_colours`, the borders dark, `blanks` empty."""
    if cell < 1:
        raise ValueError(f"the cell size must be at least 1 pixel, not {cell}")
    height, width = len(rows), max((len(row) for row in rows), default=0)
    cells = cells_of(rows, blanks)
    colours = board_colours(rows, blanks)
    line = 2 * max(1, round(cell / 24))
    box = f"{-line} {-line} {width * cell + 2 * line} {height * cell + 2 * line}"
    _, _, full_width, full_height = box.split()
    return "\n".join(
        [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{full_width}"'
            f' height="{full_height}" viewBox="{box}">',
            f'<rect x="{-line}" y="{-line}" width="{full_width}" height="{full_height}"'
            f' fill="{WHITE}"/>',
            '<g stroke="none" fill-rule="evenodd">',
            *_shapes(cells, colours, cell),
            "</g>",
            f'<path fill="none" stroke="{BORDER}" stroke-width="{line}" stroke-linecap="square"'
            f' d="{_borders(cells, height, width, cell)}"/>',
            f'<g font-family="sans-serif" font-weight="bold" font-size="{cell * 0.6:g}"'
            ' text-anchor="middle">',
            *_labels(cells, colours, cell),
            "</g>",
            "</svg>",
            "",
        ]
    )


def _shapes(cells: Mapping[Cell, str], colours: Mapping[str, str], cell: int) -> list[str]:
    """One filled path per piece, its outline's loops traced round its cells."""
    pieces: dict[str, list[Cell]] = {}
    for where, label in cells.items():
        pieces.setdefault(label, []).append(where)
    return [
        f'<path fill="{colours[label]}" d="{"".join(_loop(p, cell) for p in outline(part))}"/>'
        for label, part in sorted(pieces.items())
    ]


def _loop(points: Sequence[Point], cell: int) -> str:
    """SVG path data for one closed loop of corner points, every step across or down."""
    (x, y), *rest = points
    steps = [f"M{x * cell} {y * cell}"]
    for (px, _), (nx, ny) in zip(points, rest, strict=False):
        steps.append(f"H{nx * cell}" if nx != px else f"V{ny * cell}")
    return "".join(steps) + "Z"


def _borders(cells: Mapping[Cell, str], height: int, width: int, cell: int) -> str:
    """SVG path data for every border, each maximal straight run one subpath."""
    runs = straight_runs(border_edges(cells, height, width))
    return "".join(
        f"M{x0 * cell} {y0 * cell}" + (f"H{x1 * cell}" if y0 == y1 else f"V{y1 * cell}")
        for (x0, y0), (x1, y1) in runs
    )


def _labels(cells: Mapping[Cell, str], colours: Mapping[str, str], cell: int) -> list[str]:
    """One text per connected part of each piece, at its most central cell, in readable ink."""
    return [
        f'<text x="{(c + 0.5) * cell:g}" y="{(r + 0.5) * cell + 0.21 * cell:g}"'
        f' fill="{ink(colours[label])}">{escape(label)}</text>'
        for (r, c), label in label_spots(cells)
    ]


GIVEN_FILL = "#e4e4e4"
"""The fill of a cell whose digit was given: set apart from the digits the search wrote."""
FOUND_INK = "#1f5fbf"
"""The ink of a digit the search wrote (givens are in the border's ink)."""
LIGHT_SQUARE, DARK_SQUARE = "#f0d9b5", "#b58863"
"""A chessboard's squares, as printed boards colour them."""


def grid_svg(
    rows: Rows,
    *,
    box: int | None = None,
    givens: Rows = (),
    clues: object = None,
    cell: int = 24,
) -> str:
    """An SVG picture of a grid of digits (a sudoku, skyscrapers): thin lines between cells,
    thick ones round each `box` x `box` block and the grid, given digits (non-blank in
    `givens`) dark on grey, the others blue on white; `clues` (with `top`, `bottom`, `left`,
    `right` tuples, 0 for none) written outside the grid.

    >>> print(grid_svg(["12", "21"], givens=["1.", ".."], cell=10))  # doctest: +ELLIPSIS
    <svg ... width="24" height="24" viewBox="-2 -2 24 24">
    ...
    <text x="5" y="7.1" fill="#1a1a1a">1</text>
    <text x="15" y="7.1" fill="#1f5fbf">2</text>
    ...
    """
    height, width = len(rows), max((len(row) for row in rows), default=0)
    line = 2 * max(1, round(cell / 24))
    margin = cell if clues is not None else line
    view = (-margin, -margin, width * cell + 2 * margin, height * cell + 2 * margin)
    given = cells_of(givens)
    thin = _grid_lines(height, width, cell, 1)
    thick = _grid_lines(height, width, cell, box or max(height, width))
    texts = [
        _text(r, c, cell, label, BORDER if (r, c) in given else FOUND_INK)
        for (r, c), label in cells_of(rows).items()
    ]
    return "\n".join(
        [
            *_open(view),
            *(_square(r, c, cell, GIVEN_FILL) for r, c in given),
            f'<path fill="none" stroke="#9a9a9a" stroke-width="{line / 2:g}" d="{thin}"/>',
            f'<path fill="none" stroke="{BORDER}" stroke-width="{line}"'
            f' stroke-linecap="square" d="{thick}"/>',
            f'<g font-family="sans-serif" font-weight="bold" font-size="{cell * 0.6:g}"'
            ' text-anchor="middle">',
            *texts,
            *_clues(clues, height, width, cell),
            "</g>",
            "</svg>",
            "",
        ]
    )


def chess_svg(rows: Rows, cell: int = 24) -> str:
    """An SVG picture of a chessboard, light and dark squares, a queen (a dark disc marked Q)
    on each cell labelled `Q`."""
    height, width = len(rows), max((len(row) for row in rows), default=0)
    line = 2 * max(1, round(cell / 24))
    view = (-line, -line, width * cell + 2 * line, height * cell + 2 * line)
    squares = [
        _square(r, c, cell, DARK_SQUARE if (r + c) % 2 else LIGHT_SQUARE)
        for r in range(height)
        for c in range(width)
    ]
    queens = [
        f'<circle cx="{(c + 0.5) * cell:g}" cy="{(r + 0.5) * cell:g}" r="{cell * 0.36:g}"'
        f' fill="{BORDER}"/>\n{_text(r, c, cell, "Q", WHITE)}'
        for (r, c), label in cells_of(rows).items()
        if label == "Q"
    ]
    outline = _grid_lines(height, width, cell, max(height, width))
    return "\n".join(
        [
            *_open(view),
            *squares,
            f'<path fill="none" stroke="{BORDER}" stroke-width="{line}"'
            f' stroke-linecap="square" d="{outline}"/>',
            f'<g font-family="sans-serif" font-weight="bold" font-size="{cell * 0.5:g}"'
            ' text-anchor="middle">',
            *queens,
            "</g>",
            "</svg>",
            "",
        ]
    )


def _open(view: tuple[int, int, int, int]) -> list[str]:
    """The SVG element of a picture spanning `view` (x, y, width, height), on white."""
    x, y, w, h = view
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}"'
        f' viewBox="{x} {y} {w} {h}">',
        f'<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="{WHITE}"/>',
    ]


def _square(r: int, c: int, cell: int, fill: str) -> str:
    """Cell (r, c) filled."""
    return f'<rect x="{c * cell}" y="{r * cell}" width="{cell}" height="{cell}" fill="{fill}"/>'


def _text(r: int, c: int, cell: int, label: str, fill: str) -> str:
    """`label` written in the middle of cell (r, c), or of any place one cell wide."""
    return (
        f'<text x="{(c + 0.5) * cell:g}" y="{(r + 0.5) * cell + 0.21 * cell:g}"'
        f' fill="{fill}">{escape(label)}</text>'
    )


def _grid_lines(height: int, width: int, cell: int, every: int) -> str:
    """SVG path data for the lines every `every` cells across and down, the outer ones too."""
    across = sorted({*range(0, height, every), height})
    down = sorted({*range(0, width, every), width})
    return "".join(f"M0 {r * cell}H{width * cell}" for r in across) + "".join(
        f"M{c * cell} 0V{height * cell}" for c in down
    )


def _clues(clues: object, height: int, width: int, cell: int) -> list[str]:
    """The clues round a grid, each beside its row or column (0: none)."""
    if clues is None:
        return []
    places: dict[str, Callable[[int], tuple[int, int]]] = {
        "top": lambda k: (-1, k),
        "bottom": lambda k: (height, k),
        "left": lambda k: (k, -1),
        "right": lambda k: (k, width),
    }
    written = []
    for side, place in places.items():
        for k, value in enumerate(getattr(clues, side)):
            if value:
                r, c = place(k)
                written.append(_text(r, c, cell, str(value), BORDER))
    return written
