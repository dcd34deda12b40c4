"""The `dlx` command line: Knuth-format problems and the puzzles of `dlx.puzzles`, thinly.

Exit status for every command: 0 answered, 1 no solution or bad input, 2 usage, 3 stopped by a
budget (`--timeout`, `--max-nodes`) with the answer unknown, 130 interrupted.
"""

from __future__ import annotations

import json
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer

from dlx import DlxError, Stats, Status, __version__, solve
from dlx.knuth import decode, parse_dlx

EXIT_NONE = 1
EXIT_UNKNOWN = 3
EXIT_INTERRUPTED = 130
MAX_PUZZLE_BYTES = 1024 * 1024
"""Largest puzzle file read; a larger one is refused before it is read whole."""

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Exact cover by dancing links: Knuth-format problems and classic puzzles.",
)

Board = Sequence[str]
Search = dict[str, Any]

CountOpt = Annotated[bool, typer.Option("--count", help="Print only the number of solutions.")]
LimitOpt = Annotated[
    int | None, typer.Option("--limit", min=1, help="Stop after this many solutions.")
]
StatsOpt = Annotated[
    bool, typer.Option("--stats", help="Nodes, updates and seconds on standard error.")
]
TimeoutOpt = Annotated[
    float | None,
    typer.Option("--timeout", min=0, help="Give up after this many seconds (exit 3: unknown)."),
]
MaxNodesOpt = Annotated[
    int | None,
    typer.Option("--max-nodes", min=0, help="Give up after this many search nodes (exit 3)."),
]
SvgOpt = Annotated[
    Path | None, typer.Option("--svg", help="Also write the first board as an SVG picture.")
]
PlainOpt = Annotated[bool, typer.Option("--plain", help="Plain text even on a terminal.")]


def _show_version(value: bool) -> None:
    if value:
        typer.echo(f"{__version__} (core: {_core()})")
        raise typer.Exit()


def _core() -> str:
    """The name of the core searches run on (`compiled` or `python`)."""
    from dlx.core import core_name

    return core_name()


@app.callback()
def _options(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_show_version, is_eager=True, help="Print the version."),
    ] = False,
) -> None:
    """Exact cover by dancing links: Knuth-format problems and classic puzzles."""


def fail(message: str, code: int = EXIT_NONE) -> typer.Exit:
    """Print `dlx: message` on standard error; the exit to raise."""
    typer.echo(f"dlx: {message}", err=True)
    return typer.Exit(code)


@contextmanager
def guarded(on_error: Callable[[str], typer.Exit] = fail) -> Iterator[None]:
    """Turn bad input into one message and exit 1, and Ctrl-C into exit 130."""
    try:
        yield
    except (DlxError, ValueError) as error:
        raise on_error(str(error)) from None
    except KeyboardInterrupt:
        raise fail("interrupted", EXIT_INTERRUPTED) from None


def read_text(file: str, limit: int = MAX_PUZZLE_BYTES) -> str:
    """The text of `file` (`-`: standard input), refusing more than `limit` bytes."""
    try:
        if file == "-":
            data = sys.stdin.buffer.read(limit + 1)
        else:
            with open(file, "rb") as handle:
                data = handle.read(limit + 1)
    except OSError as error:
        raise fail(f"{file}: {error.strerror or error}") from None
    if len(data) > limit:
        raise fail(f"{file}: larger than {limit} bytes")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise fail(f"{file}: not UTF-8 text") from None


def budget(stats: Stats, timeout: float | None, max_nodes: int | None) -> Search:
    """The search keywords shared by every command."""
    return {"stats": stats, "timeout": timeout, "max_nodes": max_nodes}


def report(stats: Stats, show: bool) -> None:
    """Statistics on standard error when asked; exit 3 when a budget cut the search short."""
    if show:
        typer.echo(
            f"dlx: {stats.nodes} nodes, {stats.updates} updates, {stats.seconds:.3f} s, "
            f"{stats.solutions} solutions ({stats.status.value}), core: {_core()}",
            err=True,
        )
    if stats.status is Status.BUDGET:
        raise fail(f"unknown: stopped by a budget after {stats.nodes} nodes", EXIT_UNKNOWN)


def show_boards(
    boards: Iterator[Board],
    stats: Stats,
    *,
    count: bool,
    show_stats: bool,
    svg: Path | None,
    plain: bool,
    none: Callable[[], typer.Exit],
) -> None:
    """Print each board (rows, blank line between boards), or only their number."""
    found = 0
    with guarded():
        for board in boards:
            found += 1
            if count:
                continue
            if found > 1:
                sys.stdout.write("\n")
            _print_board(board, plain)
            if svg is not None and found == 1:
                write_svg(svg, board)
    if count:
        sys.stdout.write(f"{found}\n")
    report(stats, show_stats)
    if not found and not count:
        raise none()


