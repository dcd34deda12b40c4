"""How does the server keep a search's solutions for browsing, without holding their pictures?
As numbers: each placement its piece's number, its base placement's, its count of spots and
each spot's number on the board (the board's order, as `dlx.tiling` reads it), all of a search's
solutions in one array of 4-byte integers, at most `MAX_NUMBERS` of them. A worker that draws
or lists solutions reads the puzzle again and turns the numbers back into placements.

>>> from dlx.tiling.build import build, solutions
>>> from dlx.tiling.drawn import read_picture
>>> tiling = build(read_picture("board 2x2\\npiece L\\n##\\n#.\\npiece o\\n#\\n"))
>>> first = next(solutions(tiling))
>>> numbers = encode(numbering(tiling.puzzle), first)
>>> list(numbers)
[0, 0, 3, 0, 1, 2, 1, 0, 1, 3]
>>> decode(tiling.puzzle, numbers) == first
True
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from dataclasses import dataclass, field

from dlx.tiling.errors import TileError
from dlx.tiling.grids import Spot
from dlx.tiling.model import Placement, Puzzle

MAX_NUMBERS = 1_000_000
"""The numbers one search keeps (4 MB): every solution of the pentominoes in 6x10 (9,356 of 97
numbers each), or 64 of a 62x62 board covered by one-cell pieces."""


def numbering(puzzle: Puzzle) -> dict[Spot, int]:
    """Each board spot's number (its place in the board's order)."""
    return {spot: number for number, spot in enumerate(puzzle.board)}


def encode(order: dict[Spot, int], solution: Sequence[Placement]) -> array[int]:
    """The numbers of a solution (`order`: the puzzle's `numbering`): per placement, piece,
    base, count of spots, spots' numbers."""
    numbers = array("i")
    for placement in solution:
        numbers.extend((placement.piece, placement.base, len(placement.spots)))
        numbers.extend(order[spot] for spot in placement.spots)
    return numbers


def decode(puzzle: Puzzle, numbers: Sequence[int]) -> list[Placement]:
    """The placements `encode` gave these numbers, on the same puzzle read again."""
    found = []
    at = 0
    try:
        while at < len(numbers):
            piece, base, count = numbers[at : at + 3]
            spots = tuple(puzzle.board[k] for k in numbers[at + 3 : at + 3 + count])
            found.append(Placement(piece, base, spots))
            at += 3 + count
    except (ValueError, IndexError):
        raise TileError("the solution kept does not fit the puzzle") from None
    return found


@dataclass
class Kept:
    """A search's solutions as numbers, one after another, and where each ends."""

    numbers: array[int] = field(default_factory=lambda: array("i"))
    ends: list[int] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.ends)

    def add(self, numbers: array[int]) -> None:
        """Keep one more solution."""
        self.numbers.extend(numbers)
        self.ends.append(len(self.numbers))

    def solution(self, number: int) -> array[int]:
        """The numbers of solution `number` (from 1)."""
        start = self.ends[number - 2] if number > 1 else 0
        return self.numbers[start : self.ends[number - 1]]

    def only(self, number: int) -> Kept:
        """Solution `number` alone, kept apart."""
        alone = Kept()
        alone.add(self.solution(number))
        return alone
