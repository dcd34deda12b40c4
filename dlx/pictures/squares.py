"""A board of labelled square cells as a picture sees it: which piece each cell belongs to (a
piece is all the cells of one label), which pieces touch, where the dark borders go (between
pieces, between a piece and an empty cell, around the board), each piece's outline, where its
label is written, and each piece's colour (`board_colours`: the terminal's and the SVG's).

Coordinates: cell (row, column) spans the points (x, y) with column <= x <= column + 1 and
row <= y <= row + 1, y growing downwards as on a screen.

>>> board_colours(["AAB", "CCB"])
{'A': '#77aadd', 'B': '#ee8866', 'C': '#44bb99'}
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence

from dlx.pictures.palette import ink, piece_colours

Cell = tuple[int, int]
"""(row, column)."""
Point = tuple[int, int]
"""(x, y) on the grid's lines: x a column's left side, y a row's top."""
Edge = tuple[Point, Point]
"""A straight line between two points, the smaller first."""
Rows = Sequence[Sequence[str]]
"""A board: rows of labels (strings of one-character labels, or lists of labels)."""
BLANKS = frozenset({".", " "})
"""The labels of empty cells."""


def cells_of(rows: Rows, blanks: Collection[str] = BLANKS) -> dict[Cell, str]:
    """Each non-empty cell's label, in reading order."""
    return {
        (r, c): label
        for r, row in enumerate(rows)
        for c, label in enumerate(row)
        if label not in blanks
    }


def touching(cells: Mapping[Cell, str]) -> dict[str, list[str]]:
    """The pieces' adjacency graph: each label (sorted) with the labels of the cells sharing a
    side with its cells (sorted)."""
    graph: dict[str, set[str]] = {label: set() for label in sorted(set(cells.values()))}
    for (r, c), label in cells.items():
        for other in (cells.get((r, c + 1)), cells.get((r + 1, c))):
            if other is not None and other != label:
                graph[label].add(other)
                graph[other].add(label)
    return {label: sorted(others) for label, others in graph.items()}


def board_colours(rows: Rows, blanks: Collection[str] = BLANKS) -> dict[str, str]:
    """Each label's fill: `colour_graph` of the pieces' adjacency graph, so touching pieces are
    at least delta E 20 apart and the same board always gets the same colours."""
    return piece_colours(touching(cells_of(rows, blanks)))


def board_styles(rows: Rows, blanks: Collection[str] = BLANKS) -> dict[str, str]:
    """Each label's terminal style, in rich's words: bold readable ink on its `board_colours`
    fill, as the SVG picture draws it.

    >>> board_styles(["A"])
    {'A': 'bold #1a1a1a on #77aadd'}
    """
    return terminal_styles(board_colours(rows, blanks))


def terminal_styles(fills: Mapping[str, str]) -> dict[str, str]:
    """Each label's terminal style for its fill: bold readable ink on the fill, in rich's words.

    >>> terminal_styles({"A": "#000000"})
    {'A': 'bold #ffffff on #000000'}
    """
    return {label: f"bold {ink(fill)} on {fill}" for label, fill in fills.items()}


def border_edges(cells: Mapping[Cell, str], height: int, width: int) -> set[Edge]:
    """The unit edges drawn dark on a `height` x `width` board: those between two cells of
    different labels (an empty cell's label being none) and those around the board."""
    edges: set[Edge] = set()
    for r in range(height):
        for c in range(width + 1):
            if c in (0, width) or cells.get((r, c - 1)) != cells.get((r, c)):
                edges.add(((c, r), (c, r + 1)))
    for r in range(height + 1):
        for c in range(width):
            if r in (0, height) or cells.get((r - 1, c)) != cells.get((r, c)):
                edges.add(((c, r), (c + 1, r)))
    return edges


def straight_runs(edges: Iterable[Edge]) -> list[Edge]:
    """The unit edges joined into maximal straight lines: horizontal ones row by row, then
    vertical ones column by column."""
    across = sorted((e for e in edges if e[0][1] == e[1][1]), key=lambda e: e[0][::-1])
    down = sorted(e for e in edges if e[0][0] == e[1][0])
    runs: list[Edge] = []
    for group in (across, down):
        start = len(runs)
        for first, last in group:
            if len(runs) > start and runs[-1][1] == first:
                runs[-1] = (runs[-1][0], last)
            else:
                runs.append((first, last))
    return runs


def outline(cells: Iterable[Cell]) -> list[list[Point]]:
    """The closed loops around a set of cells, as their corner points: one around each part
    (clockwise on screen) and one inside each hole (anticlockwise); the loop holding the
    smallest point first."""
    own = set(cells)
    step: dict[Point, list[Point]] = {}
    for r, c in sorted(own):
        corners = ((c, r), (c + 1, r), (c + 1, r + 1), (c, r + 1))
        beyond = ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1))
        for k, across in enumerate(beyond):
            if across not in own:
                step.setdefault(corners[k], []).append(corners[(k + 1) % 4])
    loops: list[list[Point]] = []
    while step:
        loops.append(_corners(_walk(step, min(step))))
    return loops


def _walk(step: dict[Point, list[Point]], start: Point) -> list[Point]:
    """The points of one closed walk along `step` from `start`, its edges taken out of it."""
    walk = [start]
    point = start
    while True:
        following = step[point].pop(0)
        if not step[point]:
            del step[point]
        if following == start:
            return walk
        walk.append(following)
        point = following


def _corners(loop: list[Point]) -> list[Point]:
    """The points of a closed loop where it turns."""
    kept = []
    for k, (x, y) in enumerate(loop):
        (px, py), (nx, ny) = loop[k - 1], loop[(k + 1) % len(loop)]
        if (x - px, y - py) != (nx - x, ny - y):
            kept.append((x, y))
    return kept


def label_spots(cells: Mapping[Cell, str]) -> list[tuple[Cell, str]]:
    """Where labels are written: one cell in each connected part of each piece, the part's
    cell nearest its centre (the first in reading order on a tie); in reading order."""
    seen: set[Cell] = set()
    spots: list[tuple[Cell, str]] = []
    for cell, label in cells.items():
        if cell not in seen:
            part = _part(cells, cell)
            seen.update(part)
            spots.append((_central(part), label))
    return sorted(spots)


def _part(cells: Mapping[Cell, str], start: Cell) -> list[Cell]:
    """The cells of `start`'s label joined to it through sides of cells of that label."""
    label, part, frontier = cells[start], {start: None}, [start]
    while frontier:
        r, c = frontier.pop()
        for near in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if cells.get(near) == label and near not in part:
                part[near] = None
                frontier.append(near)
    return list(part)


def _central(part: Sequence[Cell]) -> Cell:
    """The cell of `part` nearest the part's centre, the first in reading order on a tie."""
    mean_r = sum(r for r, _ in part) / len(part)
    mean_c = sum(c for _, c in part) / len(part)
    return min(part, key=lambda cell: ((cell[0] - mean_r) ** 2 + (cell[1] - mean_c) ** 2, cell))
