"""`dlx tile`'s run object: the puzzle of a FILE (a picture or Knuth's spec lines) or of
`--board` and `--pieces`, posed and searched through `dlx.tiling.Puzzle`, each solution shown
as its picture's text rows coloured by piece, with its legend. Without typer, so that the plain
start of `dlx tile --count` (`dlx.cli.plain`) runs the typer command's own path.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, TypedDict

from dlx.cli.boards import Board, PaintedBoard
from dlx.cli.output import fail, read_text
from dlx.cli.run import BoardRun

if TYPE_CHECKING:
    from dlx.problem import Problem
    from dlx.solve import SearchKeywords
    from dlx.tiling import Puzzle, Solution


class Turning(TypedDict):
    """How the pieces turn: `dlx.tiling.Puzzle`'s keywords of that name."""

    rotations: bool
    reflections: bool
    mirror: bool


TURNS: Turning = {"rotations": True, "reflections": True, "mirror": False}
"""How `dlx tile` turns pieces without `--no-rotate`, `--no-flip` or `--mirror`."""


class TileRun(BoardRun):
    """`dlx tile` on the puzzle of `file`, or of `board` and `pieces` (each a set's name, or
    several apart by commas), on `grid`, its pieces turned as `turns` says; one solution per
    symmetry with `unique`; `counting`: the solutions are only counted, the first drawn at
    most."""

    def __init__(
        self,
        file: str | None,
        grid: str | None = None,
        named: tuple[str | None, list[str] | None] = (None, None),
        *,
        turns: Turning | None = None,
        unique: bool = False,
        counting: bool = False,
    ) -> None:
        self.file, self.grid, self.named = file, grid, named
        self.turns = TURNS if turns is None else turns
        self.unique, self.counting = unique, counting

    @functools.cached_property
    def puzzle(self) -> Puzzle:
        """The puzzle, read and checked once, whichever step first asks."""
        board, pieces = self.named
        return puzzle_of(self.file, self.grid, board, pieces, self.turns)

    def pose(self) -> None:
        self.puzzle  # noqa: B018 (read now, in the run's guard, not in a later step)

    def problem(self) -> Problem[Any]:
        return self.puzzle.tiling(self.unique).problem

    def boards(self, search: SearchKeywords) -> Iterator[Board]:
        for solution in self.puzzle.solutions(unique=self.unique, **search):
            yield PaintedBoard([], {}, drawn=solution.svg) if self.counting else painted(solution)

    def count(self, search: SearchKeywords) -> int:
        return self.puzzle.count(unique=self.unique, **search)

    def engine(self) -> dict[str, Any]:
        return self.puzzle.engine(self.unique)

    def none(self) -> BaseException:
        refuted = self.puzzle.tiling(self.unique).refuted
        return fail("no solution" + (f": {refuted}" if refuted else ""))

    def none_counted(self) -> BaseException:
        return self.none()

    def described(self) -> dict[str, Any]:
        """Each label's piece and copy."""
        labels = self.puzzle.labels().items()
        return {"legend": {label: {"piece": name, "copy": k} for label, (name, k) in labels}}


def painted(solution: Solution) -> PaintedBoard:
    """A solution as its picture's text rows, coloured by piece, with its legend."""
    from dlx.pictures.squares import terminal_styles

    styles = terminal_styles(solution.colours())
    return PaintedBoard(solution.rows(), styles, solution.legend(), drawn=solution.svg)


def puzzle_of(
    file: str | None,
    grid: str | None,
    board: str | None,
    pieces: list[str] | None,
    turns: Turning,
) -> Puzzle:
    """The puzzle of FILE (`-`: standard input), or of --board and --pieces."""
    from dlx.tiling import Puzzle

    names = [name for value in pieces or [] for name in value.replace(",", " ").split()]
    if file is None:
        if board is None or not names:
            raise fail("give a FILE, or both --board and --pieces", 2)
        return _from_options(board, names, grid, turns)
    if board is not None or pieces is not None:
        from pathlib import Path  # (only here: it costs a plain start 8 ms)

        if names and not Path(file).exists() and file != "-":
            raise fail(f"{file!r} is taken for a FILE: write --pieces {names[0]},{file}", 2)
        raise fail("--board and --pieces stand for a FILE: give one or the other", 2)
    return Puzzle.read(read_text(file), grid, **turns)


def _from_options(board: str, names: list[str], grid: str | None, turns: Turning) -> Puzzle:
    """The puzzle of --board and --pieces; its errors name the option."""
    from dlx.tiling import Puzzle, TileError

    try:
        return Puzzle(" ".join(board.split()), " ".join(names), grid=grid, **turns)
    except TileError as error:
        message = str(error)
        for part, option in (("board: ", "--board: "), ("pieces: ", "--pieces: ")):
            if message.startswith(part):
                message = option + message.removeprefix(part)
        raise TileError(message) from None
