"""What does a solution look like as text? The board drawn as the picture format draws it, each
cell showing its piece's label, `.` for a cell left empty; cubes as their layers side by side,
the lowest first.

>>> from dlx.tiling.picture import read_picture
>>> from dlx.tiling.build import build, solutions
>>> tiling = build(read_picture("board\\n###\\n#++\\n#++\\npieces trominoes\\n"))
>>> text(tiling.puzzle, next(solutions(tiling)))
['III', 'LL.', 'L..']
"""

from __future__ import annotations

from collections.abc import Sequence

from dlx.puzzles.palette import colour_graph
from dlx.tiling.grids import Cell
from dlx.tiling.library import NAMES
from dlx.tiling.model import Placement, Puzzle

EMPTY = "."
LAYER_GAP = "  "


def labels(puzzle: Puzzle) -> list[str]:
    """Each piece's one-character label: its name if every name is one character, else a letter
    by its number."""
    names = [piece.name for piece in puzzle.pieces]
    if all(len(name) == 1 for name in names):
        return names
    return [NAMES[i] if i < len(NAMES) else "?" for i in range(len(names))]


def coloured(puzzle: Puzzle, solution: Sequence[Placement]) -> dict[Cell, str]:
    """The label on each board cell a solution covers (suffixed spots left out)."""
    marks = labels(puzzle)
    return {cell: marks[pl.piece] for pl in solution for cell, s in pl.spots if s == 0}


def label_colours(puzzle: Puzzle, solution: Sequence[Placement]) -> dict[str, str]:
    """Each label's fill, the same in the SVG picture and on a terminal: `colour_graph` of the
    labels' adjacency on the puzzle's own grid (cells sharing a side, or a face for cubes), so
    touching pieces are at least delta E 20 apart and the same solution always looks the same.

    >>> from dlx.tiling.picture import read_picture
    >>> from dlx.tiling.build import build, solutions
    >>> tiling = build(read_picture("board 1x2\\npiece A\\n#\\npiece B\\n#\\n"))
    >>> colours = label_colours(tiling.puzzle, next(solutions(tiling)))
    >>> len(set(colours.values()))
    2
    """
    covered = coloured(puzzle, solution)
    graph: dict[str, set[str]] = {label: set() for label in sorted(set(covered.values()))}
    for cell, label in covered.items():
        for other in (covered.get(n) for n in puzzle.grid.neighbours(cell)):
            if other is not None and other != label:
                graph[label].add(other)
    return colour_graph({label: sorted(others) for label, others in graph.items()})


def text(puzzle: Puzzle, solution: Sequence[Placement]) -> list[str]:
    """The solution as rows of labels on the puzzle's grid."""
    covered = coloured(puzzle, solution)
    cells = [cell for cell, s in puzzle.board if s == 0]
    marks = {cell: covered.get(cell, EMPTY) for cell in cells}
    if puzzle.grid.solid:
        return _layers(marks)
    places = {_position(puzzle.grid.name, cell): mark for cell, mark in marks.items()}
    return _rows(places, even=puzzle.grid.name != "square")


def _position(grid: str, cell: Cell) -> tuple[int, int]:
    """(row, column) of a cell in a flat picture, as `dlx.tiling.picture` reads it."""
    if grid == "triangle":
        x, y, t = cell
        return (-y, 2 * x + t + y)
    if grid == "hex":
        x, y = cell
        return (y, 2 * x + y)
    return (cell[0], cell[1])


def _rows(places: dict[tuple[int, int], str], even: bool) -> list[str]:
    """Rows of a flat picture from marks by (row, column), shifted to start at the first row
    and (by an even amount when `even`, to keep each column's kind) at the first column."""
    top = min(r for r, _ in places)
    left = min(c for _, c in places)
    if even:
        left -= (left + top) % 2
    height = max(r for r, _ in places) - top + 1
    rows = [[" "] * (max(c for _, c in places) - left + 1) for _ in range(height)]
    for (r, c), mark in places.items():
        rows[r - top][c - left] = mark
    return ["".join(row).rstrip() for row in rows]


def _layers(marks: dict[Cell, str]) -> list[str]:
    """A box's layers side by side, lowest first."""
    xs = range(min(c[0] for c in marks), max(c[0] for c in marks) + 1)
    ys = range(min(c[1] for c in marks), max(c[1] for c in marks) + 1)
    zs = range(min(c[2] for c in marks), max(c[2] for c in marks) + 1)
    return [
        LAYER_GAP.join("".join(marks.get((x, y, z), " ") for y in ys) for z in zs).rstrip()
        for x in xs
    ]
