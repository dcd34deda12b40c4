"""The tiling workshop as a Python library: a puzzle posed in a line, its solutions as values that
draw themselves (in a notebook too), the named boards and piece sets listed.

>>> from dlx.tiling import Puzzle
>>> puzzle = Puzzle(board="3x20", pieces="pentominoes")
>>> puzzle
Puzzle on the square grid: a board of 60 cells, 12 pieces (F, I, L, N, P, T, U, V, W, X, Y, Z)
>>> puzzle.count(), puzzle.count(unique=True)
(8, 2)
>>> print(puzzle.first())
UUXIIIIINNNFTWYYYYZV
UXXXPPLNNFFFTWWYZZZV
UUXPPPLLLLFTTTWWZVVV
>>> Puzzle(board="##/##/##", pieces={"L": "##/#."}, copies={"L": 2}).count()
2

A puzzle also reads either file format (`Puzzle.read(text)`, `Puzzle.open(path)`); `grid`
names the grid (square, triangle, hex, cube), `rotations`, `reflections` (in the plane) and
`mirror` (in space) what pieces may do, as `dlx tile`'s `--no-rotate`, `--no-flip` and `--mirror`
say it, and `turns` what some pieces may do otherwise (name: (rotations, reflections or mirror));
`copies` gives a piece's multiplicity, a number or a range (low, high). Bad input is a
`TileError` (a `dlx.DlxError`) naming the part given (board, pieces, a piece's name) or the
file's line; a search cut short by a budget raises `dlx.OutOfBudgetError`, never returns what
reads as an answer.
"""

from __future__ import annotations

import os
from collections.abc import Generator, Sequence
from typing import TYPE_CHECKING

from dlx.solve import unknown_unless_exhausted
from dlx.stats import Stats
from dlx.tiling import model
from dlx.tiling.build import (
    Tiling,
    build,
    check_area,
    count_solutions,
    knuth_text,
    parallel_keywords,
    solutions,
    tiling_order,
)
from dlx.tiling.drawn import is_picture
from dlx.tiling.given import Turns, given_puzzle, read_puzzle, turn
from dlx.tiling.render import OVERFLOW, board_picture, label_table
from dlx.tiling.searching import in_parallel, keywords, sequential_only, zdd_count
from dlx.tiling.solution import Solution

if TYPE_CHECKING:
    from typing import Any

    from dlx.engines.settings import Progress
    from dlx.tiling.given import Copies, Pieces
    from dlx.tiling.solution import Solution


