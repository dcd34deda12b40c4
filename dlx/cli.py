"""The `dlx` command line: Knuth-format problems and the puzzles of `dlx.puzzles`, thinly.

Exit status for every command: 0 answered, 1 no solution (in every form) or bad input, 2 usage,
3 stopped by a budget (`--timeout`, `--max-nodes`) with the answer unknown and nothing printed on
standard output, 130 interrupted. The process-level endings are `dlx.clikit`'s.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NamedTuple

import typer

from dlx import DlxError, Stats, Status, __version__, solve
from dlx.clikit import EXIT_UNKNOWN, Clock, MaxNodesOpt, TimeoutOpt, version_option
from dlx.clikit import run as run_app
from dlx.knuth import MAX_BYTES, decode, parse_dlx
from dlx.puzzles.errors import PuzzleError
from dlx.puzzles.search import Search

if TYPE_CHECKING:
    from rich.console import Console

EXIT_NONE = 1
MAX_PUZZLE_BYTES = 1024 * 1024
"""Largest puzzle file read; a larger one is refused before it is read whole."""

DOMAIN_ERRORS = (DlxError, PuzzleError)
"""The errors that mean bad input; any other is a bug, and shows as one."""

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Exact cover by dancing links: Knuth-format problems and classic puzzles.",
)

Board = Sequence[str]

CountOpt = Annotated[bool, typer.Option("--count", help="Print only the number of solutions.")]
LimitOpt = Annotated[
    int | None, typer.Option("--limit", min=1, help="Stop after this many solutions.")
]
StatsOpt = Annotated[
    bool, typer.Option("--stats", help="Nodes, updates and seconds on standard error.")
]
SvgOpt = Annotated[
    Path | None, typer.Option("--svg", help="Also write the first board as an SVG picture.")
]
PlainOpt = Annotated[bool, typer.Option("--plain", help="Plain text even on a terminal.")]
JobsOpt = Annotated[
    int | None,
    typer.Option("--jobs", min=0, help="Search in this many worker processes (0: one per core)."),
]


def _core() -> str:
    """The name of the core searches run on (`compiled` or `python`)."""
    from dlx.core import core_name

    return core_name()


@app.callback()
def _options(
    version: Annotated[bool, version_option(__version__)] = False,
) -> None:
    """Exact cover by dancing links: Knuth-format problems and classic puzzles."""


def fail(message: str, code: int = EXIT_NONE) -> typer.Exit:
    """Print `dlx: message` on standard error; the exit to raise."""
    typer.echo(f"dlx: {message}", err=True)
    return typer.Exit(code)


@contextmanager
def guarded(on_error: Callable[[str], typer.Exit] = fail) -> Iterator[None]:
    """Turn bad input (a domain error) into one message and exit 1."""
    try:
        yield
    except DOMAIN_ERRORS as error:
        raise on_error(str(error)) from None


def read_input(file: str, limit: int) -> bytes:
    """The bytes of `file` (`-`: standard input), no more than `limit` + 1 of them: a caller
    refuses more than `limit` without reading the rest."""
    try:
        if file == "-":
            if sys.stdin is None:
                raise fail("-: standard input is closed")
            return sys.stdin.buffer.read(limit + 1)
        with open(file, "rb") as handle:
            return handle.read(limit + 1)
    except OSError as error:
        raise fail(f"{file}: {error.strerror or error}") from None


def read_text(file: str, limit: int = MAX_PUZZLE_BYTES) -> str:
    """The text of `file` (`-`: standard input), refusing more than `limit` bytes."""
    data = read_input(file, limit)
    if len(data) > limit:
        raise fail(f"{file}: larger than {limit} bytes")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise fail(f"{file}: not UTF-8 text") from None


def budget(stats: Stats, clock: Clock, max_nodes: int | None, limit: int | None = None) -> Search:
    """The search keywords shared by every command: the statistics, the limit, and what the
    run has left."""
    return {"stats": stats, "timeout": clock.left(), "max_nodes": max_nodes, "limit": limit}


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


def board_console(plain: bool) -> Console | None:
    """The console boards are drawn on, coloured by label on a terminal; None for plain text
    (asked for, NO_COLOR, or not a terminal unless FORCE_COLOR)."""
    styled = sys.stdout.isatty() or bool(os.environ.get("FORCE_COLOR"))
    if plain or os.environ.get("NO_COLOR") or not styled:
        return None
    from rich.console import Console

    return Console(highlight=False, soft_wrap=True)


def show_boards(
    boards: Iterator[Board],
    stats: Stats,
    clock: Clock,
    *,
    hold: bool,
    count: bool,
    show_stats: bool,
    svg: Path | None,
    console: Console | None,
    none: Callable[[], typer.Exit],
) -> None:
    """Print each board (rows, blank line between boards), or only their number. With `hold`
    (a budget may stop the search) the boards wait until the search ends, so one stopped by a
    budget prints nothing; no board (a count of 0 included) exits 1."""
    held: list[Board] = []
    found = 0
    with guarded():
        for board in boards:
            found += 1
            if count:
                continue
            if hold:
                held.append(board)
            else:
                _show(board, found, svg, console)
    clock.stop()
    report(stats, show_stats)
    if count:
        sys.stdout.write(f"{found}\n")
    for number, board in enumerate(held, start=1):
        _show(board, number, svg, console)
    if not found:
        raise fail("no solution") if count else none()


def _show(board: Board, number: int, svg: Path | None, console: Console | None) -> None:
    """Print the `number`-th board, after a blank line unless first; the SVG of the first."""
    if number > 1:
        sys.stdout.write("\n")
    _print_board(board, console)
    if svg is not None and number == 1:
        write_svg(svg, board)


def write_svg(path: Path, board: Board) -> None:
    """Write the board as an SVG picture; a file that cannot be written is bad input."""
    from dlx.puzzles.svg import board_svg

    try:
        path.write_text(board_svg(board))
    except OSError as error:
        raise fail(f"{path}: {error.strerror or error}") from None


def _print_board(board: Board, console: Console | None) -> None:
    """One board, coloured by label on `console`, or plain."""
    if console is None:
        sys.stdout.write("".join(f"{row}\n" for row in board))
        return
    from rich.text import Text

    from dlx.puzzles.svg import label_colour

    text = Text()
    for row in board:
        for mark in row:
            text.append(mark, style=f"bold {label_colour(mark)}" if mark not in ". " else "dim")
        text.append("\n")
    console.print(text, end="")


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
    jobs: JobsOpt = None,
    checkpoint: Annotated[
        Path | None,
        typer.Option("--checkpoint", help="Record finished parts here; rerun to resume."),
    ] = None,
    scheduler: Annotated[
        str | None,
        typer.Option("--scheduler", metavar="tcp://HOST:PORT", help="Search on a Dask cluster."),
    ] = None,
) -> None:
    """Solve a problem in Knuth's text format: each solution as its option lines."""
    if jobs is not None or checkpoint is not None or scheduler is not None:
        with guarded():
            problem_file = parse_dlx(decode(read_input(file, MAX_BYTES)))
        where = Where(jobs, scheduler, checkpoint)
        solve_parallel_command(
            problem_file, where, count, limit, stats, as_json, timeout, max_nodes
        )
        return
    with Clock(timeout) as clock:
        with guarded():
            problem_file = parse_dlx(decode(read_input(file, MAX_BYTES)))
        counters = Stats()
        texts: list[list[str]] = []
        hold = as_json or timeout is not None or max_nodes is not None
        found = 0
        with guarded():
            search = solve(problem_file.problem, **budget(counters, clock, max_nodes, limit))
            for solution in search:
                found += 1
                if count:
                    continue
                lines = [problem_file.option_text(key) for key in solution]
                if hold:
                    texts.append(lines)
                else:
                    _write_lines(lines, found)
    if as_json:
        sys.stdout.write(json.dumps(_json(found, texts, counters, count)) + "\n")
    report(counters, stats)
    if count and not as_json:
        sys.stdout.write(f"{found}\n")
    elif not as_json:
        for number, lines in enumerate(texts, start=1):
            _write_lines(lines, number)
    if not found:
        raise fail("no solution")


