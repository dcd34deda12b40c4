"""The puzzle's symmetries, and placements as codes they act on, for `--unique`
(`dlx.tiling.symmetry` and `dlx.tiling.symmetry_copies`): the grid's rotations and reflections
that map the board onto itself and the set of pieces onto itself (a piece onto itself or onto
another of the same orientations and copies: the Soma cube's two screws swap under a mirror).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from dlx.tiling.grids import Shape, Spot
from dlx.tiling.model import Frame, Placement, Puzzle, bases
from dlx.tiling.turns import Turn, turns

R = TypeVar("R")
Code = tuple[int, int]
"""A placement as compared: (piece, key), the key ordering a piece's placements as Knuth's
order of their spots, sorted (`Coder`)."""


@dataclass(frozen=True, eq=False)
class Symmetry:
    """A symmetry of the puzzle: where it takes each spot of the board (by index, translation
    included) and the piece each piece becomes."""

    spots: tuple[int, ...]
    pieces: tuple[int, ...]


def symmetries(puzzle: Puzzle) -> list[Symmetry]:
    """The puzzle's symmetries other than the identity."""
    grid = puzzle.grid
    found: list[Symmetry] = []
    shapes = [frozenset(bases(puzzle, piece)) for piece in puzzle.pieces]
    alike: dict[bool, tuple[int, ...] | None] = {}
    if puzzle.rotate:  # the pieces' orientations are a normal subgroup's orbits
        alike[True] = tuple(range(len(shapes)))
        if puzzle.flip:
            alike[False] = alike[True]
    index = {spot: i for i, spot in enumerate(puzzle.board)}
    for turn in turns(grid)[1:]:
        spots = _fitted(puzzle, turn, index)
        if spots is None:
            continue
        if turn.proper in alike:  # a rotation, or any map where pieces flip: each to itself;
            pieces = alike[turn.proper]  # or every mirror image alike
        else:
            pieces = _permutation(puzzle, _images(puzzle, turn, shapes))
            if puzzle.rotate:
                alike[turn.proper] = pieces
        if pieces is not None:
            found.append(Symmetry(spots, pieces))
    return found


def _fitted(puzzle: Puzzle, turn: Turn, index: dict[Spot, int]) -> tuple[int, ...] | None:
    """The index of each board spot's image under `turn` followed by the translation that maps
    the board onto itself (loose spots onto loose spots), if any."""
    d, board = puzzle.grid.dims, puzzle.board
    cells = [cell for cell, _ in board]
    image = turn.move_all(cells)
    shift = tuple([min([c[k] for c in cells]) - min([c[k] for c in image]) for k in range(d)])
    image = turn.move_all(cells, shift)
    spots = [index.get((cell, s), -1) for cell, (_, s) in zip(image, board, strict=True)]
    if -1 in spots:
        return None
    loose = puzzle.loose
    if loose and any(
        (board[j] in loose) != (spot in loose) for spot, j in zip(board, spots, strict=True)
    ):
        return None
    return tuple(spots)


def _images(
    puzzle: Puzzle, turn: Turn, shapes: list[frozenset[Shape]]
) -> Callable[[int, int], bool]:
    """Whether the image of piece i's orientations under `turn` are piece j's: where pieces
    turn and have one drawing each, their orientations are orbits of a normal subgroup, so one
    orientation's image tells."""
    grid = puzzle.grid
    if puzzle.rotate and all(len(piece.drawings) == 1 for piece in puzzle.pieces):
        ones = [
            grid.normalise(grid.moved(bases(puzzle, piece)[0], turn.move))
            for piece in puzzle.pieces
        ]
        return lambda i, j: ones[i] in shapes[j]
    images = [frozenset(grid.normalise(grid.moved(s, turn.move)) for s in ss) for ss in shapes]
    return lambda i, j: images[i] == shapes[j]


