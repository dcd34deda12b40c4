"""What does a solution look like as a picture? An SVG drawing on its grid: squares, triangles or
hexagons (cubes: one panel per layer, the lowest on the left), each piece filled with its label's
colour as one shape, a dark line wherever two pieces (or a piece and the outside) meet and none
inside a piece, its name in readable ink along the longest run of its cells in a row (as large
as fits, shortened only where it cannot fit); board cells left empty are white; where the text's
labels are not the pieces' names, the legend under it.

>>> from dlx.tiling.drawn import read_picture
>>> from dlx.tiling.build import build, solutions
>>> tiling = build(read_picture("board 1x2\\npiece D\\n##\\n"))
>>> solution_svg(tiling.puzzle, next(solutions(tiling))).count("<polygon")
2
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from dlx.pictures.palette import BORDER, ink
from dlx.pictures.svg import escape, opening
from dlx.tiling.grids import Cell
from dlx.tiling.iso_svg import iso_svg
from dlx.tiling.model import Placement, Puzzle
from dlx.tiling.render import label_colours, legend_lines, marks
from dlx.tiling.sticks_svg import sticks_svg

Point = tuple[float, float]
SCALE = 28.0
MARGIN = 8.0
EMPTY = "#ffffff"
ROOT3 = math.sqrt(3.0)
PANEL_GAP = 1.5
"""Space between a cube's layer panels, in cells."""
LABEL_FONT = {3: 10, 4: 14, 6: 13}
"""A piece name's largest size in pixels, by its cell's corners: triangle, square, hexagon."""
MIN_FONT = 8
"""The least size a name is written in; a longer name is shortened to fit at this size."""
NARROW, WIDE = "fijlrtI1.,:;'!| ", "mwMW@%"
"""Characters a bold sans-serif face draws narrower or wider than most."""
SPACING = {"square": (1.0, 1.0), "triangle": (0.5, ROOT3 / 2), "hex": (ROOT3 / 2, 0.75)}
"""By grid: the distance between the centres of two cells side by side in a row, and between
rows."""
LEGEND_FONT = 12


def solution_svg(
    puzzle: Puzzle,
    solution: Sequence[Placement],
    legend: bool = True,
    colours: dict[str, str] | None = None,
    explode: float = 0.0,
) -> str:
    """The SVG text of a solution on its puzzle's grid; without its legend where `legend` is
    false (the studio's page writes its own beside it); each label's fill `colours` gives, or
    `label_colours`'; a box of cubes seen from outside first (`dlx.tiling.iso_svg`, its pieces
    pulled apart by `explode`)."""
    if puzzle.grid.name == "sticks":
        return sticks_svg(puzzle, solution, legend, colours)
    colours = colours or label_colours(puzzle, solution)
    if puzzle.grid.solid and solution:  # the box from outside, its layers under it
        layers = layers_svg(puzzle, solution, legend, colours)
        return stacked([[iso_svg(puzzle, solution, colours, explode)], [layers]])
    return layers_svg(puzzle, solution, legend, colours)


def layers_svg(
    puzzle: Puzzle, solution: Sequence[Placement], legend: bool, colours: dict[str, str]
) -> str:
    """The solution drawn flat on its grid (a box's layers side by side)."""
    owner: dict[Cell, int] = {}
    for number, pl in enumerate(solution):
        for cell, suffix in pl.spots:
            if suffix == 0:
                owner[cell] = number
    labels = marks(puzzle, solution)
    cells = [cell for cell, s in puzzle.board if s == 0]
    shapes = {cell: _polygon(puzzle, cell) for cell in cells}
    fills = [(shapes[c], colours[labels[owner[c]]] if c in owner else EMPTY) for c in cells]
    edges = _borders(shapes, owner)
    inks = [ink(colours[label]) for label in labels]
    words = [puzzle.pieces[pl.piece].name for pl in solution]
    spacing = SPACING.get(puzzle.grid.name, SPACING["square"])
    names = _names(shapes, owner, inks, words, spacing, puzzle.grid.solid)
    return _document(
        list(shapes.values()),
        fills,
        edges,
        _captions(puzzle, cells),
        names,
        legend_lines(puzzle, labels) if legend else [],
    )


def _names(
    shapes: dict[Cell, list[Point]],
    owner: dict[Cell, int],
    inks: list[str],
    words: list[str],
    spacing: tuple[float, float],
    solid: bool,
) -> list[tuple[Point, str, str, int]]:
    """Each placed piece's name (with the ink readable on its fill) along the longest run of
    its cells in a row, nearest the middle of its cells, as large as fits there up to the
    grid's label size (shortened with an ellipsis only where even MIN_FONT does not fit); on
    cubes, once in each layer the piece reaches."""
    cells: dict[tuple[int, int], list[Cell]] = {}
    for cell, number in owner.items():
        cells.setdefault((number, cell[2] if solid else 0), []).append(cell)
    found = []
    for (number, _), mine in sorted(cells.items()):
        spot, width = _widest_run([shapes[c] for c in mine], *spacing)
        text, size = _fitted(words[number], width * SCALE, LABEL_FONT[len(shapes[mine[0]])])
        found.append((spot, text, inks[number], size))
    return found


