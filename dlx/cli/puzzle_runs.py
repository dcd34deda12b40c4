"""The run objects of the puzzle commands (`dlx.cli.puzzles`): for queens, sudoku, skyscrapers,
polyomino and pentomino, how the puzzle is read, posed as a problem, searched for boards,
counted and drawn (`dlx.cli.run.BoardRun`), over `dlx.puzzles`. A command imports this module
when it runs, so that the command line starts without the puzzles it is not asked for."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from dlx.cli.boards import Board
from dlx.cli.output import fail, read_text
from dlx.cli.run import BoardRun
from dlx.errors import PuzzleError
from dlx.programs.exits import EXIT_NONE
from dlx.puzzles import pentomino, polyomino, queens, skyscrapers, sudoku

if TYPE_CHECKING:
    from dlx.problem import Problem
    from dlx.puzzles.skyscrapers import Clues
    from dlx.puzzles.sudoku import Grid
    from dlx.solve import SearchKeywords


class Queens(BoardRun):
    """n queens: the board's side is the whole input; drawn on a chessboard."""

    def __init__(self, n: int) -> None:
        self.n = n

    def problem(self) -> Problem[Any]:
        return queens.problem(self.n)

    def boards(self, search: SearchKeywords) -> Iterator[Board]:
        return queens.boards(self.n, **search)

    def picture(self, board: Board) -> str:
        from dlx.pictures.svg import chess_svg  # (its XML escaping costs ~40 ms to import)

        return chess_svg(board)


class Sudoku(BoardRun):
    """A sudoku read from FILE; drawn as a 9x9 grid, its givens marked."""

    grid: Grid

    def __init__(self, file: str) -> None:
        self.file = file

    def pose(self) -> None:
        self.grid = sudoku.parse(read_text(self.file))

    def problem(self) -> Problem[Any]:
        return sudoku.problem(self.grid)

    def boards(self, search: SearchKeywords) -> Iterator[Board]:
        return (sudoku.render(grid) for grid in sudoku.boards(self.grid, **search))

    def picture(self, board: Board) -> str:
        from dlx.pictures.svg import grid_svg

        return grid_svg(board, box=3, givens=sudoku.render(self.grid))


class Skyscrapers(BoardRun):
    """Skyscrapers from 4N clues; `Error` on standard output for bad clues or no solution (as
    the program it comes from), but not in a JSON run."""

    clues: Clues

    def __init__(self, text: str, as_json: bool) -> None:
        self.text, self.as_json = text, as_json

    def pose(self) -> None:
        self.clues = skyscrapers.parse(self.text)

    def problem(self) -> Problem[Any]:
        return skyscrapers.problem(self.clues)

    def boards(self, search: SearchKeywords) -> Iterator[Board]:
        return (skyscrapers.render(grid) for grid in skyscrapers.boards(self.clues, **search))

    def picture(self, board: Board) -> str:
        from dlx.pictures.svg import grid_svg

        return grid_svg([row.split() for row in board], clues=self.clues)

    def none(self) -> BaseException:
        return self.error("no solution")

    def error(self, message: str) -> BaseException:
        if not self.as_json:
            print("Error", flush=True)
        return fail(message)


class Polyomino(BoardRun):
    """Pieces read from FILE, in the smallest square they fill (or the board asked for);
    `no solution found!` on standard output where none is found (as the program it comes
    from)."""

    def __init__(self, file: str, board: str | None, rules: tuple[bool, bool, int]) -> None:
        self.file, self.board, self.rules = file, board, rules
        self.posed: tuple[Any, int, int] = ([], 0, 0)

    def pose(self) -> None:
        pieces = polyomino.parse(read_text(self.file))
        size = _dimensions(self.board) if self.board else None
        self.posed = (pieces, *polyomino.board_size(pieces, size, self.rules[2]))

    def problem(self) -> Problem[Any]:
        return polyomino.Filling(*self.posed, *self.rules).problem()

    def boards(self, search: SearchKeywords) -> Iterator[Board]:
        return polyomino.Filling(*self.posed, *self.rules).boards(**search)

    def count(self, search: SearchKeywords) -> int:
        return polyomino.Filling(*self.posed, *self.rules).count(**search)

    def engine(self) -> dict[str, Any]:
        return polyomino.engine(self.problem(), *self.posed[1:])

    def none(self) -> BaseException:
        print("no solution found!", flush=True)
        return SystemExit(EXIT_NONE)


def _dimensions(text: str) -> tuple[int, int]:
    """`RxC` as (R, C)."""
    rows, x, cols = text.lower().partition("x")
    if not (x and _small(rows) and _small(cols) and int(rows) > 0 and int(cols) > 0):
        raise PuzzleError(f"board {text[:40]!r} is not RxC with positive R and C")
    return int(rows), int(cols)


def _small(digits: str) -> bool:
    """Whether `digits` is a whole number of at most 9 digits."""
    return digits.isascii() and digits.isdigit() and len(digits) <= 9


class Pentomino(BoardRun):
    """The 12 pentominoes on a board named RxC (one solution per symmetry with `unique`)."""

    def __init__(self, board: str, unique: bool) -> None:
        self.board, self.unique = board, unique
        self.size = (0, 0)

    def pose(self) -> None:
        self.size = pentomino.parse_board(self.board)

    def problem(self) -> Problem[Any]:
        return pentomino.problem(*self.size, unique=self.unique)

    def boards(self, search: SearchKeywords) -> Iterator[Board]:
        return pentomino.boards(*self.size, unique=self.unique, **search)

    def count(self, search: SearchKeywords) -> int:
        return pentomino.count_fillings(*self.size, unique=self.unique, **search)

    def engine(self) -> dict[str, Any]:
        return polyomino.engine(self.problem(), *self.size, pentomino.holes(*self.size))