def _write_lines(lines: list[str], number: int) -> None:
    """The `number`-th solution's option lines, after a blank line unless first."""
    sys.stdout.write(("\n" if number > 1 else "") + "".join(f"{line}\n" for line in lines))


def _json(found: int, texts: list[list[str]], stats: Stats, count_only: bool) -> dict[str, Any]:
    """`dlx solve --json`: the solutions (unless counting), their number, and the statistics;
    a search stopped by a budget gives status "unknown" and neither."""
    result: dict[str, Any] = {}
    if stats.status is not Status.BUDGET:
        result["count"] = found
        if not count_only:
            result["solutions"] = texts
    result.update(
        nodes=stats.nodes,
        updates=stats.updates,
        seconds=round(stats.seconds, 6),
        status="unknown" if stats.status is Status.BUDGET else stats.status.value,
        core=_core(),
    )
    return result


def held(timeout: float | None, max_nodes: int | None) -> bool:
    """Whether a budget may stop the search, so that answers must wait for its end."""
    return timeout is not None or max_nodes is not None


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
    jobs: JobsOpt = None,
) -> None:
    """Place n queens on an n x n board, none attacking another."""
    from dlx.puzzles import queens as puzzle

    if jobs is not None:
        count_in_parallel(lambda: puzzle.problem(n), jobs, count, stats, timeout, max_nodes)
        return
    with Clock(timeout) as clock:
        counters = Stats()
        with guarded():
            boards = puzzle.boards(n, **budget(counters, clock, max_nodes, limit))
        show_boards(
            boards,
            counters,
            clock,
            hold=held(timeout, max_nodes),
            count=count,
            show_stats=stats,
            svg=svg,
            console=board_console(plain),
            none=no_solution,
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
    jobs: JobsOpt = None,
) -> None:
    """Solve a sudoku: print the filled grid, 9 lines of 9 digits."""
    from dlx.puzzles import sudoku as puzzle

    if jobs is not None:
        build = lambda: puzzle.problem(puzzle.parse(read_text(file)))  # noqa: E731
        count_in_parallel(build, jobs, count, stats, timeout, max_nodes)
        return
    with Clock(timeout) as clock:
        counters = Stats()
        with guarded():
            grid = puzzle.parse(read_text(file))
            boards = (
                puzzle.render(g)
                for g in puzzle.boards(grid, **budget(counters, clock, max_nodes, limit))
            )
        show_boards(
            boards,
            counters,
            clock,
            hold=held(timeout, max_nodes),
            count=count,
            show_stats=stats,
            svg=svg,
            console=board_console(plain),
            none=no_solution,
        )