def _widest_run(cells: list[list[Point]], spacing: float, height: float) -> tuple[Point, float]:
    """The middle and width (in cells' units) of the longest run of side-by-side cells in one
    row (rows `height` apart), of those nearest the middle of all the cells."""
    centres = sorted((math.floor(y / height + 0.25), x, y) for x, y in map(_centre, cells))
    mx = sum(x for _, x, _ in centres) / len(centres)
    my = sum(y for _, _, y in centres) / len(centres)
    runs: list[list[tuple[int, float, float]]] = []
    for row, x, y in centres:
        last = runs[-1][-1] if runs else None
        if last is not None and last[0] == row and x - last[1] <= spacing * 1.01:
            runs[-1].append((row, x, y))
        else:
            runs.append([(row, x, y)])

    def middle(run: list[tuple[int, float, float]]) -> Point:
        return (run[0][1] + run[-1][1]) / 2, sum(y for _, _, y in run) / len(run)

    best = max(
        runs,
        key=lambda run: (len(run), -((middle(run)[0] - mx) ** 2 + (middle(run)[1] - my) ** 2)),
    )
    return middle(best), best[-1][1] - best[0][1] + spacing


def _fitted(name: str, room: float, largest: int) -> tuple[str, int]:
    """`name` and its font size, the largest up to `largest` at which it fits `room` pixels;
    at MIN_FONT, as much of it as fits with an ellipsis (at least its first character)."""
    room -= 4  # a little space either side
    for size in range(largest, MIN_FONT - 1, -1):
        if _width(name) * size <= room:
            return name, size
    keep = len(name)
    while keep > 1 and _width(name[:keep] + "\u2026") * MIN_FONT > room:
        keep -= 1
    return (name if keep == len(name) else name[:keep] + "\u2026"), MIN_FONT


def _width(text: str) -> float:
    """Text's width over its font size, as a bold sans-serif face draws it (DejaVu Sans Bold's
    widths, rounded up by kind of character)."""
    return sum(
        0.4 if c in NARROW else 1.0 if c in WIDE else 0.8 if c.isupper() else 0.7 for c in text
    )


def _centre(corners: list[Point]) -> Point:
    """The centre of a cell: the mean of its corners."""
    return (sum(x for x, _ in corners) / len(corners), sum(y for _, y in corners) / len(corners))


def _polygon(puzzle: Puzzle, cell: Cell) -> list[Point]:
    """The corners of a cell, in cell units, y downwards."""
    name = puzzle.grid.name
    if name == "triangle":
        x, y, t = cell
        corners = (
            [(x, y), (x + 1, y), (x, y + 1)] if t == 0 else [(x + 1, y), (x + 1, y + 1), (x, y + 1)]
        )
        return [(a + b / 2, -b * ROOT3 / 2) for a, b in corners]
    if name == "hex":
        x, y = cell
        cx, cy = ROOT3 * (x + y / 2) / 2, 0.75 * y
        return [
            (
                cx + math.cos(math.radians(30 + 60 * k)) / 2,
                cy + math.sin(math.radians(30 + 60 * k)) / 2,
            )
            for k in range(6)
        ]
    row, col = float(cell[0]), float(cell[1])
    if puzzle.grid.solid:
        low = min(c[1] for c, _ in puzzle.board)
        high = max(c[1] for c, _ in puzzle.board)
        col += (cell[2]) * (high - low + 1 + PANEL_GAP)
    return [(col, row), (col + 1, row), (col + 1, row + 1), (col, row + 1)]


def _borders(shapes: dict[Cell, list[Point]], owner: dict[Cell, int]) -> list[tuple[Point, Point]]:
    """The edges between cells of different pieces, or on the outside of the drawn cells."""
    sides: dict[tuple[Point, Point], list[int]] = {}
    for cell, corners in shapes.items():
        for a, b in zip(corners, corners[1:] + corners[:1], strict=True):
            ends = sorted((_round(a), _round(b)))
            key = (ends[0], ends[1])
            sides.setdefault(key, []).append(owner.get(cell, -1))
    return [
        edge for edge, who in sides.items() if len(who) == 1 or who[0] != who[1] or who[0] == -1
    ]


