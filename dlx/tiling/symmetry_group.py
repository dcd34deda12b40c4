"""The puzzle's symmetries, and placements as codes they act on, for `--unique`
(`dlx.tiling.symmetry` and `dlx.tiling.symmetry_copies`): the grid's rotations and reflections
that map the board onto itself and the set of pieces onto itself (a piece onto itself or onto
another of the same orientations and copies: the Soma cube's two screws swap under a mirror).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from dlx.tiling.grids import Cell, Map, Shape
from dlx.tiling.model import Placement, Puzzle, bases

Code = tuple[int, tuple[tuple[int, ...], ...]]
"""A placement as compared: (piece, its spots' order keys, sorted)."""


@dataclass(frozen=True)
class Symmetry:
    """A symmetry of the puzzle: a map on cells (translation included) and the piece each piece
    becomes."""

    move: Map
    pieces: tuple[int, ...]


def symmetries(puzzle: Puzzle) -> list[Symmetry]:
    """The puzzle's symmetries other than the identity."""
    grid = puzzle.grid
    found: list[Symmetry] = []
    shapes = [_orientation_set(puzzle, i) for i in range(len(puzzle.pieces))]
    for g in grid.group(mirrors=True)[1:]:
        move = _fitted(puzzle, g)
        if move is None:
            continue
        images = [frozenset(grid.normalise(grid.moved(s, g)) for s in ss) for ss in shapes]
        pieces = _permutation(puzzle, shapes, images)
        if pieces is not None:
            found.append(Symmetry(move, pieces))
    return found


def _orientation_set(puzzle: Puzzle, i: int) -> frozenset[Shape]:
    """Every allowed orientation of piece i, normalised."""
    return frozenset(bases(puzzle, puzzle.pieces[i]))


def _fitted(puzzle: Puzzle, g: Map) -> Map | None:
    """g followed by the translation that maps the board onto itself, if any."""
    grid, board = puzzle.grid, puzzle.board
    image = grid.moved(board, g)
    shift = [min(c[k] for c, _ in board) - min(c[k] for c, _ in image) for k in range(grid.dims)]

    d = grid.dims

    def move(cell: Cell) -> Cell:
        moved = g(cell)
        return tuple([v + b for v, b in zip(moved[:d], shift, strict=True)]) + moved[d:]

    if set(grid.moved(board, move)) != set(board):
        return None
    if set(grid.moved(puzzle.loose, move)) != set(puzzle.loose):
        return None
    return move


def _permutation(
    puzzle: Puzzle, shapes: list[frozenset[Shape]], images: list[frozenset[Shape]]
) -> tuple[int, ...] | None:
    """The piece each piece's image is, matching orientations and copies; None if some is none."""
    used: set[int] = set()
    mapping: list[int] = []
    for i, image in enumerate(images):
        match = next(
            (
                j
                for j, shape in enumerate(shapes)
                if j not in used
                and shape == image
                and puzzle.pieces[j].bounds == puzzle.pieces[i].bounds
            ),
            None,
        )
        if match is None:
            return None
        used.add(match)
        mapping.append(match)
    return tuple(mapping)


class Coder:
    """Placements as codes, and symmetries acting on codes."""

    def __init__(self, puzzle: Puzzle, every: Sequence[Placement]) -> None:
        self.puzzle = puzzle
        self.key = puzzle.grid.order_key
        self.codes = {self.code(pl) for pl in every}
        self.maps: dict[Symmetry, dict[tuple[int, ...], tuple[int, ...]]] = {}

    def code(self, pl: Placement) -> Code:
        """The code of a placement."""
        return (pl.piece, tuple(sorted(self.key(spot) for spot in pl.spots)))

    def image(self, sym: Symmetry, code: Code) -> Code:
        """The code of a placement's image under `sym`."""
        keys = self.maps.get(sym)
        if keys is None:  # each board spot's key and its image's, once per symmetry
            keys = self.maps[sym] = {
                self.key(spot): self.key((sym.move(spot[0]), spot[1])) for spot in self.puzzle.board
            }
        return (sym.pieces[code[0]], tuple(sorted([keys[k] for k in code[1]])))