def write_svg(path: Path, board: Board) -> None:
    """Write the board as an SVG picture; a file that cannot be written is bad input."""
    from dlx.puzzles.svg import board_svg

    try:
        path.write_text(board_svg(board))
    except OSError as error:
        raise fail(f"{path}: {error.strerror or error}") from None


def _print_board(board: Board, plain: bool) -> None:
    """One board, coloured by label on a terminal unless plain (or piped, or NO_COLOR)."""
    import os

    styled = sys.stdout.isatty() or bool(os.environ.get("FORCE_COLOR"))
    if plain or os.environ.get("NO_COLOR") or not styled:
        sys.stdout.write("".join(f"{row}\n" for row in board))
        return
    from rich.console import Console
    from rich.text import Text

    from dlx.puzzles.svg import label_colour

    text = Text()
    for row in board:
        for mark in row:
            text.append(mark, style=f"bold {label_colour(mark)}" if mark not in ". " else "dim")
        text.append("\n")
    Console(highlight=False, soft_wrap=True).print(text, end="")


def no_solution() -> typer.Exit:
    """The exit for a puzzle without a solution: a message on standard error."""
    return fail("no solution")


@app.command("solve")
def solve_command(
    file: Annotated[str, typer.Argument(metavar="FILE", help="A problem in Knuth's format, or -.")],
    count: CountOpt = False,
    limit: LimitOpt = None,
    stats: StatsOpt = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    timeout: TimeoutOpt = None,
    max_nodes: MaxNodesOpt = None,
) -> None:
    """Solve a problem in Knuth's text format: each solution as its option lines."""
    with guarded():
        problem_file = parse_dlx(decode(read_bytes(file)))
    counters = Stats()
    texts: list[list[str]] = []
    found = 0
    with guarded():
        search = solve(problem_file.problem, limit=limit, **budget(counters, timeout, max_nodes))
        for solution in search:
            found += 1
            if count:
                continue
            lines = [problem_file.option_text(key) for key in solution]
            if as_json:
                texts.append(lines)
                continue
            if found > 1:
                sys.stdout.write("\n")
            sys.stdout.write("".join(f"{line}\n" for line in lines))
    if as_json:
        sys.stdout.write(json.dumps(_json(found, texts, counters, count)) + "\n")
    elif count:
        sys.stdout.write(f"{found}\n")
    report(counters, stats)
    if not found and not count:
        raise fail("no solution")


def _json(found: int, texts: list[list[str]], stats: Stats, count_only: bool) -> dict[str, Any]:
    """`dlx solve --json`: the solutions (unless counting), their number, and the statistics."""
    result: dict[str, Any] = {"count": found}
    if not count_only:
        result["solutions"] = texts
    result.update(
        nodes=stats.nodes,
        updates=stats.updates,
        seconds=round(stats.seconds, 6),
        status=stats.status.value,
        core=_core(),
    )
    return result


def read_bytes(file: str) -> bytes:
    """The bytes of a Knuth-format file (`-`: standard input), bounded by the format's cap."""
    from dlx.knuth import MAX_BYTES

    try:
        if file == "-":
            return sys.stdin.buffer.read(MAX_BYTES + 1)
        with open(file, "rb") as handle:
            return handle.read(MAX_BYTES + 1)
    except OSError as error:
        raise fail(f"{file}: {error.strerror or error}") from None


@app.command()
def queens(
    n: Annotated[int, typer.Argument(help="The board's side.")],
    count: CountOpt = False,
    limit: LimitOpt = None,
    stats: StatsOpt = False,
    svg: SvgOpt = None,
    plain: PlainOpt = False,
    timeout: TimeoutOpt = None,
    max_nodes: MaxNodesOpt = None,
) -> None:
    """Place n queens on an n x n board, none attacking another."""
    from dlx.puzzles import queens as puzzle

    counters = Stats()
    with guarded():
        boards = puzzle.boards(n, limit=limit, **budget(counters, timeout, max_nodes))
    show_boards(
        boards, counters, count=count, show_stats=stats, svg=svg, plain=plain, none=no_solution
    )


@app.command()
def sudoku(
    file: Annotated[str, typer.Argument(metavar="FILE", help="81 cells, '.' or '0' blank; or -.")],
    count: CountOpt = False,
    limit: LimitOpt = None,
    stats: StatsOpt = False,
    svg: SvgOpt = None,
    plain: PlainOpt = False,
    timeout: TimeoutOpt = None,
    max_nodes: MaxNodesOpt = None,
) -> None:
    """Solve a sudoku: print the filled grid, 9 lines of 9 digits."""
    from dlx.puzzles import sudoku as puzzle

    counters = Stats()
    with guarded():
        grid = puzzle.parse(read_text(file))
        boards = (
            puzzle.render(g)
            for g in puzzle.boards(grid, limit=limit, **budget(counters, timeout, max_nodes))
        )
    show_boards(
        boards, counters, count=count, show_stats=stats, svg=svg, plain=plain, none=no_solution
    )


