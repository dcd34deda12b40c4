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

from dlx.tiling import model


class Solution:
    """One solution: each piece's placement by its name and copy, and its pictures."""

    def __init__(self, puzzle: model.Puzzle, placed: tuple[model.Placement, ...]) -> None:
        self.puzzle = puzzle
        self.placed = placed

    @property
    def placements(self) -> dict[tuple[str, int], list[tuple[int, ...]]]:
        """The cells each piece covers, by (name, copy), copies numbered from 1 in the board's
        order of their first cells (as the text's and the JSON's labels number them)."""
        from dlx.tiling.render import copy_numbers

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
        from dlx.tiling.render import text

        return text(self.puzzle, self.placed)

    def legend(self) -> list[str]:
        """What each label stands for (`l=L#2`), where the labels are not the pieces' names."""
        from dlx.tiling.render import legend_lines, marks

        return legend_lines(self.puzzle, marks(self.puzzle, self.placed))

    def colours(self) -> dict[str, str]:
        """Each label's colour in the pictures (`#rrggbb`)."""
        from dlx.tiling.render import label_colours

        return label_colours(self.puzzle, self.placed)

    def svg(self) -> str:
        """The solution's SVG picture, as `dlx tile --svg` writes it."""
        from dlx.tiling.svg import solution_svg

        return solution_svg(self.puzzle, self.placed)

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
