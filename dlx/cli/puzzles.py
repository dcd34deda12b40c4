"""The `dlx` commands for the puzzles of `dlx.puzzles`: queens, sudoku, skyscrapers, polyomino and
pentomino. Each parses its arguments into a run object (`dlx.cli.run.BoardRun`: how its puzzle
is read, posed as a problem, searched for boards and drawn), which `dlx.cli.run.run_boards`
runs with the ten options every puzzle command takes (`--count --jobs N` counts in parallel:
`dlx.cli.parallel`).

`dlx.cli.app` registers them on the `dlx` command (`register`), after `solve`.
"""

# Without `from __future__ import annotations`, as in dlx.cli.app (typer reads these at start).

from collections.abc import Iterator
from typing import TYPE_CHECKING, Annotated, Any

import typer

from dlx.cli.boards import Board
from dlx.cli.common import NOTHING_ASKED, board_command
from dlx.cli.output import fail, read_text
from dlx.cli.run import Asked, BoardRun, run_boards
from dlx.errors import PuzzleError
from dlx.programs.exits import EXIT_NONE
from dlx.programs.kit import PlainUsage

if TYPE_CHECKING:
    from dlx.problem import Problem
    from dlx.puzzles.skyscrapers import Clues
    from dlx.puzzles.sudoku import Grid
    from dlx.solve import SearchKeywords


def register(app: typer.Typer) -> None:
    """Add the puzzle commands to the `dlx` command line `app`, in the order of its help."""
    for command in (queens, sudoku, skyscrapers, polyomino, pentomino):
        app.command(cls=PlainUsage)(board_command(command))


def queens(
    n: Annotated[int, typer.Argument(metavar="N", help="The board's side.")],
    asked: Asked = NOTHING_ASKED,
) -> None:
    """Place n queens on an n x n board, none attacking another."""
    run_boards(asked, _Queens(n))


class _Queens(BoardRun):
    """n queens: the board's side is the whole input; drawn on a chessboard."""

    def __init__(self, n: int) -> None:
        self.n = n

    def problem(self) -> "Problem[Any]":
        from dlx.puzzles import queens

        return queens.problem(self.n)

    def boards(self, search: "SearchKeywords") -> Iterator[Board]:
        from dlx.puzzles import queens

        return queens.boards(self.n, **search)

    def picture(self, board: Board) -> str:
        from dlx.pictures.svg import chess_svg  # (its XML escaping costs ~40 ms to import)

        return chess_svg(board)


def sudoku(
    file: Annotated[str, typer.Argument(metavar="FILE", help="81 cells, '.' or '0' blank; or -.")],
    asked: Asked = NOTHING_ASKED,
) -> None:
    """Solve a sudoku: print the filled grid, 9 lines of 9 digits."""
    run_boards(asked, _Sudoku(file))


class _Sudoku(BoardRun):
    """A sudoku read from FILE; drawn as a 9x9 grid, its givens marked."""

    grid: "Grid"

    def __init__(self, file: str) -> None:
        self.file = file

    def pose(self) -> None:
        from dlx.puzzles import sudoku

        self.grid = sudoku.parse(read_text(self.file))

    def problem(self) -> "Problem[Any]":
        from dlx.puzzles import sudoku

        return sudoku.problem(self.grid)

    def boards(self, search: "SearchKeywords") -> Iterator[Board]:
        from dlx.puzzles import sudoku

        return (sudoku.render(grid) for grid in sudoku.boards(self.grid, **search))

    def picture(self, board: Board) -> str:
        from dlx.pictures.svg import grid_svg
        from dlx.puzzles import sudoku

        return grid_svg(board, box=3, givens=sudoku.render(self.grid))


def skyscrapers(
    clues: Annotated[
        str, typer.Argument(metavar="CLUES", help="4N clues: top, bottom, left, right; 0: none.")
    ],
    asked: Asked = NOTHING_ASKED,
) -> None:
    """Solve skyscrapers: print the rows, heights separated by single spaces; `Error` if none."""
    # rows of heights, not of labels: plain, drawn as a grid
    run_boards(asked._replace(plain=True), _Skyscrapers(clues, asked.as_json))


