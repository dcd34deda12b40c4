"""The `dlx` commands for the puzzles of `dlx.puzzles`: queens, sudoku, skyscrapers, polyomino and
pentomino. Each parses its arguments, builds the puzzle's search and hands the boards to
`dlx.cli.boards`; `--count --jobs N` counts in parallel (`dlx.cli.parallel`).

`dlx.cli.app` registers them on the `dlx` command (`register`), after `solve`.
"""

# Without `from __future__ import annotations`, as in dlx.cli.app (typer reads these at start).

from collections.abc import Iterator
from typing import TYPE_CHECKING, Annotated, Any

import typer

import dlx
from dlx.cli.boards import Shown, search_boards
from dlx.cli.common import (
    EXIT_NONE,
    Board,
    CountOpt,
    JobsOpt,
    JsonOpt,
    LimitOpt,
    StatsOpt,
    SvgOpt,
    fail,
    read_text,
)
from dlx.cli.parallel import count_in_parallel
from dlx.console.kit import MaxNodesOpt, PlainOpt, PlainUsage, TimeoutOpt
from dlx.errors import PuzzleError

if TYPE_CHECKING:
    from dlx.solve import SearchKeywords


def register(app: typer.Typer) -> None:
    """Add the puzzle commands to the `dlx` command line `app`, in the order of its help."""
    for command in (queens, sudoku, skyscrapers, polyomino, pentomino):
        app.command(cls=PlainUsage)(command)


def queens(
    n: Annotated[int, typer.Argument(metavar="N", help="The board's side.")],
    count: CountOpt = False,
    limit: LimitOpt = None,
    stats: StatsOpt = False,
    as_json: JsonOpt = False,
    svg: SvgOpt = None,
    plain: PlainOpt = False,
    timeout: TimeoutOpt = None,
    max_nodes: MaxNodesOpt = None,
    jobs: JobsOpt = None,
) -> None:
    """Place n queens on an n x n board, none attacking another."""
    from dlx.puzzles import queens as puzzle

    if jobs is not None:
        build = lambda: puzzle.problem(n)  # noqa: E731
        count_in_parallel(
            build, jobs, count, stats, timeout, max_nodes, limit=limit, as_json=as_json
        )
        return

    def picture(board: Board) -> str:
        from dlx.pictures.svg import chess_svg

        return chess_svg(board)

    shown = Shown(count, stats, svg, plain, timeout, max_nodes, limit, as_json, picture)
    counter = lambda search: dlx.count(puzzle.problem(n), **search)  # noqa: E731
    search_boards(lambda search: puzzle.boards(n, **search), shown, counter=counter)


def sudoku(
    file: Annotated[str, typer.Argument(metavar="FILE", help="81 cells, '.' or '0' blank; or -.")],
    count: CountOpt = False,
    limit: LimitOpt = None,
    stats: StatsOpt = False,
    as_json: JsonOpt = False,
    svg: SvgOpt = None,
    plain: PlainOpt = False,
    timeout: TimeoutOpt = None,
    max_nodes: MaxNodesOpt = None,
    jobs: JobsOpt = None,
) -> None:
    """Solve a sudoku: print the filled grid, 9 lines of 9 digits."""
    from dlx.puzzles import sudoku as puzzle

    if jobs is not None:
        build = lambda: puzzle.problem(puzzle.parse(read_text(file)))  # noqa: E731
        count_in_parallel(
            build, jobs, count, stats, timeout, max_nodes, limit=limit, as_json=as_json
        )
        return
    givens: list[str] = []

    def boards(search: "SearchKeywords") -> Iterator[Board]:
        grid = puzzle.parse(read_text(file))
        givens.extend(puzzle.render(grid))
        return (puzzle.render(g) for g in puzzle.boards(grid, **search))

    def picture(board: Board) -> str:
        from dlx.pictures.svg import grid_svg

        return grid_svg(board, box=3, givens=givens)

    def counter(search: "SearchKeywords") -> int:
        return dlx.count(puzzle.problem(puzzle.parse(read_text(file))), **search)

    shown = Shown(count, stats, svg, plain, timeout, max_nodes, limit, as_json, picture)
    search_boards(boards, shown, counter=counter)


