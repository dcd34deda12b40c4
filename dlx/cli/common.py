"""What the `dlx` commands share: their options, one message and exit for bad input, the one
bounded reader of files and standard input, the search keywords, and the statistics report.

Exit status for every command: 0 answered, 1 no solution (in every form) or bad input, 2 usage,
3 stopped by a budget (`--timeout`, `--max-nodes`) with the answer unknown and nothing printed on
standard output, 130 interrupted. The process-level endings are `dlx.console.kit`'s.
"""

from __future__ import annotations

import functools
import inspect
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from dlx import Stats, Status
from dlx.cli.engine import engine_core
from dlx.console.files import Unreadable, read_bytes
from dlx.console.kit import EXIT_UNKNOWN, MAX_PUZZLE_BYTES, Clock, at_stop, unwritable
from dlx.errors import DOMAIN_ERRORS

if TYPE_CHECKING:
    from dlx.solve import SearchKeywords

EXIT_NONE = 1

MAX_HELD_LINES = 1_000_000
"""Most lines of solutions held until a search ends (for `--json`, or while a budget may still
stop it, or to put a parallel search's solutions in order): about 100 MB."""

Board = Sequence[str]


class PaintedBoard(list[str]):
    """A board's rows with each label's terminal style given (its picture's colours, worked out
    on its own grid), for boards whose rows are not a square grid's; `legend`: lines printed
    plain after the rows (what each label stands for), not part of the board."""

    def __init__(
        self, rows: Sequence[str], styles: dict[str, str], legend: Sequence[str] = ()
    ) -> None:
        super().__init__(rows)
        self.styles = styles
        self.legend = list(legend)


CountOpt = Annotated[bool, typer.Option("--count", help="Print only the number of solutions.")]
LimitOpt = Annotated[
    int | None, typer.Option("--limit", min=1, help="Stop after this many solutions.")
]
StatsOpt = Annotated[
    bool, typer.Option("--stats", help="Nodes, updates and seconds on standard error.")
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON object.")]
SvgOpt = Annotated[
    Path | None, typer.Option("--svg", help="Also write the first board as an SVG picture.")
]


def capped_jobs(value: int | None) -> int | None:
    """The `--jobs` callback: more workers than JOBS_PER_CORE a core are cut to that many, with a
    line on standard error saying so."""
    if value is None:
        return None
    from dlx.parallel.executors import JOBS_PER_CORE, most_workers

    most = most_workers()
    if value > most:
        note = f"dlx: --jobs {value}: {most} workers ({JOBS_PER_CORE} a core at most)"
        typer.echo(note, err=True)
        return most
    return value


JobsOpt = Annotated[
    int | None,
    typer.Option(
        "--jobs",
        min=0,
        callback=capped_jobs,
        help="Search in this many worker processes (0: one per core; at most 4 a core).",
    ),
]


class Held(list[Sequence[str]]):
    """Solutions held until the search ends, refused (exit 1, naming `--count` and `--limit`)
    once they pass MAX_HELD_LINES lines in all."""

    def __init__(self) -> None:
        super().__init__()
        self.lines = 0

    def hold(self, lines: Sequence[str]) -> None:
        """Keep one solution's lines."""
        self.lines += len(lines)
        if self.lines > MAX_HELD_LINES:
            raise fail(
                f"more than {MAX_HELD_LINES} lines of solutions to hold until the search ends "
                "(the limit): ask for --count, or fewer with --limit"
            )
        self.append(lines)


def fail(message: str, code: int = EXIT_NONE) -> typer.Exit:
    """Print `dlx: message` on standard error; the exit to raise."""
    typer.echo(f"dlx: {message}", err=True)
    return typer.Exit(code)


def check_svg(path: Path | None) -> None:
    """Refuse, before any search, an `--svg` file that cannot be written (exit 1)."""
    reason = None if path is None else unwritable(path)
    if reason is not None:
        raise fail(f"{path}: {reason}")


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
        return read_bytes(file, limit)
    except Unreadable as error:
        raise fail(str(error)) from None


def read_text(file: str, limit: int = MAX_PUZZLE_BYTES) -> str:
    """The text of `file` (`-`: standard input), refusing more than `limit` bytes."""
    data = read_input(file, limit)
    if len(data) > limit:
        raise fail(f"{file}: larger than {limit} bytes")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise fail(f"{file}: not UTF-8 text") from None


def budget(
    stats: Stats,
    clock: Clock,
    max_nodes: int | None,
    limit: int | None = None,
    progress: Callable[[Stats], None] | None = None,
) -> SearchKeywords:
    """The search keywords shared by every command: the statistics, the limit, what the run
    has left, and the live line's hook."""
    return {
        "stats": stats,
        "timeout": clock.left(),
        "max_nodes": max_nodes,
        "limit": limit,
        "progress": progress,
    }


def report(stats: Stats, show: bool) -> None:
    """Statistics on standard error when asked; exit 3 when a budget cut the search short."""
    if show:
        typer.echo(stats_line(stats, stats.status.value), err=True)
    if stats.status is Status.BUDGET:
        raise fail(f"unknown: stopped by a budget after {stats.nodes} nodes", EXIT_UNKNOWN)


def stats_line(stats: Stats, how: str) -> str:
    """The statistics' line, `how` the search ended."""
    return (
        f"dlx: {stats.nodes} nodes, {stats.updates} updates, {stats.seconds:.3f} s, "
        f"{stats.solutions} solutions ({how}), engine: {stats.engine}, core: {engine_core(stats)}"
    )


def partial_at_stop(stats: Stats, show: bool) -> None:
    """With `show` (`--stats`), have the counters so far told, marked partial, if Ctrl-C or the
    whole run's timeout ends the run."""
    if show:
        at_stop(lambda why: sys.stderr.write(stats_line(stats, f"partial: {why}") + "\n"))


def solve_json(
    found: int, texts: Sequence[Sequence[str]], stats: Stats, count_only: bool
) -> dict[str, Any]:
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
        engine=stats.engine,
        core=engine_core(stats),
    )
    return result


def write_json(result: dict[str, Any]) -> None:
    """Print `result` as one line of JSON (json is loaded only here: `--json` is rare, and the
    module costs every other run a millisecond of start-up)."""
    import json

    sys.stdout.write(json.dumps(result) + "\n")


OptionTable = Sequence[tuple[str, Any, Any]]
"""Options that stand for one NamedTuple's fields, in order: (parameter, type, default)."""


def option_group(
    parameter: str, group: type, options: OptionTable
) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """A decorator: the command's `parameter` (a `group`, a NamedTuple) becomes `options` in
    its place, as typer reads them, and the command is handed the group they make."""
    fields: list[str] = list(group._fields)  # type: ignore[attr-defined]
    named = dict(zip([name for name, _, _ in options], fields, strict=True))
    kind = inspect.Parameter.POSITIONAL_OR_KEYWORD
    shared = [inspect.Parameter(name, kind, default=d, annotation=t) for name, t, d in options]

    def decorate(command: Callable[..., None]) -> Callable[..., None]:
        own = inspect.signature(command).parameters.values()
        parameters = [q for p in own for q in (shared if p.name == parameter else [p])]

        @functools.wraps(command)
        def with_options(**given: Any) -> None:  # (typer passes every parameter by name)
            made = group(**{field: given.pop(name) for name, field in named.items()})
            command(**given, **{parameter: made})

        with_options.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
        with_options.__annotations__ = {p.name: p.annotation for p in parameters}
        return with_options

    return decorate