@app.command()
def skyscrapers(
    clues: Annotated[str, typer.Argument(help="4N clues: top, bottom, left, right; 0: none.")],
    count: CountOpt = False,
    stats: StatsOpt = False,
    timeout: TimeoutOpt = None,
    max_nodes: MaxNodesOpt = None,
    jobs: JobsOpt = None,
) -> None:
    """Solve skyscrapers: print the rows, heights separated by single spaces; `Error` if none."""
    from dlx.puzzles import skyscrapers as puzzle

    def error(message: str = "no solution") -> typer.Exit:
        typer.echo("Error")
        return fail(message)

    if jobs is not None:
        build = lambda: puzzle.problem(puzzle.parse(clues))  # noqa: E731
        count_in_parallel(build, jobs, count, stats, timeout, max_nodes, error)
        return
    with Clock(timeout) as clock:
        counters = Stats()
        with guarded(error):
            parsed = puzzle.parse(clues)
            grids = puzzle.boards(parsed, **budget(counters, clock, max_nodes))
            boards: Iterator[Board] = (puzzle.render(grid) for grid in grids)
        if not count:
            boards = _first(boards)
        show_boards(
            boards,
            counters,
            clock,
            hold=held(timeout, max_nodes),
            count=count,
            show_stats=stats,
            svg=None,
            console=None,
            none=error,
        )


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

        count_in_parallel(build, jobs, count, stats, timeout, max_nodes)
        return

    def none() -> typer.Exit:
        typer.echo("no solution found!")
        return typer.Exit(EXIT_NONE)

    with Clock(timeout) as clock:
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
                **budget(counters, clock, max_nodes),
            )
        if not count:
            found = _first(found)
        show_boards(
            found,
            counters,
            clock,
            hold=held(timeout, max_nodes),
            count=count,
            show_stats=stats,
            svg=svg,
            console=board_console(plain),
            none=none,
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
    jobs: JobsOpt = None,
) -> None:
    """Fill the board with the 12 pentominoes (8x8: leaving the centre 2x2 empty)."""
    from dlx.puzzles import pentomino as puzzle

    if jobs is not None:
        build = lambda: puzzle.problem(*puzzle.parse_board(board), unique=unique)  # noqa: E731
        count_in_parallel(build, jobs, count, stats, timeout, max_nodes)
        return
    with Clock(timeout) as clock:
        counters = Stats()
        with guarded():
            rows, cols = puzzle.parse_board(board)
            found: Iterator[Board] = puzzle.boards(
                rows, cols, unique=unique, **budget(counters, clock, max_nodes)
            )
        if not count:
            found = _first(found)
        show_boards(
            found,
            counters,
            clock,
            hold=held(timeout, max_nodes),
            count=count,
            show_stats=stats,
            svg=svg,
            console=board_console(plain),
            none=no_solution,
        )


class Where(NamedTuple):
    """Where a parallel search runs: worker processes here, or a Dask cluster; its checkpoint."""

    jobs: int | None
    scheduler: str | None
    checkpoint: Path | None


