"""What is a tiling's solution, to a person who asked for it in Python? A value: each piece's cells
by its name and copy, its text as `dlx tile` prints it, its pictures (`svg()`, and in a
notebook `_repr_svg_`), equal to another of the same placements.

>>> from dlx.tiling import Puzzle
>>> solution = Puzzle(board="2x3", pieces={"L": "##/#."}, copies={"L": 2}).first()
>>> solution
Solution on the square grid: L L
>>> solution.placements
{('L', 1): [(0, 0), (0, 1), (1, 0)], ('L', 2): [(0, 2), (1, 1), (1, 2)]}
>>> print(solution)
LLl
Lll
L=L#1  l=L#2
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from typing import Any

from dlx.tiling import model
from dlx.tiling.errors import TileError
from dlx.tiling.render import copy_numbers, label_colours, label_table, legend_lines, marks, text


class Solution:
    """One solution: each piece's placement by its name and copy, and its pictures."""

    def __init__(self, puzzle: model.Puzzle, placed: tuple[model.Placement, ...]) -> None:
        self.puzzle = puzzle
        self.placed = placed

    @property
    def placements(self) -> dict[tuple[str, int], list[tuple[int, ...]]]:
        """The cells each piece covers, by (name, copy), copies numbered from 1 in the board's
        order of their first cells (as the text's and the JSON's labels number them)."""
        numbers = copy_numbers(self.puzzle, self.placed)
        return {
            (self.puzzle.pieces[pl.piece].name, k): [cell for cell, s in pl.spots if s == 0]
            for pl, k in zip(self.placed, numbers, strict=True)
        }

    def text(self) -> str:
        """The solution drawn as `dlx tile` prints it: its `rows`, then its `legend`."""
        return "\n".join([*self.rows(), *self.legend()])

    def rows(self) -> list[str]:
        """The board's rows, each cell its piece's label (`.` a cell left empty; a cube's
        layers side by side)."""
        return text(self.puzzle, self.placed)

    def legend(self) -> list[str]:
        """What each label stands for (`l=L#2`), where the labels are not the pieces' names."""
        return legend_lines(self.puzzle, marks(self.puzzle, self.placed))

    def colours(self) -> dict[str, str]:
        """Each label's colour in the pictures (`#rrggbb`)."""
        return label_colours(self.puzzle, self.placed)

    def key(self) -> list[dict[str, Any]]:
        """The pieces used, in the pieces' order: each one's name as the legend writes it
        (`L#2` for a second copy), its label in the text, its colour in the pictures."""
        labels = marks(self.puzzle, self.placed)
        colours = label_colours(self.puzzle, self.placed)
        table = label_table(self.puzzle)
        used = sorted(
            (pl.piece, table[pl.piece].index(label) if label in table[pl.piece] else 0, label)
            for pl, label in zip(self.placed, labels, strict=True)
        )
        return [
            {
                "name": self.puzzle.pieces[p].name + (f"#{k + 1}" if len(table[p]) > 1 else ""),
                "label": label,
                "colour": colours.get(label, ""),
            }
            for p, k, label in used
        ]

    def svg(self, legend: bool = True, explode: float = 0.0) -> str:
        """The solution's SVG picture, as `dlx tile --svg` writes it (without its legend, where
        the page around it has its own); a box of cubes is seen from outside above its layers,
        its pieces pulled apart by `explode` (0.5: by half their distance from its middle)."""
        from dlx.tiling.svg import solution_svg  # (6 ms of a start: a count draws nothing)

        return solution_svg(self.puzzle, self.placed, legend=legend, explode=explode)

    def numbers(self) -> array[int]:
        """The solution as whole numbers (4 bytes each), to keep many cheaply; the puzzle's
        `solution(numbers)` gives it back. Per piece placed: the piece's number, its
        orientation's, its count of spots and each spot's place in the board's order."""
        order = {spot: number for number, spot in enumerate(self.puzzle.board)}
        numbers = array("i")
        for placement in self.placed:
            numbers.extend((placement.piece, placement.base, len(placement.spots)))
            numbers.extend(order[spot] for spot in placement.spots)
        return numbers

    @classmethod
    def decode(cls, puzzle: model.Puzzle, numbers: Sequence[int]) -> Solution:
        """The solution of `numbers()` on `puzzle`; numbers that do not fit it: a TileError."""
        placed, at = [], 0
        try:
            while at < len(numbers):
                piece, base, count = numbers[at : at + 3]
                spots = tuple(puzzle.board[k] for k in numbers[at + 3 : at + 3 + count])
                if len(spots) != count or not 0 <= piece < len(puzzle.pieces):
                    raise IndexError
                placed.append(model.Placement(piece, base, spots))
                at += 3 + count
        except (ValueError, IndexError):
            raise TileError("the solution kept does not fit the puzzle") from None
        return cls(puzzle, tuple(placed))

    def _repr_svg_(self) -> str:
        return self.svg()

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        names = " ".join(self.puzzle.pieces[pl.piece].name for pl in self.placed)
        return f"Solution on the {self.puzzle.grid.name} grid: {names}"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Solution):
            return NotImplemented
        return self.puzzle is other.puzzle and set(self.placed) == set(other.placed)

    def __hash__(self) -> int:
        return hash(frozenset(self.placed))