def _round(point: Point) -> Point:
    """A corner rounded so that shared corners compare equal (rounded before the two ends of a
    side are ordered: a hexagon's upright side has ends whose x differ only in the last bits, so
    ordering them first made the two hexagons on either side disagree and draw it as a border)."""
    return (round(point[0], 6), round(point[1], 6))


def _captions(puzzle: Puzzle, cells: list[Cell]) -> list[tuple[Point, str]]:
    """Layer names above a cube's panels."""
    if not puzzle.grid.solid:
        return []
    top = min(c[0] for c in cells)
    layers = sorted({c[2] for c in cells})
    found = []
    for z in layers:
        corner = _polygon(puzzle, (top, min(c[1] for c in cells), z))[0]
        found.append(((corner[0], corner[1] - 0.3), f"layer {z + 1}"))
    return found


def _document(
    shapes: list[list[Point]],
    fills: list[tuple[list[Point], str]],
    edges: list[tuple[Point, Point]],
    captions: list[tuple[Point, str]],
    names: list[tuple[Point, str, str, int]],
    legend: list[str],
) -> str:
    """The SVG text: filled cells (stroked in their own colour so no seam shows), then the
    borders, then captions, the pieces' labels and the legend's lines under the picture."""
    left, top, bottom, width, height = _box(shapes, captions, legend)

    def at(p: Point) -> str:
        return f"{(p[0] - left) * SCALE + MARGIN:.2f},{(p[1] - top) * SCALE + MARGIN:.2f}"

    lines = [opening(width, height), '<g stroke-width="1" stroke-linejoin="round">']
    for corners, colour in fills:
        path = " ".join(at(p) for p in corners)
        lines.append(f'<polygon points="{path}" fill="{colour}" stroke="{colour}"/>')
    lines.append(f'</g>\n<g stroke="{BORDER}" stroke-width="2.5" stroke-linecap="round">')
    for a, b in edges:
        (x1, y1), (x2, y2) = at(a).split(","), at(b).split(",")
        lines.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>')
    lines.append('</g>\n<g font-family="sans-serif" font-size="12">')
    for p, text in captions:
        x, y = at(p).split(",")
        lines.append(f'<text x="{x}" y="{y}">{escape(text)}</text>')
    lines.append('</g>\n<g font-family="sans-serif" font-weight="bold" text-anchor="middle">')
    for p, text, colour, size in names:
        x, y = at((p[0], p[1] + 0.35 * size / SCALE)).split(",")
        lines.append(
            f'<text x="{x}" y="{y}" font-size="{size}" fill="{colour}">{escape(text)}</text>'
        )
    lines.append(f'</g>\n<g font-family="monospace" font-size="{LEGEND_FONT}">')
    for number, line in enumerate(legend, start=1):
        baseline = bottom + number * LEGEND_FONT * 1.4
        lines.append(f'<text x="{MARGIN:.2f}" y="{baseline:.2f}">{escape(line)}</text>')
    lines.append("</g>\n</svg>\n")
    return "\n".join(lines)


def _box(
    shapes: list[list[Point]], captions: list[tuple[Point, str]], legend: list[str]
) -> tuple[float, float, float, float, float]:
    """Where the picture starts (its least x and y, in the grid's units), where its legend
    starts and its width and height (in pixels): room for every cell, caption and legend line."""
    points = [p for corners in shapes for p in corners] + [p for p, _ in captions]
    left = min(x for x, _ in points)
    top = min(y for _, y in points) - (0.5 if captions else 0)
    bottom = (max(y for _, y in points) - top) * SCALE + MARGIN
    width = (max(x for x, _ in points) - left) * SCALE + 2 * MARGIN
    longest = max((len(line) for line in legend), default=0)
    width = max(width, longest * LEGEND_FONT * 0.62 + 2 * MARGIN)
    return left, top, bottom, width, bottom + MARGIN + len(legend) * LEGEND_FONT * 1.4


def picture_size(svg: str) -> tuple[float, float]:
    """The width and height a picture of `solution_svg` declares."""
    head = svg[: svg.index(">")]
    return float(head.split('width="')[1].split('"')[0]), float(
        head.split('height="')[1].split('"')[0]
    )


def stacked(rows: list[list[str]]) -> str:
    """One SVG of pictures laid in rows, left to right, top to bottom."""
    parts, y, width = [], 0.0, 0.0
    for row in rows:
        x, height = 0.0, 0.0
        for picture in row:
            w, h = picture_size(picture)
            parts.append(picture.replace("<svg ", f'<svg x="{x:.0f}" y="{y:.0f}" ', 1))
            x, height = x + w, max(height, h)
        y, width = y + height, max(width, x)
    return f"{opening(width, y)}\n{''.join(parts)}</svg>\n"
