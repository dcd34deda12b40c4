"""What does a solution look like as text? The board drawn as the picture format draws it, each
cell showing its piece's label, `.` for a cell left empty; cubes as their layers side by side,
the lowest first; sticks as segments between `+` points, each its piece's label.

>>> from dlx.tiling.drawn import read_picture
>>> from dlx.tiling.build import build, solutions
>>> tiling = build(read_picture("board\\n###\\n#++\\n#++\\npieces trominoes\\n"))
>>> text(tiling.puzzle, next(solutions(tiling)))
['III', 'LL.', 'L..']
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from dlx.pictures.palette import piece_colours
from dlx.tiling.grids import Cell
from dlx.tiling.library import NAMES
from dlx.tiling.model import Piece, Placement, Puzzle
from dlx.tiling.sticks import picture_places

EMPTY = "."
LAYER_GAP = "  "
LABELS = NAMES + "#$%&*@^~"
"""One-character labels for pieces whose names are longer, and for copies."""
RESERVED = ". +|:;="
"""Characters never taken as a label: they mean something in a picture, a spec or the legend."""
OVERFLOW = "?"
"""The label of every copy past the labels there are."""
LEGEND_WIDTH = 78


def label_table(puzzle: Puzzle) -> list[list[str]]:
    """Each piece's one-character label for each of its copies, copy 1 first: the names
    themselves where every name is one character and no piece has copies; else a piece named
    by one character keeps it for its first copy, and every other copy takes the first of its
    name's first character, that character in the other case, or the first free of `LABELS`
    (`?` when all are taken)."""
    names = [piece.name for piece in puzzle.pieces]
    counts = [_copies(puzzle, piece) for piece in puzzle.pieces]
    if all(len(name) == 1 for name in names) and all(n == 1 for n in counts):
        return [[name] for name in names]
    table = [
        [name if len(name) == 1 and k == 0 else "" for k in range(n)]
        for name, n in zip(names, counts, strict=True)
    ]
    taken = {name for name in names if len(name) == 1}
    spare = [label for label in LABELS if label not in taken and label not in RESERVED]
    for name, row in zip(names, table, strict=True):
        for k, label in enumerate(row):
            if not label:
                row[k] = _free(name, taken, spare)
    return table


def _copies(puzzle: Puzzle, piece: Piece) -> int:
    """How many copies of a piece a solution can hold: its most, or as many as fit the board."""
    return max(1, min(piece.bounds[1], len(puzzle.board) // max(1, piece.size)))


def _free(name: str, taken: set[str], spare: list[str]) -> str:
    """The first label not `taken` among `name`'s first character (either case) and the
    `spare` ones (`LABELS` not yet handed out, consumed from the front), now taken; `?` when
    none is left."""
    for label in (name[0], name[0].swapcase()):
        if label not in taken and label not in RESERVED:
            taken.add(label)
            return label
    while spare:
        label = spare.pop(0)
        if label not in taken:
            taken.add(label)
            return label
    return OVERFLOW


def legend(puzzle: Puzzle) -> list[tuple[str, str, int]]:
    """(label, piece name, copy number) of every label, in the pieces' order; empty where the
    labels are the names themselves."""
    table = label_table(puzzle)
    if all(row == [piece.name] for piece, row in zip(puzzle.pieces, table, strict=True)):
        return []
    return [
        (label, piece.name, k)
        for piece, row in zip(puzzle.pieces, table, strict=True)
        for k, label in enumerate(row, start=1)
        if label != OVERFLOW
    ]


def legend_lines(
    puzzle: Puzzle, shown: Collection[str] | None = None, width: int = LEGEND_WIDTH
) -> list[str]:
    """The legend of the labels `shown` (all when None) as text lines of `label=name`
    (`name#k` for copy k of a piece with several), two spaces apart, at most `width`
    characters a line unless one entry is longer.

    >>> from dlx.tiling.drawn import read_picture
    >>> puzzle = read_picture("board 1x3\\npiece line\\n##\\npiece 0:2|dot\\n#\\n")
    >>> legend_lines(puzzle), legend_lines(puzzle, "ld")
    (['l=line  d=dot#1  D=dot#2'], ['l=line  d=dot#1'])
    """
    entries = legend(puzzle)
    several = {name for _, name, k in entries if k > 1}
    lines: list[str] = []
    for label, name, k in entries:
        if shown is not None and label not in shown:
            continue
        entry = f"{label}={name}" + (f"#{k}" if name in several else "")
        if lines and len(lines[-1]) + 2 + len(entry) <= width:
            lines[-1] += "  " + entry
        else:
            lines.append(entry)
    return lines


def marks(puzzle: Puzzle, solution: Sequence[Placement]) -> list[str]:
    """The label of each placement of a solution, its copy's (`copy_numbers`), so that two
    solutions that differ print differently."""
    table = label_table(puzzle)
    return [
        table[pl.piece][k - 1] if k <= len(table[pl.piece]) else OVERFLOW
        for pl, k in zip(solution, copy_numbers(puzzle, solution), strict=True)
    ]


def copy_numbers(puzzle: Puzzle, solution: Sequence[Placement]) -> list[int]:
    """Which copy of its piece each placement of a solution is, from 1: copies numbered in the
    board's order of their first cells."""
    order = {spot: number for number, spot in enumerate(puzzle.board)}
    ranked = sorted(
        range(len(solution)),
        key=lambda j: (solution[j].piece, min(order[spot] for spot in solution[j].spots)),
    )
    found = [0] * len(solution)
    used = [0] * len(puzzle.pieces)
    for j in ranked:
        used[solution[j].piece] += 1
        found[j] = used[solution[j].piece]
    return found


