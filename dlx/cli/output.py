"""What every `dlx` command prints and how it ends, without typer (so that `dlx solve`'s plain
start, `dlx.cli.plain`, and the typer commands take one path): how many solutions it lists
(the first by default, `listed`), one line and an exit for bad input or no solution, the one
bounded reader of files and standard input, the solutions held until a search ends, the search
keywords a run's budgets give, the statistics' line and the JSON object.

Exit status for every command: 0 answered, 1 no solution (in every form) or bad input, 2 usage,
3 stopped by a budget (`--timeout`, `--max-nodes`) with the answer unknown and nothing printed on
standard output but, with `--json`, the object whose status says so; 130 interrupted. The
process-level endings are `dlx.programs.ending`'s.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager

from dlx.errors import DOMAIN_ERRORS
from dlx.programs.ending import Clock, at_stop
from dlx.programs.exits import EXIT_NONE, EXIT_UNKNOWN, EXIT_USAGE
from dlx.programs.files import MAX_PUZZLE_BYTES, Unreadable, read_bytes
from dlx.stats import Stats, Status

TYPE_CHECKING = False  # as typing's, which `dlx solve` need not load
if TYPE_CHECKING:
    from typing import Any

    from dlx.solve import SearchKeywords


FIRST = 1
"""How many solutions a command prints unless asked for more: the first it finds, as the programs
the puzzles come from (the polyomino square's, skyscrapers', fillit) print the one they found."""


def listed(count: bool, every: bool, limit: int | None) -> int | None:
    """The most solutions a run lists or counts (None: every one): `--limit N`'s N, every one
    with `--all` or `--count`, else the first (`FIRST`); `--all` with `--limit` is a usage error.

    >>> listed(False, False, None), listed(False, False, 3), listed(False, True, None)
    (1, 3, None)
    >>> listed(True, False, None), listed(True, False, 3)
    (None, 3)
    """
    if every and limit is not None:
        raise fail("--all and --limit: give one or the other", EXIT_USAGE)
    if limit is not None or every or count:
        return limit
    return FIRST


MAX_HELD_LINES = 1_000_000
"""Most lines of solutions held until a search ends (for `--json`, or while a budget may still
stop it, or to put a parallel search's solutions in order): about 100 MB."""


def say(message: str) -> None:
    """`dlx: message` on standard error, as click's echo writes it (terminal escapes dropped
    where standard error is no terminal, with click's own pattern)."""
    line = f"dlx: {message}\n"
    if "\x1b" in line and not sys.stderr.isatty():
        import re

        line = re.sub(r"\033\[[;?0-9]*[a-zA-Z]", "", line)
    sys.stderr.write(line)
    sys.stderr.flush()


def fail(message: str, code: int = EXIT_NONE) -> SystemExit:
    """Say `message` on standard error; the exit to raise."""
    say(message)
    return SystemExit(code)


@contextmanager
def guarded(on_error: Callable[[str], BaseException] = fail) -> Iterator[None]:
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


def write_solution(lines: Sequence[str], number: int) -> None:
    """The `number`-th solution (from 1) as its lines, after a blank line unless first."""
    sys.stdout.write(("\n" if number > 1 else "") + "".join(f"{line}\n" for line in lines))


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


def report(stats: Stats, show: bool, more: Sequence[str] = ()) -> None:
    """Statistics on standard error when asked (the lines `more` after them); exit 3 when a
    budget cut the search short."""
    if show:
        sys.stderr.write(
            "".join(f"{line}\n" for line in [stats_line(stats, stats.status.value), *more])
        )
    if stats.status is Status.BUDGET:
        raise fail(f"unknown: stopped by a budget after {stats.nodes} nodes", EXIT_UNKNOWN)


def end(
    found: int,
    held: Iterable[Any],
    stats: Stats,
    *,
    count: bool,
    show_stats: bool,
    as_json: bool,
    show: Callable[[Any, int], None] = write_solution,
    none: Callable[[], BaseException] | None = None,
    told: Sequence[str] = (),
    described: dict[str, Any] | None = None,
) -> None:
    """How every command ends once its search is over: the JSON object (with what `described`
    adds where it lists solutions); the statistics (and the lines `told`) when asked, exit 3,
    nothing on standard output, where a budget stopped the search; the count, or the solutions
    `held` (an iterable: a ZDD lists its own) shown by `show` in order; no solution exits 1
    (by `none`, where listing)."""
    if as_json:
        result = solve_json(found, list(held), stats, count)
        if described and "solutions" in result:
            result.update(described)
        write_json(result)
    report(stats, show_stats, told)
    if count and not as_json:
        sys.stdout.write(f"{found}\n")
    elif not as_json:
        for number, lines in enumerate(held, start=1):
            show(lines, number)
    if not found:
        raise fail("no solution") if none is None else none()


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


def json_at_stop(stats: Stats) -> None:
    """`--json`: if the whole run's alarm ends the run (while reading, or a search that did not
    stop itself in time), the object still comes, its status unknown, the counters so far."""

    def tell(why: str) -> None:
        if why == "timeout":
            stats.status = Status.BUDGET
            write_json(solve_json(0, (), stats, count_only=True))

    at_stop(tell)


def solve_json(
    found: int, texts: Sequence[Sequence[str]], stats: Stats, count_only: bool
) -> dict[str, Any]:
    """`--json`: the solutions (unless counting), their number, and the statistics, `exhausted`
    saying whether the search went to its end (false where it stopped at the limit: more
    solutions may exist); a search stopped by a budget gives status "unknown" and neither."""
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
        exhausted=stats.status is Status.EXHAUSTED,
        engine=stats.engine,
        core=engine_core(stats),
    )
    return result


def write_json(result: dict[str, Any]) -> None:
    """Print `result` as one line of JSON (json is loaded only here: `--json` is rare, and the
    module costs every other run a millisecond of start-up)."""
    import json

    sys.stdout.write(json.dumps(result) + "\n")


def name_engine(stats: Stats, engine: str) -> None:
    """Say in `stats` (a parallel run's, which no one search fills) which engine searched.

    >>> stats = Stats()
    >>> name_engine(stats, "cells")
    >>> stats.engine, stats.core in ("compiled", "python")
    ('cells', True)
    """
    stats.engine = engine
    if engine == "cells":
        from dlx.engines.cells.engine import core_name as cells_core_name

        stats.core = cells_core_name()
    elif engine == "bitset":
        from dlx.engines.bitset.engine import core_name as bitset_core_name

        stats.core = bitset_core_name()


def engine_core(stats: Stats) -> str:
    """The core that ran the search whose statistics are `stats`.

    >>> engine_core(Stats(engine="cells", core="python"))
    'python'
    """
    if stats.engine in ("cells", "bitset"):
        return stats.core
    from dlx.engines.links.engine import core_name

    return core_name()
