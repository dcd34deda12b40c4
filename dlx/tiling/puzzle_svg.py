"""What does a puzzle look like before it is solved? Its board, empty, and under it each piece as
first drawn, named, in a colour of its own: `dlx.tiling.Puzzle`'s picture (in a notebook too),
drawn by `dlx.tiling.svg` piece by piece and laid out in rows.

>>> from dlx.tiling.drawn import read_picture
>>> picture = puzzle_svg(read_picture("board 2x3\\npieces trominoes\\n"))
>>> picture.count("<svg"), picture.count("<polygon")
(4, 12)
"""

from __future__ import annotations

from dlx.pictures.palette import piece_colours
from dlx.tiling.model import Placement, Puzzle
from dlx.tiling.render import marks
from dlx.tiling.svg import solution_svg


def puzzle_svg(puzzle: Puzzle) -> str:
    """A puzzle's picture: its board, empty, and under it each piece as first drawn, named (in
    rows no wider than the board, or 480 pixels)."""
    board = solution_svg(puzzle, [], legend=False)
    own = piece_colours({number: [] for number in range(len(puzzle.pieces))})
    drawn = []
    for number, piece in enumerate(puzzle.pieces):
        spots = puzzle.grid.normalise(spot for spot in piece.drawings[0] if spot[1] == 0)
        alone = Puzzle(puzzle.grid, spots, [piece])
        placed = [Placement(0, 0, spots)]
        fill = {marks(alone, placed)[0]: own[number]}
        drawn.append(solution_svg(alone, placed, legend=False, colours=fill))
    return _stacked([[board], *_rows(drawn, max(_size(board)[0], 480.0))])


def _size(svg: str) -> tuple[float, float]:
    """The width and height a picture of `solution_svg` declares."""
    head = svg[: svg.index(">")]
    return float(head.split('width="')[1].split('"')[0]), float(
        head.split('height="')[1].split('"')[0]
    )


def _rows(pictures: list[str], width: float) -> list[list[str]]:
    """Pictures in rows, each as many as fit in `width` (at least one)."""
    rows: list[list[str]] = [[]]
    used = 0.0
    for picture in pictures:
        if rows[-1] and used + _size(picture)[0] > width:
            rows.append([])
            used = 0.0
        rows[-1].append(picture)
        used += _size(picture)[0]
    return [row for row in rows if row]


def _stacked(rows: list[list[str]]) -> str:
    """One SVG of pictures laid in rows, left to right, top to bottom."""
    parts, y, width = [], 0.0, 0.0
    for row in rows:
        x, height = 0.0, 0.0
        for picture in row:
            w, h = _size(picture)
            parts.append(picture.replace("<svg ", f'<svg x="{x:.0f}" y="{y:.0f}" ', 1))
            x, height = x + w, max(height, h)
        y, width = y + height, max(width, x)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{y:.0f}"'
        f' viewBox="0 0 {width:.0f} {y:.0f}">\n{"".join(parts)}</svg>\n'
    )