def _permutation(puzzle: Puzzle, same: Callable[[int, int], bool]) -> tuple[int, ...] | None:
    """The piece each piece's image is, matching orientations (`same`) and copies; None if some
    is none."""
    used: set[int] = set()
    mapping: list[int] = []
    pieces = puzzle.pieces
    for i in range(len(pieces)):
        match = next(
            (
                j
                for j in range(len(pieces))
                if j not in used and pieces[j].bounds == pieces[i].bounds and same(i, j)
            ),
            None,
        )
        if match is None:
            return None
        used.add(match)
        mapping.append(match)
    return tuple(mapping)


class Coder:
    """Placements as codes, and symmetries acting on them, each in a few operations on integers.

    A code is (piece, key): the key orders a piece's placements as their spots' order keys,
    sorted, compare (Knuth's order). Each spot has a frame index, its `Frame` position times
    the number of kinds plus its kind's rank, which grows with its order key; a placement's
    mask has bit `top - index` for each of its spots, so that of two placements the one whose
    least differing spot comes first has the greater mask, and the key is the mask negated. A
    shift moves every index alike, so the mask of a placement is its base's shifted right; the
    mask of its image under a symmetry is the sum of its spots' images' bits."""

    def __init__(self, puzzle: Puzzle, every: Sequence[Placement]) -> None:
        self.puzzle = puzzle
        frame = Frame.of(puzzle)
        d = puzzle.grid.dims
        kinds = sorted(frame.masks, key=lambda kind: (kind[1], kind[0]))
        self.kinds = len(kinds)
        rank = {kind: r for r, kind in enumerate(kinds)}
        top = frame.length * self.kinds - 1
        self.bits = [
            1 << (top - at * self.kinds - rank[(cell[d:], s)])
            for at, (cell, s) in zip(frame.spots, puzzle.board, strict=True)
        ]
        self.masks = [[0] * len(bases(puzzle, piece)) for piece in puzzle.pieces]
        self.placed: list[list[Placement]] = [[] for _ in puzzle.pieces]
        for pl in every:  # a base's mask, from its first placement
            self.placed[pl.piece].append(pl)
            if not self.masks[pl.piece][pl.base]:
                mask = sum([self.bits[c] for c in pl.cells])
                self.masks[pl.piece][pl.base] = mask << pl.at * self.kinds
        self.turned: dict[Symmetry, list[int]] = {}
        self.sorted: dict[int, list[tuple[Code, Placement]]] = {}

    def of_piece(self, i: int) -> list[tuple[Code, Placement]]:
        """The placements of piece i with their codes, least code first (sorted once)."""
        found = self.sorted.get(i)
        if found is None:
            code = self.code
            found = self.sorted[i] = sorted(
                [(code(pl), pl) for pl in self.placed[i]], key=lambda pair: pair[0]
            )
        return found

    def fewest(
        self,
        candidates: list[int],
        group: list[Symmetry],
        work: Callable[[int], tuple[tuple[int, ...], R]],
    ) -> tuple[int, R] | None:
        """Of the `candidates` (pieces), the first whose `work` scores least, and that work: a
        score begins with the piece's orbits, and a piece of n placements has n / (|group| + 1)
        of them at least, so its work is done only where that could beat the best found,
        fewest placements first."""
        best: tuple[tuple[int, ...], int, R] | None = None
        for i in sorted(candidates, key=lambda i: len(self.placed[i])):
            if best is not None and -(-len(self.placed[i]) // (len(group) + 1)) > best[0][0]:
                break
            score, done = work(i)
            if best is None or (score, i) < best[:2]:
                best = (score, i, done)
        return None if best is None else (best[1], best[2])

    def code(self, pl: Placement) -> Code:
        """The code of a placement."""
        return (pl.piece, -(self.masks[pl.piece][pl.base] >> pl.at * self.kinds))

    def image(self, sym: Symmetry, pl: Placement) -> Code:
        """The code of a placement's image under `sym`."""
        bits = self.turned.get(sym)
        if bits is None:
            bits = self.turned[sym] = [self.bits[j] for j in sym.spots]
        return (sym.pieces[pl.piece], -sum(map(bits.__getitem__, pl.cells)))
