"""What does a polystick solution look like as a picture? The lattice's points faint, the board's
edges that no piece holds as thin grey lines, each piece's segments thick in its label's colour
(outlined, so that two pieces meeting at a point stay apart), its name in a disc of its colour
on its middle segment; the legend under it where the labels are not the names (as
`dlx.tiling.svg` draws the cell grids).

>>> from dlx.tiling.drawn import read_picture
>>> from dlx.tiling.build import build, solutions
>>> tiling = build(read_picture("grid sticks\\nboard 1x1\\npiece O\\n+-+\\n|.|\\n+-+\\n"))
>>> picture = sticks_svg(tiling.puzzle, next(solutions(tiling)))
>>> picture.count("<line"), picture.count("<circle")
(8, 5)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from dlx.pictures.palette import BORDER, ink
from dlx.pictures.svg import escape, opening
from dlx.tiling.grids import Cell, ends
from dlx.tiling.model import Placement, Puzzle
from dlx.tiling.render import label_colours, legend_lines, marks

SCALE = 36.0
"""Pixels from one point of the lattice to the next."""
MARGIN = 16.0
STICK, OUTLINE, BARE = 7.0, 10.0, 2.0
"""The widths of a piece's segment, of its outline, and of an edge no piece holds."""
POINT_COLOUR, BARE_COLOUR = "#b8b8b8", "#d4d4d4"
DISC = 8.5
"""The radius of the disc that carries a piece's name."""
LEGEND_FONT = 12

Spot = tuple[float, float]
"""A place on the lattice, in its units (a point, or the middle of a segment)."""
At = Callable[[Spot], Spot]
"""Where a place of the lattice lands in the picture, in pixels."""


def sticks_svg(
    puzzle: Puzzle,
    solution: Sequence[Placement],
    legend: bool = True,
    colours: dict[str, str] | None = None,
) -> str:
    """The SVG text of a solution of sticks (see the module's text); `legend` and `colours` as
    `dlx.tiling.svg.solution_svg` takes them."""
    labels = marks(puzzle, solution)
    colours = colours or label_colours(puzzle, solution)
    held = {cell for pl in solution for cell, s in pl.spots if s == 0}
    edges = [cell for cell, s in puzzle.board if s == 0]
    points = sorted({point for edge in edges for point in ends(edge)})
    width = (max(y for _, y in points) - min(y for _, y in points)) * SCALE + 2 * MARGIN
    height = (max(x for x, _ in points) - min(x for x, _ in points)) * SCALE + 2 * MARGIN
    top, left = min(x for x, _ in points), min(y for _, y in points)
    lines_of_legend = legend_lines(puzzle, labels) if legend else []
    width = max(width, max((len(s) for s in lines_of_legend), default=0) * 7.5 + 2 * MARGIN)
    total = height + len(lines_of_legend) * LEGEND_FONT * 1.4

    def at(place: Spot) -> Spot:
        return ((place[1] - left) * SCALE + MARGIN, (place[0] - top) * SCALE + MARGIN)

    out = [
        opening(width, total),
        f'<g stroke="{BARE_COLOUR}" stroke-width="{BARE}">',
        *(_segment(edge, at) for edge in edges if edge not in held),
        f'</g>\n<g fill="{POINT_COLOUR}">',
        *(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="2"/>' for x, y in map(at, points)),
        "</g>",
    ]
    for pl, label in zip(solution, labels, strict=True):
        out.extend(_piece(pl, colours[label], at))
    for pl, label in zip(solution, labels, strict=True):
        name = puzzle.pieces[pl.piece].name
        out.append(_name(_middle([c for c, s in pl.spots if s == 0]), name, colours[label], at))
    out.append(f'<g font-family="monospace" font-size="{LEGEND_FONT}">')
    for number, line in enumerate(lines_of_legend, start=1):
        y = height + number * LEGEND_FONT * 1.4 - LEGEND_FONT * 0.4
        out.append(f'<text x="{MARGIN:.1f}" y="{y:.1f}">{escape(line)}</text>')
    out.append("</g>\n</svg>\n")
    return "\n".join(out)


def _segment(edge: Cell, at: At, extra: str = "") -> str:
    """An edge as an SVG line between its points."""
    (x1, y1), (x2, y2) = (at(point) for point in ends(edge))
    return f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}"{extra}/>'


def _piece(pl: Placement, colour: str, at: At) -> list[str]:
    """A piece's segments: outlined in the border's colour, then drawn in its own, round-ended
    so that its turns close."""
    cells = [cell for cell, s in pl.spots if s == 0]
    return [
        f'<g stroke-linecap="round"><g stroke="{BORDER}" stroke-width="{OUTLINE}">',
        *(_segment(cell, at) for cell in cells),
        f'</g><g stroke="{colour}" stroke-width="{STICK}">',
        *(_segment(cell, at) for cell in cells),
        "</g></g>",
    ]


def _middle(cells: list[Cell]) -> Spot:
    """The middle of the piece's segment nearest the middle of all its points."""
    mids = [tuple((a + b) / 2 for a, b in zip(*ends(cell), strict=True)) for cell in cells]
    cx = sum(m[0] for m in mids) / len(mids)
    cy = sum(m[1] for m in mids) / len(mids)
    best = min(mids, key=lambda m: ((m[0] - cx) ** 2 + (m[1] - cy) ** 2, m))
    return (best[0], best[1])


def _name(middle: Spot, name: str, colour: str, at: At) -> str:
    """A piece's name in a disc of its colour (its first character where a longer name would not
    fit the disc)."""
    x, y = at(middle)
    text = name if len(name) <= 2 else name[0]
    size = 11 if len(text) == 1 else 9
    return (
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{DISC}" fill="{colour}" stroke="{BORDER}"'
        f' stroke-width="1.5"/><text x="{x:.1f}" y="{y + size * 0.36:.1f}" font-size="{size}"'
        f' font-family="sans-serif" font-weight="bold" text-anchor="middle"'
        f' fill="{ink(colour)}">{escape(text)}</text>'
    )