class Puzzle:
    """A tiling puzzle: a board and pieces on a grid, posed once, searched as often as asked."""

    def __init__(
        self,
        board: str | Sequence[str],
        pieces: Pieces,
        *,
        grid: str | None = None,
        copies: Copies | None = None,
        rotations: bool = True,
        reflections: bool = True,
        mirror: bool = False,
        turns: Turns | None = None,
    ) -> None:
        posed = given_puzzle(board, pieces, grid, copies or {})
        self._take(posed, rotations, reflections, mirror, turns or {})

    @classmethod
    def read(
        cls,
        text: str,
        grid: str | None = None,
        *,
        rotations: bool = True,
        reflections: bool = True,
        mirror: bool = False,
        turns: Turns | None = None,
    ) -> Puzzle:
        """The puzzle written in `text`, a picture or Knuth's spec lines (as `dlx tile` reads)."""
        puzzle = cls.__new__(cls)
        puzzle._take(read_puzzle(text, grid), rotations, reflections, mirror, turns or {})
        puzzle.format = "picture" if is_picture(text) else "spec"
        return puzzle

    @classmethod
    def open(cls, path: str | os.PathLike[str], grid: str | None = None, **turns: Any) -> Puzzle:
        """The puzzle of the file at `path` (either format)."""
        with open(path, encoding="utf-8") as file:
            return cls.read(file.read(), grid, **turns)

    def _take(
        self, posed: model.Puzzle, rotations: bool, reflections: bool, mirror: bool, own: Turns
    ) -> None:
        """Hold the posed puzzle, turned as asked; its problems are built when first searched."""
        turn(posed, rotations, reflections, mirror, own)
        self.model = posed
        self.format = "picture"
        """The format it was read from: a picture, or Knuth's spec lines (`spec`)."""
        self._tilings: dict[bool, Tiling] = {}

    @property
    def grid(self) -> str:
        """The grid's name: square, triangle, hex, cube or sticks."""
        return self.model.grid.name

    @property
    def pieces(self) -> list[str]:
        """The pieces' names, in the order given."""
        return [piece.name for piece in self.model.pieces]

    @property
    def cells(self) -> int:
        """The board's cells that must be covered."""
        return len(self.model.primary_spots())

    def board(self) -> list[str]:
        """The board drawn as rows (`#` a cell, `+` one that may stay empty), as a picture
        file draws it; a box's layers one after another, a blank row between them."""
        return board_picture(self.model)

    def check(self) -> None:
        """Refuse now (a `TileError`), before any problem is built, a board too large or pieces
        that cannot cover it."""
        model.check_board(len(self.model.board))
        check_area(self.model)

    def solution(self, numbers: Sequence[int]) -> Solution:
        """The solution whose `Solution.numbers()` these are, on this puzzle (or one read
        again from the same text)."""
        return Solution.decode(self.model, numbers)

    def tiling(self, unique: bool = False) -> Tiling:
        """The exact-cover problem of the puzzle (one solution per symmetry with `unique`)."""
        if unique not in self._tilings:
            self.model.unique = unique
            self._tilings[unique] = build(self.model)
        return self._tilings[unique]

    def solutions(
        self,
        *,
        limit: int | None = None,
        unique: bool = False,
        max_nodes: int | None = None,
        timeout: float | None = None,
        jobs: int | None = None,
        stats: Stats | None = None,
        progress: Progress | None = None,
    ) -> Generator[Solution, None, None]:
        """Each solution in search order (at most `limit`; one per symmetry with `unique`;
        searched by `jobs` worker processes, which take no budget). A budget that cuts the
        search short raises `OutOfBudgetError` after the solutions it found, unless `stats`
        is given (then its status says so); `progress` is `dlx.solve`'s hook."""
        tiling = self.tiling(unique)
        if jobs is not None:
            yield from in_parallel(self.model, tiling, limit, jobs, max_nodes, timeout)
            return
        counters = Stats() if stats is None else stats
        found = solutions(tiling, **keywords(limit, counters, progress, max_nodes, timeout))
        for placed in found:
            yield Solution(self.model, tuple(placed))
        if stats is None:
            unknown_unless_exhausted(counters, "rest of the solutions")

    def count(
        self,
        *,
        unique: bool = False,
        max_nodes: int | None = None,
        timeout: float | None = None,
        jobs: int | None = None,
        zdd: bool = False,
        limit: int | None = None,
        stats: Stats | None = None,
        progress: Progress | None = None,
    ) -> int:
        """The number of solutions (up to symmetry with `unique`; at most `limit`), counted
        inside the search, by `jobs` worker processes, or through a ZDD (`zdd`, exact at any
        size); budgets, `stats` and `progress` as for `solutions`."""
        tiling = self.tiling(unique)
        if zdd and tiling.refuted is None:
            return zdd_count(tiling, max_nodes)
        if jobs is not None and self.splits(unique) and tiling.refuted is None:
            sequential_only(max_nodes, timeout)
            from dlx.parallel import count_parallel  # (30 ms of a start: only with jobs)

            found = count_parallel(tiling.problem, jobs=jobs, **parallel_keywords(tiling))
            return found if limit is None else min(found, limit)  # (as `dlx tile --jobs`)
        counters = Stats() if stats is None else stats
        found = count_solutions(tiling, **keywords(limit, counters, progress, max_nodes, timeout))
        if stats is None:
            unknown_unless_exhausted(counters, "count")
        return found

    def splits(self, unique: bool = False) -> bool:
        """Whether `jobs=` splits the search among worker processes: not where `unique`
        checks symmetries on the solutions found, nor multiplicities on the links engine (the
        bitset engine splits them); those search alone, with the same answer."""
        tiling = self.tiling(unique)
        bitset = parallel_keywords(tiling).get("engine") == "bitset"
        return tiling.canonical is None and (bitset or not tiling.problem.has_multiplicities)

    def engine(self, unique: bool = False) -> dict[str, Any]:
        """The keywords that name the engine its searches run on, for `dlx.solve` or a parallel
        search on `tiling(unique).problem`."""
        return parallel_keywords(self.tiling(unique))

    def order(self, unique: bool = False) -> list[Any]:
        """The order of the problem's items that a ZDD of it builds best in (the board's)."""
        return list(tiling_order(self.tiling(unique)))

    def placed(self, keys: Sequence[int], unique: bool = False) -> Solution:
        """The solution made of the options `keys` of `tiling(unique).problem` (as a search of
        that problem, or a ZDD of it, gives them)."""
        placements = self.tiling(unique).placements
        return Solution(self.model, tuple(placements[key] for key in keys))

    def knuth(self, unique: bool = False) -> str:
        """The exact-cover problem in Knuth's text format, as his generators write it (with
        `unique`, the ties that break the puzzle's symmetries)."""
        return knuth_text(self.tiling(unique))

    def labels(self) -> dict[str, tuple[str, int]]:
        """Each one-character label a solution's text may show: its piece's name and copy."""
        table = zip(self.model.pieces, label_table(self.model), strict=True)
        return {
            label: (piece.name, k)
            for piece, row in table
            for k, label in enumerate(row, start=1)
            if label != OVERFLOW
        }

    def first(self, *, unique: bool = False, max_nodes: int | None = None) -> Solution | None:
        """The first solution found (what `dlx tile` prints), or None where there is none."""
        stats = Stats()
        found = solutions(self.tiling(unique), limit=1, max_nodes=max_nodes, stats=stats)
        placed = next(found, None)
        if placed is None:
            unknown_unless_exhausted(stats, "first solution")
            return None
        return Solution(self.model, tuple(placed))

    def __repr__(self) -> str:
        posed = self.model
        names = ", ".join(piece.name for piece in posed.pieces[:12])
        more = ", ..." if len(posed.pieces) > 12 else ""
        return (
            f"Puzzle on the {posed.grid.name} grid: a board of {len(posed.board)} cells, "
            f"{len(posed.pieces)} pieces ({names}{more})"
        )

    def svg(self) -> str:
        """The board, empty, and under it each piece as drawn, named."""
        from dlx.tiling.puzzle_svg import puzzle_svg  # (7 ms of a start: a count draws nothing)

        return puzzle_svg(self.model)

    def _repr_svg_(self) -> str:
        return self.svg()