def solve_parallel_command(
    problem_file: Any,
    where: Where,
    count: bool,
    limit: int | None,
    show_stats: bool,
    as_json: bool,
    timeout: float | None,
    max_nodes: int | None,
) -> None:
    """`dlx solve` with --jobs, --scheduler or --checkpoint: the same output, searched in parts."""
    from dlx.parallel import Report, count_parallel, solve_parallel

    sequential_only(timeout, max_nodes)
    run = Report()
    texts: list[list[str]] = []
    found = 0
    with guarded(), progress_bar() as hook:
        places: dict[str, Any] = {"jobs": where.jobs if where.jobs is not None else 1}
        places.update(scheduler=where.scheduler, checkpoint=where.checkpoint)
        if count and not as_json:
            found = count_parallel(problem_file.problem, progress=hook, report=run, **places)
        else:
            search = solve_parallel(problem_file.problem, progress=hook, report=run, **places)
            for solution in search:
                found += 1
                if not count:
                    texts.append([problem_file.option_text(key) for key in solution])
                if found == limit:
                    search.close()
                    run.stats.status = Status.LIMIT
                    break
    if as_json:
        sys.stdout.write(json.dumps(_json(found, texts, run.stats, count)) + "\n")
    elif count:
        sys.stdout.write(f"{found}\n")
    else:
        sys.stdout.write("\n".join("".join(f"{line}\n" for line in lines) for lines in texts))
    report_parallel(run, show_stats)
    if not found and not count:
        raise fail("no solution")


def sequential_only(timeout: float | None, max_nodes: int | None) -> None:
    """Refuse the budgets that only the sequential search has (exit 2, a usage error)."""
    if timeout is not None or max_nodes is not None:
        raise fail("--timeout and --max-nodes apply to the search without --jobs", 2)


def report_parallel(run: Any, show: bool) -> None:
    """The statistics of a parallel search and how it was cut, when asked."""
    report(run.stats, show)
    if show:
        typer.echo(
            f"dlx: {run.parts} parts searched, {run.expanded} expanded, {run.resumed} from the "
            f"checkpoint, {run.wasted_nodes} nodes wasted, {run.restarts} restarts",
            err=True,
        )


def count_in_parallel(
    build: Callable[[], Any],
    jobs: int,
    count: bool,
    show_stats: bool,
    timeout: float | None,
    max_nodes: int | None,
    on_error: Callable[[str], typer.Exit] = fail,
) -> None:
    """A puzzle's `--count --jobs N`: its problem built by `build`, counted by N workers (bad
    input reported by `on_error`)."""
    from dlx.parallel import Report, count_parallel

    if not count:
        raise fail("--jobs counts in parallel: give --count too", 2)
    sequential_only(timeout, max_nodes)
    run = Report()
    with guarded(on_error), progress_bar() as hook:
        found = count_parallel(build(), jobs=jobs, progress=hook, report=run)
    sys.stdout.write(f"{found}\n")
    report_parallel(run, show_stats)


@contextmanager
def progress_bar() -> Iterator[Any]:
    """On a terminal, a progress bar on standard error weighted by each part's estimated share
    of the tree, with the solutions so far and the time left; elsewhere no hook (None)."""
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        Progress,
        TaskProgressColumn,
        TextColumn,
        TimeRemainingColumn,
    )

    console = Console(stderr=True)
    if not console.is_terminal:
        yield None
        return
    columns = (
        BarColumn(),
        TaskProgressColumn(),
        TextColumn("{task.fields[solutions]} solutions"),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task("search", total=1.0, solutions=0)

        def hook(state: Any) -> None:
            bar.update(task, completed=state.done, solutions=state.solutions)

        yield hook


@app.command()
def estimate(
    file: Annotated[str, typer.Argument(metavar="FILE", help="A problem in Knuth's format, or -.")],
    probes: Annotated[int, typer.Option("--probes", min=1, help="Random paths to walk.")] = 100,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the random choices.")] = 0,
) -> None:
    """Knuth's estimate of the search tree's size (nodes, updates, solutions) from random paths."""
    from dlx.estimate import estimate as knuth_estimate

    with guarded():
        problem = parse_dlx(decode(read_input(file, MAX_BYTES))).problem
        guess = knuth_estimate(problem, probes=probes, seed=seed)
    sys.stdout.write(
        f"nodes {guess.nodes:.0f}\nupdates {guess.updates:.0f}\nsolutions {guess.solutions:.0f}\n"
    )
    typer.echo(f"dlx: mean of {probes} random paths (seed {seed})", err=True)


def main() -> None:
    """Entry point of the `dlx` script and of `python -m dlx`."""
    run_app(app, "dlx")
