"""How does the server keep a search's solutions for browsing, without holding their pictures?
As numbers (`dlx.tiling.Solution.numbers`: per placement, its piece's number, its orientation's,
its count of spots and each spot's place in the board's order), all of a search's solutions in
one array of 4-byte integers, at most `MAX_NUMBERS` of them. A worker that draws or lists
solutions reads the puzzle again and turns the numbers back into solutions (`Puzzle.solution`).

>>> from dlx.tiling import Puzzle
>>> puzzle = Puzzle.read("board 2x2\\npiece L\\n##\\n#.\\npiece o\\n#\\n")
>>> kept = Kept()
>>> kept.add(puzzle.first().numbers())
>>> list(kept.solution(1))
[0, 0, 3, 0, 1, 2, 1, 0, 1, 3]
>>> puzzle.solution(kept.solution(1)) == puzzle.first()
True
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass, field

MAX_NUMBERS = 1_000_000
"""The numbers one search keeps (4 MB): every solution of the pentominoes in 6x10 (9,356 of 97
numbers each), or 64 of a 62x62 board covered by one-cell pieces."""


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
