"""Colouring arguments: cheap proofs that some pieces cannot fit the free cells of a board.

Colour the cells of the board (say, by row mod 4). Wherever a piece sits, it covers some number
of cells of each colour, from a short list that depends only on its shape. If the pieces fit,
one entry per piece from those lists sums, colour by colour, to at most the number of free cells
of that colour. When no such choice exists, the pieces cannot fit, and no search is needed.

The sums the remaining pieces can reach depend only on how many pieces of each shape remain, so
they are computed once per such multiset, from the multiset with one piece fewer, and kept. A
sum fits the room when the room is the sum plus some spread of the spare cells (the *holes*)
over the colours: so the test asks whether the room is one of the sums widened by `holes`
cells, a set built one spare cell at a time and kept too. Each set is stored as one integer
whose bits are the counts of all colours but the last (which follows from the total), one digit
per colour: adding a piece is then one shift per colour count it can cover, a spare cell one
shift per colour, and a question is one bit.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from fillit.pieces import Piece

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

CACHE_SETS = 16384
"""How many sets a bound keeps before it starts afresh (a search's questions come in runs that
share the pieces remaining, so a modest cache keeps nearly all its hits)."""

Sums = int
"""A set of colour counts, as the bits at their places (see `ColourBound.place`)."""


class ColourBound:
    """The colouring test for one board size, one colouring and one list of shapes."""

    def __init__(self, size: int, name: str, shapes: Sequence[Piece]) -> None:
        colours, colour = COLOURINGS[name]
        self.name = name
        self.colours = colours
        self.cells = [[colour(r, c) for c in range(size)] for r in range(size)]
        # No colour has more than `most` cells, so larger counts never fit and are cut off after
        # each step; a step adds at most 4 to a count, so a digit of this radix never carries.
        self.most = max(sum(row.count(k) for row in self.cells) for k in range(colours))
        self.radix = self.most + 5
        self._kept = 1  # the bits whose every digit is at most `most`
        digit = 1
        for _ in range(colours - 1):
            self._kept = sum(self._kept << (digit * count) for count in range(self.most + 1))
            digit *= self.radix
        self.vectors = [sorted(self._shape_vectors(shape, size)) for shape in shapes]
        # shapes with the same colour counts (under rows mod 4, all of one row profile) are one
        # class: the sums depend only on how many pieces of each class remain
        classes = list(dict.fromkeys(tuple(vectors) for vectors in self.vectors))
        self._class = [classes.index(tuple(vectors)) for vectors in self.vectors]
        self._merged = len(classes) < len(shapes)
        self._of_counts: dict[tuple[int, ...], tuple[int, ...]] = {}  # per shape -> per class
        self._steps = [[self.place(v) for v in vectors] for vectors in classes]
        self._widen = [self.radix**colour for colour in range(colours - 1)]
        self._sets: dict[tuple[tuple[int, ...], int], Sums] = {}
        self._bytes: dict[tuple[tuple[int, ...], int], bytes] = {}

    def _shape_vectors(self, shape: Piece, size: int) -> set[tuple[int, ...]]:
        """The colour counts of `shape` over all its positions on the board."""
        found = set()
        for top in range(size - shape.height + 1):
            for left in range(size - shape.width + 1):
                counts = [0] * self.colours
                for r, c in shape.cells:
                    counts[self.cells[top + r][left + c]] += 1
                found.add(tuple(counts))
        return found

    def place(self, counts: Sequence[int]) -> int:
        """The bit that stands for `counts` in a set (all colours' counts but the last)."""
        index = 0
        for count in reversed(counts[:-1]):
            index = index * self.radix + count
        return index

    def room(self, free: Sequence[Sequence[bool]]) -> tuple[int, ...]:
        """The number of free cells of each colour (`free[r][c]` is True when free)."""
        counts = [0] * self.colours
        for row_colours, row_free in zip(self.cells, free, strict=True):
            for colour, is_free in zip(row_colours, row_free, strict=True):
                counts[colour] += is_free
        return tuple(counts)

    def fits(
        self, room: Sequence[int], remaining: tuple[int, ...], holes: int | None = None
    ) -> bool:
        """Whether `remaining[k]` pieces of each shape k can keep within the room of each colour.
        `holes`, if given, is the room's total less the pieces' cells (the caller may know it)."""
        if holes is None:
            holes = sum(room) - 4 * sum(remaining)
            if holes < 0:
                return False
        sums = self.sums(remaining, holes)
        if self.colours == 4:  # the colourings in use: `place(room)`, inline
            radix = self.radix
            return bool(sums >> (room[0] + radix * (room[1] + radix * room[2])) & 1)
        return bool(sums >> self.place(room) & 1)

    def weights(self) -> list[int]:
        """Each colour's weight in `place`: a count of that colour adds its weight to the place."""
        return [self.radix**colour for colour in range(self.colours - 1)] + [0]

    def sums(self, remaining: tuple[int, ...], holes: int) -> Sums:
        """The sums of the remaining pieces widened by `holes` spare cells: a room fits when its
        `place` is one of its bits."""
        if self._merged:
            remaining = self._classes(remaining)
        found = self._sets.get((remaining, holes))
        return self._widened(remaining, holes) if found is None else found

    def sums_bytes(self, remaining: tuple[int, ...], holes: int) -> bytes:
        """`sums` as bytes, the lowest first, kept per class counts and holes: what the compiled
        check copies into its own cache (turning a set of thousands of bits into bytes costs far
        more than copying them, and many counts of shapes share one set).

        >>> from fillit.pieces import Piece
        >>> bound = ColourBound(4, "rows mod 4", [Piece(((0, 0), (0, 1), (1, 0), (1, 1)))])
        >>> sums = bound.sums((1,), 0)
        >>> int.from_bytes(bound.sums_bytes((1,), 0), "little") == sums
        True
        """
        key = (self._classes(remaining) if self._merged else remaining, holes)
        found = self._bytes.get(key)
        if found is None:
            sums = self.sums(remaining, holes)
            if len(self._bytes) >= CACHE_SETS:
                self._bytes.clear()
            found = self._bytes[key] = sums.to_bytes(sums.bit_length() // 8 + 1, "little")
        return found

    def _classes(self, remaining: tuple[int, ...]) -> tuple[int, ...]:
        """How many pieces of each class of shapes remain."""
        found = self._of_counts.get(remaining)
        if found is None:
            counts = [0] * len(self._steps)
            for shape, count in enumerate(remaining):
                counts[self._class[shape]] += count
            if len(self._of_counts) >= CACHE_SETS:
                self._of_counts.clear()
            found = self._of_counts[remaining] = tuple(counts)
        return found

    def _widened(self, remaining: tuple[int, ...], holes: int) -> Sums:
        """The sums of the remaining pieces (a count per class of shapes), each plus every spread
        of `holes` spare cells.

        Built from a set kept already where one is (with a spare cell fewer, or a piece fewer:
        pieces and spare cells may be added in any order), else from the set with a spare
        cell fewer, or when there is none, the first shape's piece fewer."""
        sets = self._sets
        key = (remaining, holes)
        found = sets.get(key)
        if found is not None:
            return found
        shape = -1  # -1: widen (with holes), or the empty sum
        if not holes or (remaining, holes - 1) not in sets:
            left = [k for k, count in enumerate(remaining) if count]
            ready = [k for k in left if (_fewer(remaining, k), holes) in sets]
            if ready or (left and not holes):
                shape = (ready or left)[0]
        if shape >= 0:
            smaller = self._widened(_fewer(remaining, shape), holes)
            found = 0
            for shift in self._steps[shape]:
                found |= smaller << shift
        elif holes:
            narrower = self._widened(remaining, holes - 1)
            found = narrower  # a spare cell of the last colour: the same bits
            for shift in self._widen:  # ...of another colour
                found |= narrower << shift
        else:
            found = 1  # no pieces and no spare cells: only the empty sum
        found &= self._kept
        if len(sets) >= CACHE_SETS:
            sets.clear()
        sets[key] = found
        return found


def _fewer(counts: tuple[int, ...], k: int) -> tuple[int, ...]:
    """`counts` with one fewer at `k`."""
    return (*counts[:k], counts[k] - 1, *counts[k + 1 :])


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
