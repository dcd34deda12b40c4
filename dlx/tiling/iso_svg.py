"""What does a solved box of cubes look like from outside? An isometric picture: each cube's three
faces a viewer above, in front and to the right sees, filled with its piece's colour, the top
lightest and the right darkest; a dark line wherever a piece's visible surface ends (against
another piece, the air, or a fold), a faint one between cubes of one face; board cells left
empty are white. `explode` pulls the pieces apart from the box's middle, as far as that many
cubes per cube of distance, so that the inside shows. Plain SVG: no script.

Axes as the cube grid reads a picture (`dlx.tiling.drawn`): x the row (towards the viewer), y the
column (to the right), z the layer (up).

>>> from dlx.tiling.drawn import read_picture
>>> from dlx.tiling.build import build, solutions
>>> tiling = build(read_picture("board 1x2x1\\npiece D\\n##\\n"))
>>> iso_svg(tiling.puzzle, next(solutions(tiling))).count("<polygon")
5
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from dlx.pictures.delta_e import channels
from dlx.pictures.palette import BORDER
from dlx.pictures.svg import opening
from dlx.tiling.grids import Cell
from dlx.tiling.model import Placement, Puzzle
from dlx.tiling.render import label_colours, marks

SCALE = 22.0
"""Pixels along a cube's edge."""
MARGIN = 10.0
EMPTY = "#ffffff"
SHADES = {"top": 1.0, "front": 0.82, "right": 0.64}
"""How much of its colour each visible face keeps: lit from above, a little from the front."""
FACES: dict[str, tuple[Cell, list[Cell]]] = {
    "top": ((0, 0, 1), [(0, 0, 1), (0, 1, 1), (1, 1, 1), (1, 0, 1)]),
    "front": ((1, 0, 0), [(1, 0, 1), (1, 1, 1), (1, 1, 0), (1, 0, 0)]),
    "right": ((0, 1, 0), [(0, 1, 1), (1, 1, 1), (1, 1, 0), (0, 1, 0)]),
}
"""Each visible face: the neighbour that hides it, and its corners (offsets from the cube's
least corner) in order around it."""

Point = tuple[float, float]


def iso_svg(
    puzzle: Puzzle,
    solution: Sequence[Placement],
    colours: dict[str, str] | None = None,
    explode: float = 0.0,
) -> str:
    """The isometric picture of a solution of a box of cubes (see the module's text): a face's
    side is dark where the face does not go on into the cube beside it (another piece's, the
    air's, or hidden there)."""
    labels = marks(puzzle, solution)
    colours = colours or label_colours(puzzle, solution)
    owner: dict[Cell, int] = {c: n for n, pl in enumerate(solution) for c, s in pl.spots if s == 0}
    cells = [cell for cell, s in puzzle.board if s == 0]
    shift = _shifts(cells, owner, len(solution), explode)
    board = set(cells)

    def hidden(cell: Cell, piece: int) -> bool:
        """Whether a face whose neighbour ahead is `cell` is hidden: by any cube of the box, or
        (pulled apart) by one of its own piece."""
        return owner.get(cell, -2) == piece if explode else cell in board

    faces = []
    for cell in sorted(cells, key=lambda c: _depth(c, shift[owner.get(c, -1)])):
        piece = owner.get(cell, -1)
        fill = colours[labels[piece]] if piece >= 0 else EMPTY
        moved = _plus(cell, shift[piece])
        for name, (ahead, corners) in FACES.items():
            if hidden(_step(cell, ahead), piece):
                continue
            points = [_project(_plus(moved, corner)) for corner in corners]
            dark = [
                owner.get(beside, -2) != piece or hidden(_step(beside, ahead), piece)
                for beside in _besides(cell, name)
            ]
            faces.append((points, _shade(fill, SHADES[name]), dark))
    return _document(faces)


def _shifts(
    cells: list[Cell], owner: dict[Cell, int], pieces: int, explode: float
) -> dict[int, tuple[float, float, float]]:
    """How far each piece (and the empty cells, -1) moves: `explode` times its middle's distance
    from the box's."""
    centre = [sum(c[k] for c in cells) / len(cells) for k in range(3)]
    shift: dict[int, tuple[float, float, float]] = {-1: (0.0, 0.0, 0.0)}
    for piece in range(pieces):
        mine = [cell for cell, n in owner.items() if n == piece]
        middle = [sum(c[k] for c in mine) / len(mine) for k in range(3)]
        shift[piece] = (explode * (middle[0] - centre[0]), explode * (middle[1] - centre[1]),
                        explode * (middle[2] - centre[2]))  # fmt: skip
    return shift


def _plus(cell: Sequence[float], offset: Sequence[float]) -> tuple[float, float, float]:
    """A point moved by `offset`."""
    return (cell[0] + offset[0], cell[1] + offset[1], cell[2] + offset[2])


def _step(cell: Cell, offset: Cell) -> Cell:
    """The cell `offset` away."""
    return (cell[0] + offset[0], cell[1] + offset[1], cell[2] + offset[2])


def _depth(cell: Cell, shift: Sequence[float]) -> tuple[float, float]:
    """The order a painter draws cubes in: farthest from the viewer (above, in front, to the
    right) first."""
    x, y, z = _plus(cell, shift)
    return (x + y + z, z)


def _project(point: Sequence[float]) -> Point:
    """Where a point of the box lands in the picture, in cube edges, y downwards."""
    x, y, z = point
    return ((y - x) * math.cos(math.pi / 6), (y + x) * math.sin(math.pi / 6) - z)


def _besides(cell: Cell, face: str) -> list[Cell]:
    """For each side of a visible face (in `FACES` order), the cell beside it in the face's
    plane: where the face would go on."""
    ahead, corners = FACES[face]
    found = []
    for a, b in zip(corners, corners[1:] + corners[:1], strict=True):
        across = tuple(0 if ahead[k] or a[k] != b[k] else (1 if a[k] else -1) for k in range(3))
        found.append(_step(cell, across))
    return found


def _shade(colour: str, keep: float) -> str:
    """A colour darkened to the share `keep` of its channels."""
    return "#" + "".join(f"{round(channel * keep):02x}" for channel in channels(colour))


def _document(faces: list[tuple[list[Point], str, list[bool]]]) -> str:
    """The SVG text: each face filled (stroked in its own shade, faintly), then its dark sides."""
    points = [p for corners, _, _ in faces for p in corners]
    left, top = min(x for x, _ in points), min(y for _, y in points)
    width = (max(x for x, _ in points) - left) * SCALE + 2 * MARGIN
    height = (max(y for _, y in points) - top) * SCALE + 2 * MARGIN

    def at(p: Point) -> str:
        return f"{(p[0] - left) * SCALE + MARGIN:.1f},{(p[1] - top) * SCALE + MARGIN:.1f}"

    out = [opening(width, height), '<g stroke-linejoin="round" stroke-linecap="round">']
    for corners, fill, dark in faces:
        out.append(
            f'<polygon points="{" ".join(at(p) for p in corners)}" fill="{fill}"'
            f' stroke="{_shade(fill, 0.9)}" stroke-width="0.8"/>'
        )
        sides = zip(corners, corners[1:] + corners[:1], strict=True)
        for (a, b), drawn in zip(sides, dark, strict=True):
            if drawn:
                (x1, y1), (x2, y2) = at(a).split(","), at(b).split(",")
                out.append(
                    f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{BORDER}"'
                    ' stroke-width="1.6"/>'
                )
    out.append("</g>\n</svg>\n")
    return "\n".join(out)
