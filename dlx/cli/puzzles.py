"""The `dlx` commands for the puzzles of `dlx.puzzles`: queens, sudoku, skyscrapers, polyomino and
pentomino. Each parses its arguments into a run object (`dlx.cli.puzzle_runs`: how its puzzle
is read, posed as a problem, searched for boards and drawn), which `dlx.cli.run.run_boards`
runs with the ten options every puzzle command takes (`--count --jobs N` counts in parallel:
`dlx.cli.parallel`).

`dlx.cli.app` registers them on the `dlx` command (`register`), after `solve`.
"""

# Without `from __future__ import annotations`, as in dlx.cli.app (typer reads these at start).

from typing import Annotated

import typer

from dlx.cli.common import NOTHING_ASKED, board_command
from dlx.cli.run import Asked, run_boards
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
    from dlx.cli import puzzle_runs as runs

    run_boards(asked, runs.Queens(n))


def sudoku(
    file: Annotated[str, typer.Argument(metavar="FILE", help="81 cells, '.' or '0' blank; or -.")],
    asked: Asked = NOTHING_ASKED,
) -> None:
    """Solve a sudoku: print the filled grid, 9 lines of 9 digits."""
    from dlx.cli import puzzle_runs as runs

    run_boards(asked, runs.Sudoku(file))


def skyscrapers(
    clues: Annotated[
        str, typer.Argument(metavar="CLUES", help="4N clues: top, bottom, left, right; 0: none.")
    ],
    asked: Asked = NOTHING_ASKED,
) -> None:
    """Solve skyscrapers: print the rows, heights separated by single spaces; `Error` if none."""
    from dlx.cli import puzzle_runs as runs

    # rows of heights, not of labels: plain, drawn as a grid
    run_boards(asked._replace(plain=True), runs.Skyscrapers(clues, asked.as_json))


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
    from dlx.cli import puzzle_runs as runs

    run_boards(asked, runs.Polyomino(file, board, (not no_rotate, not no_flip, holes)))


def pentomino(
    board: Annotated[str, typer.Argument(metavar="RxC", help="6x10, 5x12, 4x15, 3x20, or 8x8.")],
    unique: Annotated[
        bool, typer.Option("--unique", help="One solution per symmetry of the board.")
    ] = False,
    asked: Asked = NOTHING_ASKED,
) -> None:
    """Fill the board with the 12 pentominoes (8x8: leaving the centre 2x2 empty)."""
    from dlx.cli import puzzle_runs as runs

    run_boards(asked, runs.Pentomino(board, unique))