@app.command()
def skyscrapers(
    clues: Annotated[str, typer.Argument(help="4N clues: top, bottom, left, right; 0: none.")],
    count: CountOpt = False,
    stats: StatsOpt = False,
    timeout: TimeoutOpt = None,
    max_nodes: MaxNodesOpt = None,
) -> None:
    """Solve skyscrapers: print the rows, heights separated by single spaces; `Error` if none."""
    from dlx.puzzles import skyscrapers as puzzle

    def error(message: str = "no solution") -> typer.Exit:
        typer.echo("Error")
        return fail(message)

    counters = Stats()
    with guarded(error):
        parsed = puzzle.parse(clues)
        grids = puzzle.boards(parsed, **budget(counters, timeout, max_nodes))
        boards: Iterator[Board] = (puzzle.render(grid) for grid in grids)
    if not count:
        boards = _first(boards)
    show_boards(boards, counters, count=count, show_stats=stats, svg=None, plain=True, none=error)


def _first(boards: Iterator[Board]) -> Iterator[Board]:
    """Only the first board."""
    for board in boards:
        yield board
        return


@app.command()
def polyomino(
    file: Annotated[str, typer.Argument(metavar="FILE", help="Pieces: 'R C' then R rows of 0/1.")],
    board: Annotated[
        str | None, typer.Option("--board", metavar="RxC", help="The board, if not a square.")
    ] = None,
    no_rotate: Annotated[bool, typer.Option("--no-rotate", help="Forbid rotations.")] = False,
    no_flip: Annotated[bool, typer.Option("--no-flip", help="Forbid reflections.")] = False,
    count: CountOpt = False,
    stats: StatsOpt = False,
    svg: SvgOpt = None,
    plain: PlainOpt = False,
    timeout: TimeoutOpt = None,
    max_nodes: MaxNodesOpt = None,
) -> None:
    """Fill a square (or --board RxC) with the pieces, each used once; rotations and
    reflections allowed unless forbidden. Cells show their piece's number (1-9, then A, B...)."""
    from dlx.puzzles import polyomino as puzzle

    def none() -> typer.Exit:
        typer.echo("no solution found!")
        return typer.Exit(EXIT_NONE)

    counters = Stats()
    with guarded():
        pieces = puzzle.parse(read_text(file))
        rows, cols = puzzle.board_size(pieces, _dimensions(board) if board else None)
        found: Iterator[Board] = puzzle.boards(
            pieces,
            rows,
            cols,
            rotate=not no_rotate,
            flip=not no_flip,
            **budget(counters, timeout, max_nodes),
        )
    if not count:
        found = _first(found)
    show_boards(found, counters, count=count, show_stats=stats, svg=svg, plain=plain, none=none)


def _dimensions(text: str) -> tuple[int, int]:
    """`RxC` as (R, C)."""
    rows, x, cols = text.lower().partition("x")
    if not (x and rows.isdigit() and cols.isdigit() and int(rows) > 0 and int(cols) > 0):
        raise ValueError(f"board {text!r} is not RxC with positive R and C")
    return int(rows), int(cols)


@app.command()
def pentomino(
    board: Annotated[str, typer.Argument(metavar="RxC", help="6x10, 5x12, 4x15, 3x20, or 8x8.")],
    unique: Annotated[
        bool, typer.Option("--unique", help="One solution per symmetry of the board.")
    ] = False,
    count: CountOpt = False,
    stats: StatsOpt = False,
    svg: SvgOpt = None,
    plain: PlainOpt = False,
    timeout: TimeoutOpt = None,
    max_nodes: MaxNodesOpt = None,
) -> None:
    """Fill the board with the 12 pentominoes (8x8: leaving the centre 2x2 empty)."""
    from dlx.puzzles import pentomino as puzzle

    counters = Stats()
    with guarded():
        rows, cols = puzzle.parse_board(board)
        found: Iterator[Board] = puzzle.boards(
            rows, cols, unique=unique, **budget(counters, timeout, max_nodes)
        )
    if not count:
        found = _first(found)
    show_boards(
        found, counters, count=count, show_stats=stats, svg=svg, plain=plain, none=no_solution
    )


def main() -> None:
    """Entry point of the `dlx` script and of `python -m dlx`."""
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # a reader that goes away ends us quietly
    app()