def coloured(puzzle: Puzzle, solution: Sequence[Placement]) -> dict[Cell, str]:
    """The label on each board cell a solution covers (suffixed spots left out)."""
    labels = marks(puzzle, solution)
    return {cell: labels[j] for j, pl in enumerate(solution) for cell, s in pl.spots if s == 0}


def label_colours(puzzle: Puzzle, solution: Sequence[Placement]) -> dict[str, str]:
    """Each label's fill, the same in the SVG picture and on a terminal: `colour_graph` of the
    labels' adjacency on the puzzle's own grid (cells sharing a side, or a face for cubes), so
    touching pieces are at least delta E 20 apart and the same solution always looks the same.

    >>> from dlx.tiling.drawn import read_picture
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
    return piece_colours({label: sorted(others) for label, others in graph.items()})


def text(puzzle: Puzzle, solution: Sequence[Placement]) -> list[str]:
    """The solution as rows of labels on the puzzle's grid."""
    covered = coloured(puzzle, solution)
    cells = [cell for cell, s in puzzle.board if s == 0]
    marks = {cell: covered.get(cell, EMPTY) for cell in cells}
    if puzzle.grid.solid:
        return _layers(marks)
    return _flat(puzzle.grid.name, marks)


def _flat(grid: str, marks: dict[Cell, str]) -> list[str]:
    """The rows of a flat picture of cells' marks; sticks with their points (`picture_places`)."""
    if grid == "sticks":
        return _rows(picture_places(marks), even=False)
    places = {_position(grid, cell): mark for cell, mark in marks.items()}
    return _rows(places, even=grid != "square")


def _position(grid: str, cell: Cell) -> tuple[int, int]:
    """(row, column) of a cell in a flat picture, as `dlx.tiling.drawn` reads it."""
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


def board_picture(puzzle: Puzzle) -> list[str]:
    """The board's rows as a picture draws them: `#` a cell, `+` one that may stay empty, `.`
    none; a box's layers one after another, the lowest first, a blank row between them.

    >>> from dlx.tiling.drawn import read_picture
    >>> board_picture(read_picture("grid hex\\nboard 2x2\\npiece 4|a\\n#\\n"))
    ['#.#', '.#.#']
    """
    marks = {cell: "+" if (cell, s) in puzzle.loose else "#" for cell, s in puzzle.board if s == 0}
    if puzzle.grid.name == "sticks":
        return _flat("sticks", {edge: "|" if edge[2] else "-" for edge in marks})
    if not puzzle.grid.solid:
        return [row.replace(" ", ".") or "." for row in _flat(puzzle.grid.name, marks)]
    xs, ys, zs = (range(min(c[k] for c in marks), max(c[k] for c in marks) + 1) for k in range(3))
    layers = [
        ["".join(marks.get((x, y, z), ".") for y in ys).rstrip(".") or "." for x in xs] for z in zs
    ]
    return [row for n, layer in enumerate(layers) for row in ([""] if n else []) + layer]