class _Skyscrapers(BoardRun):
    """Skyscrapers from 4N clues; `Error` on standard output for bad clues or no solution (as
    the program it comes from), but not in a JSON run."""

    clues: "Clues"

    def __init__(self, text: str, as_json: bool) -> None:
        self.text, self.as_json = text, as_json

    def pose(self) -> None:
        from dlx.puzzles import skyscrapers

        self.clues = skyscrapers.parse(self.text)

    def problem(self) -> "Problem[Any]":
        from dlx.puzzles import skyscrapers

        return skyscrapers.problem(self.clues)

    def boards(self, search: "SearchKeywords") -> Iterator[Board]:
        from dlx.puzzles import skyscrapers

        return (skyscrapers.render(grid) for grid in skyscrapers.boards(self.clues, **search))

    def picture(self, board: Board) -> str:
        from dlx.pictures.svg import grid_svg

        return grid_svg([row.split() for row in board], clues=self.clues)

    def none(self) -> BaseException:
        return self.error("no solution")

    def error(self, message: str) -> BaseException:
        if not self.as_json:
            typer.echo("Error")
        return fail(message)


def polyomino(
    file: Annotated[str, typer.Argument(metavar="FILE", help="Pieces: 'R C' then R rows of 0/1.")],
    board: Annotated[
        str | None, typer.Option("--board", metavar="RxC", help="The board, if not a square.")
    ] = None,
    no_rotate: Annotated[bool, typer.Option("--no-rotate", help="Forbid rotations.")] = False,
    no_flip: Annotated[bool, typer.Option("--no-flip", help="Forbid reflections.")] = False,
    holes: Annotated[
        int, typer.Option("--holes", min=0, help="Cells the pieces leave empty, anywhere.")
    ] = 0,
    asked: Asked = NOTHING_ASKED,
) -> None:
    """Fill a square (or --board RxC) with the pieces, each used once; rotations and
    reflections allowed unless forbidden. Prints the square found, each cell its piece's number
    (1-9, then A, B...), or that no solution was found."""
    run_boards(asked, _Polyomino(file, board, (not no_rotate, not no_flip, holes)))


class _Polyomino(BoardRun):
    """Pieces read from FILE, in the smallest square they fill (or the board asked for);
    `no solution found!` on standard output where none is found (as the program it comes
    from)."""

    def __init__(self, file: str, board: str | None, rules: tuple[bool, bool, int]) -> None:
        self.file, self.board, self.rules = file, board, rules
        self.posed: tuple[Any, int, int] = ([], 0, 0)

    def pose(self) -> None:
        from dlx.puzzles import polyomino

        pieces = polyomino.parse(read_text(self.file))
        size = _dimensions(self.board) if self.board else None
        self.posed = (pieces, *polyomino.board_size(pieces, size, self.rules[2]))

    def problem(self) -> "Problem[Any]":
        from dlx.puzzles import polyomino

        return polyomino.problem(*self.posed, *self.rules)

    def boards(self, search: "SearchKeywords") -> Iterator[Board]:
        from dlx.puzzles import polyomino

        return polyomino.boards(*self.posed, *self.rules, **search)

    def count(self, search: "SearchKeywords") -> int:
        from dlx.puzzles import polyomino

        rotate, flip, holes = self.rules
        return polyomino.count_fillings(*self.posed, rotate, flip, holes=holes, **search)

    def engine(self) -> dict[str, Any]:
        from dlx.puzzles import polyomino

        return polyomino.engine(self.problem(), *self.posed[1:])

    def none(self) -> BaseException:
        typer.echo("no solution found!")
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


def pentomino(
    board: Annotated[str, typer.Argument(metavar="RxC", help="6x10, 5x12, 4x15, 3x20, or 8x8.")],
    unique: Annotated[
        bool, typer.Option("--unique", help="One solution per symmetry of the board.")
    ] = False,
    asked: Asked = NOTHING_ASKED,
) -> None:
    """Fill the board with the 12 pentominoes (8x8: leaving the centre 2x2 empty)."""
    run_boards(asked, _Pentomino(board, unique))


class _Pentomino(BoardRun):
    """The 12 pentominoes on a board named RxC (one solution per symmetry with `unique`)."""

    def __init__(self, board: str, unique: bool) -> None:
        self.board, self.unique = board, unique
        self.size = (0, 0)

    def pose(self) -> None:
        from dlx.puzzles import pentomino

        self.size = pentomino.parse_board(self.board)

    def problem(self) -> "Problem[Any]":
        from dlx.puzzles import pentomino

        return pentomino.problem(*self.size, unique=self.unique)

    def boards(self, search: "SearchKeywords") -> Iterator[Board]:
        from dlx.puzzles import pentomino

        return pentomino.boards(*self.size, unique=self.unique, **search)

    def count(self, search: "SearchKeywords") -> int:
        from dlx.puzzles import pentomino

        return pentomino.count_fillings(*self.size, unique=self.unique, **search)

    def engine(self) -> dict[str, Any]:
        from dlx.puzzles import pentomino
        from dlx.puzzles.polyomino import engine

        return engine(self.problem(), *self.size, pentomino.holes(*self.size))
