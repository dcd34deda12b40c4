"""The `dlx` commands for the puzzles of `dlx.puzzles`: queens, sudoku, skyscrapers, polyomino and
pentomino. Each parses its arguments and names how its puzzle is read, posed as a
problem, searched for boards and drawn; `dlx.cli.boards` runs it, with the nine options every
puzzle command takes (`--count --jobs N` counts in parallel: `dlx.cli.parallel`).

`dlx.cli.app` registers them on the `dlx` command (`register`), after `solve`.
"""

# Without `from __future__ import annotations`, as in dlx.cli.app (typer reads these at start).

from typing import Annotated

import typer

from dlx.cli.boards import run_boards
from dlx.cli.common import NOTHING_ASKED, Asked, Board, board_command
from dlx.cli.output import fail, read_text
from dlx.errors import PuzzleError
from dlx.programs.exits import EXIT_NONE
from dlx.programs.kit import PlainUsage


def register(app: typer.Typer) -> None:
    """Add the puzzle commands to the `dlx` command line `app`, in the order of its help."""
    for command in (queens, sudoku, skyscrapers, polyomino, pentomino):
        app.command(cls=PlainUsage)(board_command(command))


def queens(
    n: Annotated[int, typer.Argument(metavar="N", help="The board's side.")],
    asked: Asked = NOTHING_ASKED,
) -> None:
    """Place n queens on an n x n board, none attacking another."""
    from dlx.puzzles import queens as puzzle

    def picture(n: int, board: Board) -> str:
        from dlx.pictures.svg import chess_svg  # (its XML escaping costs ~40 ms to import)

        return chess_svg(board)

    run_boards(
        asked,
        lambda: n,
        puzzle.problem,
        lambda n, search: puzzle.boards(n, **search),
        picture=picture,
    )


def sudoku(
    file: Annotated[str, typer.Argument(metavar="FILE", help="81 cells, '.' or '0' blank; or -.")],
    asked: Asked = NOTHING_ASKED,
) -> None:
    """Solve a sudoku: print the filled grid, 9 lines of 9 digits."""
    from dlx.puzzles import sudoku as puzzle

    def picture(grid: puzzle.Grid, board: Board) -> str:
        from dlx.pictures.svg import grid_svg

        return grid_svg(board, box=3, givens=puzzle.render(grid))

    run_boards(
        asked,
        lambda: puzzle.parse(read_text(file)),
        puzzle.problem,
        lambda grid, search: (puzzle.render(g) for g in puzzle.boards(grid, **search)),
        picture=picture,
    )


def skyscrapers(
    clues: Annotated[
        str, typer.Argument(metavar="CLUES", help="4N clues: top, bottom, left, right; 0: none.")
    ],
    asked: Asked = NOTHING_ASKED,
) -> None:
    """Solve skyscrapers: print the rows, heights separated by single spaces; `Error` if none."""
    from dlx.puzzles import skyscrapers as puzzle

    def picture(clues: puzzle.Clues, board: Board) -> str:
        from dlx.pictures.svg import grid_svg

        return grid_svg([row.split() for row in board], clues=clues)

    def error(message: str = "no solution") -> BaseException:
        if not asked.as_json:
            typer.echo("Error")
        return fail(message)

    run_boards(
        asked._replace(plain=True),  # rows of heights, not of labels: plain, drawn as a grid
        lambda: puzzle.parse(clues),
        puzzle.problem,
        lambda posed, search: (puzzle.render(grid) for grid in puzzle.boards(posed, **search)),
        picture=picture,
        none=error,
        on_error=error,
    )


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
    from dlx.puzzles import polyomino as puzzle
    from dlx.puzzles.shapes import Shape

    def pose() -> tuple[list[Shape], int, int]:
        pieces = puzzle.parse(read_text(file))
        size = _dimensions(board) if board else None
        return (pieces, *puzzle.board_size(pieces, size, holes))

    def none() -> BaseException:
        typer.echo("no solution found!")
        return SystemExit(EXIT_NONE)

    rotate, flip = not no_rotate, not no_flip
    run_boards(
        asked,
        pose,
        lambda posed: puzzle.problem(*posed, rotate, flip, holes),
        lambda posed, search: puzzle.boards(*posed, rotate, flip, holes, **search),
        counter=lambda posed, search: puzzle.count_fillings(
            *posed, rotate, flip, holes=holes, **search
        ),
        none=none,
        engine=lambda posed: puzzle.engine(puzzle.problem(*posed, rotate, flip, holes), *posed[1:]),
    )


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
    from dlx.puzzles import pentomino as puzzle
    from dlx.puzzles.polyomino import engine as polyomino_engine

    run_boards(
        asked,
        lambda: puzzle.parse_board(board),
        lambda size: puzzle.problem(*size, unique=unique),
        lambda size, search: puzzle.boards(*size, unique=unique, **search),
        counter=lambda size, search: puzzle.count_fillings(*size, unique=unique, **search),
        engine=lambda size: polyomino_engine(
            puzzle.problem(*size, unique=unique), *size, puzzle.holes(*size)
        ),
    )
