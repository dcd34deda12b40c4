"""Colouring arguments: cheap proofs that some pieces cannot fit the free cells of a board.

Colour the cells of the board (say, by row mod 4). Wherever a piece sits, it covers some number
of cells of each colour, from a short list that depends only on its shape. If the pieces fit,
one entry per piece from those lists sums, colour by colour, to at most the number of free cells
of that colour. A small dynamic programme over the shapes decides whether such a choice exists;
when none does, the pieces cannot fit, and no search is needed. The test reads only how many free
cells each colour has and how many pieces of each shape remain, so its answers are cached.

Counts are packed into one integer, a field of FIELD bits per colour holding the room left for
that colour, with a guard bit on top of each field: subtracting a piece's counts leaves every
guard set exactly when no colour overflows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from fillit.pieces import Piece

FIELD = 8  # bits per colour: the room left (at most 144 cells) below one guard bit

Colouring = Callable[[int, int], int]

COLOURINGS: dict[str, tuple[int, Colouring]] = {
    "rows mod 4": (4, lambda r, c: r % 4),
    "columns mod 4": (4, lambda r, c: c % 4),
    "diagonals mod 4": (4, lambda r, c: (r + c) % 4),
    "anti-diagonals mod 4": (4, lambda r, c: (r - c) % 4),
    "row and column parity": (4, lambda r, c: 2 * (r % 2) + c % 2),
}
"""Name -> (number of colours, colour of cell (r, c))."""

IN_SEARCH = ("rows mod 4", "columns mod 4")
"""The colourings checked at every node of the search (the others add little there)."""


COUNT_FIELD = 5  # bits per shape count (at most 26 pieces)


def _pack_counts(counts: Sequence[int]) -> int:
    return sum(n << (COUNT_FIELD * k) for k, n in enumerate(counts))


def pack(counts: Sequence[int]) -> int:
    """Counts per colour as one integer of FIELD-bit fields."""
    return sum(n << (FIELD * k) for k, n in enumerate(counts))


class ColourBound:
    """The colouring test for one board size, one colouring and one list of shapes."""

    def __init__(self, size: int, name: str, shapes: Sequence[Piece]) -> None:
        colours, colour = COLOURINGS[name]
        self.name = name
        self.colours = colours
        self.cells = [[colour(r, c) for c in range(size)] for r in range(size)]
        self.guards = pack([1 << (FIELD - 1)] * colours)
        self.vectors = [self._shape_vectors(shape, size) for shape in shapes]
        # shapes with fewer colour patterns first keep the programme's states few
        self.order = sorted(range(len(shapes)), key=lambda k: len(self.vectors[k]))
        self._sums: dict[tuple[int, int], list[int]] = {}
        self._verdicts: dict[tuple[int, int, int], bool] = {}

    def _shape_vectors(self, shape: Piece, size: int) -> set[int]:
        """The packed colour counts of `shape` over all its positions on the board."""
        found = set()
        for top in range(size - shape.height + 1):
            for left in range(size - shape.width + 1):
                counts = [0] * self.colours
                for r, c in shape.cells:
                    counts[self.cells[top + r][left + c]] += 1
                found.add(pack(counts))
        return found

    def _sums_of(self, shape: int, count: int) -> list[int]:
        """Every packed sum of `count` positions of shape number `shape`."""
        key = (shape, count)
        if key not in self._sums:
            if count == 1:
                self._sums[key] = sorted(self.vectors[shape])
            else:
                smaller = self._sums_of(shape, count - 1)
                self._sums[key] = sorted({a + b for a in smaller for b in self.vectors[shape]})
        return self._sums[key]

    def room(self, free: Sequence[Sequence[bool]]) -> int:
        """The packed number of free cells of each colour (`free[r][c]` is True when free)."""
        counts = [0] * self.colours
        for row_colours, row_free in zip(self.cells, free, strict=True):
            for colour, is_free in zip(row_colours, row_free, strict=True):
                counts[colour] += is_free
        return pack(counts)

    def fits(self, room: int, remaining: tuple[int, ...]) -> bool:
        """Whether `remaining[k]` pieces of each shape k can keep within the room of each colour."""
        counts = [remaining[shape] for shape in self.order]
        return self._fits(0, room, counts, _pack_counts(counts))

    def _fits(self, step: int, room: int, counts: list[int], later: int) -> bool:
        """Depth first over the shapes in `order` from `step` on; `later` packs their counts,
        so (step, room, later) names the sub-question exactly and its answer is kept."""
        while step < len(counts) and not counts[step]:
            step += 1
            later >>= COUNT_FIELD
        if step == len(counts):
            return True
        key = (step, room, later)
        verdict = self._verdicts.get(key)
        if verdict is None:
            guards = self.guards
            verdict = any(
                left & guards == guards
                and self._fits(step + 1, left ^ guards, counts, later >> COUNT_FIELD)
                for used in self._sums_of(self.order[step], counts[step])
                for left in ((room | guards) - used,)
            )
            self._verdicts[key] = verdict
        return verdict


def shape_counts(pieces: Sequence[Piece]) -> tuple[list[Piece], tuple[int, ...]]:
    """The distinct shapes in order of first appearance, and how many pieces have each."""
    counts: dict[Piece, int] = {}
    for piece in pieces:
        counts[piece] = counts.get(piece, 0) + 1
    return list(counts), tuple(counts.values())


def refuted_by_colouring(pieces: Sequence[Piece], size: int) -> str | None:
    """The name of a colouring that proves the pieces cannot fit an empty board, or None."""
    shapes, counts = shape_counts(pieces)
    empty = [[True] * size for _ in range(size)]
    for name in COLOURINGS:
        bound = ColourBound(size, name, shapes)
        if not bound.fits(bound.room(empty), counts):
            return name
    return None
