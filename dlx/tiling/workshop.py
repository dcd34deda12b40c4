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
say it; `copies` gives a piece's multiplicity,
a number or a range (low, high). Bad input is a `TileError` (a `dlx.DlxError`) naming the part
given (board, pieces, a piece's name) or the file's line; a search cut short by a budget raises
`dlx.OutOfBudgetError`, never returns what reads as an answer.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path

from dlx.errors import SearchOptionError
from dlx.solve import unknown_unless_exhausted
from dlx.stats import Stats
from dlx.tiling import model
from dlx.tiling.build import Tiling, build, count_solutions, parallel_keywords, solutions
from dlx.tiling.given import Copies, Pieces, given_puzzle, read_puzzle
from dlx.tiling.library import DRAWN, SIZES

BOARDS = {
    "RxC": "a rectangle (square grid); R rows of C rhombi or hexagons (triangle, hex grids)",
    "RxCxL": "a box of cubes (cube grid)",
    "8x8-hole": "the 8 x 8 board less its centre 2 x 2 (square grid)",
    "hexagon-N": "a hexagon of side N (triangle, hex grids)",
}
"""The named boards, by the form of their names."""


def piece_sets() -> dict[str, str]:
    """The named piece sets, each with its grid.

    >>> piece_sets()["hexiamonds"], piece_sets()["soma"]
    ('triangle', 'cube')
    """
    return {name: grid.name for name, (grid, _) in [*DRAWN.items(), *SIZES.items()]}


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
    ) -> None:
        posed = given_puzzle(board, pieces, grid, copies or {})
        self._take(posed, rotations, reflections, mirror)

    @classmethod
    def read(
        cls,
        text: str,
        grid: str | None = None,
        *,
        rotations: bool = True,
        reflections: bool = True,
        mirror: bool = False,
    ) -> Puzzle:
        """The puzzle written in `text`, a picture or Knuth's spec lines (as `dlx tile` reads)."""
        puzzle = cls.__new__(cls)
        puzzle._take(read_puzzle(text, grid), rotations, reflections, mirror)
        return puzzle

    @classmethod
    def open(cls, path: str | Path, grid: str | None = None, **turns: bool) -> Puzzle:
        """The puzzle of the file at `path` (either format)."""
        return cls.read(Path(path).read_text(encoding="utf-8"), grid, **turns)

    def _take(self, posed: model.Puzzle, rotations: bool, reflections: bool, mirror: bool) -> None:
        """Hold the posed puzzle, turned as asked; its problems are built when first searched."""
        posed.rotate = rotations
        posed.flip = mirror if posed.grid.solid else reflections
        self.model = posed
        self._tilings: dict[bool, Tiling] = {}

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
    ) -> Iterator[Solution]:
        """Each solution in search order (at most `limit`; one per symmetry with `unique`;
        searched by `jobs` worker processes, which take no budget). A budget that cuts the
        search short raises `OutOfBudgetError` after the solutions it found."""
        tiling = self.tiling(unique)
        if jobs is not None:
            yield from self._parallel(tiling, limit, jobs, max_nodes, timeout)
            return
        stats = Stats()
        found = solutions(tiling, limit=limit, max_nodes=max_nodes, timeout=timeout, stats=stats)
        for placed in found:
            yield Solution(self.model, tuple(placed))
        unknown_unless_exhausted(stats, "rest of the solutions")

    def _parallel(
        self, tiling: Tiling, limit: int | None, jobs: int, *budgets: float | None
    ) -> Iterator[Solution]:
        """`solutions` searched by `jobs` worker processes, in the same order."""
        from dlx.parallel import solve_parallel

        if any(budget is not None for budget in budgets):
            raise SearchOptionError("max_nodes and timeout apply to the search without jobs")
        keep = tiling.canonical
        kept = 0
        search = solve_parallel(tiling.problem, jobs=jobs, **parallel_keywords(tiling))
        for keys in search:
            placed = tuple(tiling.placements[key] for key in keys)
            if keep is None or keep(list(placed)):  # type: ignore[operator]
                yield Solution(self.model, placed)
                kept += 1
                if kept == limit:
                    search.close()
                    return

    def count(
        self,
        *,
        unique: bool = False,
        max_nodes: int | None = None,
        timeout: float | None = None,
        jobs: int | None = None,
        zdd: bool = False,
    ) -> int:
        """The number of solutions (up to symmetry with `unique`), counted inside the search, by
        `jobs` worker processes, or through a ZDD (`zdd`, exact at any size)."""
        tiling = self.tiling(unique)
        if zdd:
            return _zdd_count(tiling, max_nodes)
        if jobs is not None and tiling.canonical is None:
            from dlx.parallel import count_parallel

            if max_nodes is not None or timeout is not None:
                raise SearchOptionError("max_nodes and timeout apply to the search without jobs")
            return count_parallel(tiling.problem, jobs=jobs, **parallel_keywords(tiling))
        stats = Stats()
        found = count_solutions(tiling, max_nodes=max_nodes, timeout=timeout, stats=stats)
        unknown_unless_exhausted(stats, "count")
        return found

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
        from dlx.tiling.svg import puzzle_svg

        return puzzle_svg(self.model)

    def _repr_svg_(self) -> str:
        return self.svg()


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
        """The solution drawn as `dlx tile` prints it: each cell its piece's label, a legend
        where the labels are not the pieces' names."""
        from dlx.tiling.render import legend_lines, marks, text

        legend = legend_lines(self.puzzle, marks(self.puzzle, self.placed))
        return "\n".join([*text(self.puzzle, self.placed), *legend])

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


def _zdd_count(tiling: Tiling, max_nodes: int | None) -> int:
    """The number of solutions, through a ZDD (none with `unique` where a symmetry is checked
    on the solutions themselves)."""
    from dlx.tiling.build import tiling_order
    from dlx.zdd import zdd

    if tiling.canonical is not None:
        raise SearchOptionError("unique leaves symmetries to check here, which zdd cannot")
    return zdd(tiling.problem, item_order=tiling_order(tiling), max_nodes=max_nodes).count()
