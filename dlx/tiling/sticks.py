"""What is a polystick? Unit segments of the square lattice, joined end to end, that never cross
another piece: the grid `sticks`, whose cells are the lattice's edges.

Coordinates: the lattice's points are (x, y), x the row and y the column of a picture, as the
square grid's cells; an edge is (x, y, t), t = 0 the horizontal one from point (x, y) to
(x, y + 1), t = 1 the vertical one from (x, y) to (x + 1, y). Two edges touch where they share
a point.

No crossing: two pieces may meet at a point, and both turn there, but one may not pass straight
through a point (two of its edges in line there) that another passes straight through. Each
point where a crossing could happen (its four edges all on the board) is a secondary item that
every placement passing straight through it covers, as Knuth and Polyform Puzzler pose these
puzzles. On the left, the crossing refused; on the right, a meeting allowed:

    +.+.+      +.+.+
    . B .      . B .
    +A+A+      +A+B+
    . B .      . A .
    +.+.+      +.+.+

A picture draws points on even rows and columns (`+`, or `.` where no segment meets), segments
between them: `-` (or any mark but `|`, `+`, `.` and space) on an even row between two points,
`|` (or any such mark but `-`) on an odd row under a point; squares' middles stay blank.

>>> from dlx.tiling.grids import STICKS
>>> [STICKS.normalise([((0, 0, 0), 0)])] == STICKS.orientations([((0, 0, 1), 0)])[1:]
True
>>> crossings([(0, 0, 0), (0, 1, 0), (0, 1, 1)])
[(0, 1)]
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from dlx.tiling.errors import TileError
from dlx.tiling.grids import HORIZONTAL, VERTICAL, Cell, Point, Shape, edges_at, ends
from dlx.tiling.model import DIGITS

BLANK = ". "
POINT = "+"


def crossings(edges: Iterable[Cell]) -> list[Point]:
    """The points a piece of these edges passes straight through, in order."""
    held = set(edges)
    passed = set()
    for edge in held:
        x, y, t = edge
        beyond = (x, y + 1, t) if t == HORIZONTAL else (x + 1, y, t)
        if beyond in held:
            passed.add(ends(edge)[1])
    return sorted(passed)


def crossable(board: Collection[Cell]) -> set[Point]:
    """The points of the board where two pieces could cross: all four of their edges on it."""
    held = set(board)
    points = {point for edge in held for point in ends(edge)}
    return {point for point in points if all(e in held for e in edges_at(point))}


def point_name(point: Point) -> str:
    """The secondary item of a point: its coordinates in Knuth's digits and `+`."""
    return f"{DIGITS[point[0]]}{DIGITS[point[1]]}+"


def crossing_items(board: Shape, placed: Sequence[Shape]) -> tuple[list[str], dict[int, list[str]]]:
    """The no-crossing rule as items: those of the board's points where pieces could cross that
    some placement passes straight through, and each such placement's (by its number)."""
    points = crossable([cell for cell, _ in board])
    passing: dict[int, list[str]] = {}
    used: set[Point] = set()
    for number, spots in enumerate(placed):
        mine = [point for point in crossings(cell for cell, _ in spots) if point in points]
        if mine:
            passing[number] = [point_name(point) for point in mine]
            used.update(mine)
    return [point_name(point) for point in sorted(used)], passing


def rectangle(rows: int, cols: int) -> list[Cell]:
    """Every edge of a rows x cols rectangle of cells: (rows + 1) x cols across, rows x
    (cols + 1) down."""
    across: list[Cell] = [(x, y, HORIZONTAL) for x in range(rows + 1) for y in range(cols)]
    down: list[Cell] = [(x, y, VERTICAL) for x in range(rows) for y in range(cols + 1)]
    return across + down


def read_rows(rows: list[tuple[int, str]]) -> list[tuple[Cell, str]]:
    """The edges drawn in a picture's rows (line number, text), with their marks; TileError
    naming the line and column of a mark off the lattice's edges."""
    found: list[tuple[Cell, str]] = []
    for i, (number, row) in enumerate(rows):
        for c, mark in enumerate(row):
            if mark in BLANK:
                continue
            if i % 2 == 0 and c % 2 == 0:
                _at_point(mark, number, c)
            elif i % 2 == 1 and c % 2 == 1:
                raise TileError(
                    f"line {number}, column {c + 1}: a mark inside a square, not on a segment"
                    " (points on even rows and columns, segments between them: +-+)"
                )
            else:
                found.append((_edge(i, c, mark, number), mark))
    return found


def _at_point(mark: str, number: int, c: int) -> None:
    """Refuse anything but `+` where a point goes: a segment's stroke there draws a segment
    longer than one unit."""
    if mark in "-|":
        raise TileError(
            f"line {number}, column {c + 1}: a segment drawn across a point; each unit segment"
            " is one character between two points (+-+, and | under a +)"
        )
    if mark != POINT:
        raise TileError(
            f"line {number}, column {c + 1}: {mark!r} where a point goes (points are + or ., on"
            " even rows and columns; segments between them)"
        )


def _edge(i: int, c: int, mark: str, number: int) -> Cell:
    """The edge drawn at row i, column c, refused where its mark runs the other way."""
    across = i % 2 == 0
    wrong = "|" if across else "-"
    if mark in (wrong, POINT):
        kind = "an across segment's place" if across else "a down segment's place"
        raise TileError(
            f"line {number}, column {c + 1}: {mark!r} in {kind}; draw - between points on a"
            " row of points, | under a point on the rows between"
        )
    return (i // 2, c // 2, HORIZONTAL if across else VERTICAL)


def picture_places(marks: dict[Cell, str]) -> dict[tuple[int, int], str]:
    """Where a picture draws each edge's mark (row, column), and `+` at each of their points:
    the picture format, read back by `read_rows`."""
    places = {(2 * x + t, 2 * y + 1 - t): mark for (x, y, t), mark in marks.items()}
    for edge in marks:
        for x, y in ends(edge):
            places[(2 * x, 2 * y)] = POINT
    return places
