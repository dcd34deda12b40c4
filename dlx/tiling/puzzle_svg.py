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
from dlx.tiling.svg import picture_size, solution_svg, stacked


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
    return stacked([[board], *_rows(drawn, max(picture_size(board)[0], 480.0))])


def _rows(pictures: list[str], width: float) -> list[list[str]]:
    """Pictures in rows, each as many as fit in `width` (at least one)."""
    rows: list[list[str]] = [[]]
    used = 0.0
    for picture in pictures:
        if rows[-1] and used + picture_size(picture)[0] > width:
            rows.append([])
            used = 0.0
        rows[-1].append(picture)
        used += picture_size(picture)[0]
    return [row for row in rows if row]