def skyscrapers(
    clues: Annotated[
        str, typer.Argument(metavar="CLUES", help="4N clues: top, bottom, left, right; 0: none.")
    ],
    count: CountOpt = False,
    limit: LimitOpt = None,
    stats: StatsOpt = False,
    as_json: JsonOpt = False,
    svg: SvgOpt = None,
    plain: PlainOpt = False,
    timeout: TimeoutOpt = None,
    max_nodes: MaxNodesOpt = None,
    jobs: JobsOpt = None,
) -> None:
    """Solve skyscrapers: print the rows, heights separated by single spaces; `Error` if none."""
    from dlx.puzzles import skyscrapers as puzzle

    def error(message: str = "no solution") -> typer.Exit:
        if not as_json:
            typer.echo("Error")
        return fail(message)

    if jobs is not None:
        build = lambda: puzzle.problem(puzzle.parse(clues))  # noqa: E731
        count_in_parallel(
            build, jobs, count, stats, timeout, max_nodes, error, limit=limit, as_json=as_json
        )
        return

    def boards(search: "SearchKeywords") -> Iterator[Board]:
        return (puzzle.render(grid) for grid in puzzle.boards(puzzle.parse(clues), **search))

    def picture(board: Board) -> str:
        from dlx.pictures.svg import grid_svg

        return grid_svg([row.split() for row in board], clues=puzzle.parse(clues))

    def counter(search: "SearchKeywords") -> int:
        return dlx.count(puzzle.problem(puzzle.parse(clues)), **search)

    # (its rows are heights apart, not a board of labels: printed plain, drawn as a grid)
    shown = Shown(count, stats, svg, True, timeout, max_nodes, limit, as_json, picture)
    search_boards(boards, shown, none=error, on_error=error, first=True, counter=counter)


def polyomino(
    file: Annotated[str, typer.Argument(metavar="FILE", help="Pieces: 'R C' then R rows of 0/1.")],
    board: Annotated[
        str | None, typer.Option("--board", metavar="RxC", help="The board, if not a square.")
    ] = None,
    no_rotate: Annotated[bool, typer.Option("--no-rotate", help="Forbid rotations.")] = False,
    no_flip: Annotated[bool, typer.Option("--no-flip", help="Forbid reflections.")] = False,
    count: CountOpt = False,
    limit: LimitOpt = None,
    stats: StatsOpt = False,
    as_json: JsonOpt = False,
    svg: SvgOpt = None,
    plain: PlainOpt = False,
    timeout: TimeoutOpt = None,
    max_nodes: MaxNodesOpt = None,
    jobs: JobsOpt = None,
) -> None:
    """Fill a square (or --board RxC) with the pieces, each used once; rotations and
    reflections allowed unless forbidden. Cells show their piece's number (1-9, then A, B...)."""
    from dlx.puzzles import polyomino as puzzle

    if jobs is not None:

        def build() -> Any:
            pieces = puzzle.parse(read_text(file))
            rows, cols = puzzle.board_size(pieces, _dimensions(board) if board else None)
            return puzzle.problem(pieces, rows, cols, not no_rotate, not no_flip)

        count_in_parallel(
            build, jobs, count, stats, timeout, max_nodes, limit=limit, as_json=as_json
        )
        return

    def none() -> typer.Exit:
        typer.echo("no solution found!")
        return typer.Exit(EXIT_NONE)

    def boards(search: "SearchKeywords") -> Iterator[Board]:
        pieces = puzzle.parse(read_text(file))
        rows, cols = puzzle.board_size(pieces, _dimensions(board) if board else None)
        return puzzle.boards(pieces, rows, cols, rotate=not no_rotate, flip=not no_flip, **search)

    def counter(search: "SearchKeywords") -> int:
        pieces = puzzle.parse(read_text(file))
        rows, cols = puzzle.board_size(pieces, _dimensions(board) if board else None)
        return dlx.count(puzzle.problem(pieces, rows, cols, not no_rotate, not no_flip), **search)

    shown = Shown(count, stats, svg, plain, timeout, max_nodes, limit, as_json)
    search_boards(boards, shown, none=none, first=True, counter=counter)


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
    count: CountOpt = False,
    limit: LimitOpt = None,
    stats: StatsOpt = False,
    as_json: JsonOpt = False,
    svg: SvgOpt = None,
    plain: PlainOpt = False,
    timeout: TimeoutOpt = None,
    max_nodes: MaxNodesOpt = None,
    jobs: JobsOpt = None,
) -> None:
    """Fill the board with the 12 pentominoes (8x8: leaving the centre 2x2 empty)."""
    from dlx.puzzles import pentomino as puzzle

    if jobs is not None:
        build = lambda: puzzle.problem(*puzzle.parse_board(board), unique=unique)  # noqa: E731
        count_in_parallel(
            build, jobs, count, stats, timeout, max_nodes, limit=limit, as_json=as_json
        )
        return

    def boards(search: "SearchKeywords") -> Iterator[Board]:
        return puzzle.boards(*puzzle.parse_board(board), unique=unique, **search)

    def counter(search: "SearchKeywords") -> int:
        return dlx.count(puzzle.problem(*puzzle.parse_board(board), unique=unique), **search)

    shown = Shown(count, stats, svg, plain, timeout, max_nodes, limit, as_json)
    search_boards(boards, shown, first=True, counter=counter)
