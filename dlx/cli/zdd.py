"""What `--zdd` does for `dlx solve` and `dlx tile`, without typer: count, list, draw at random
and write out every solution through a ZDD (`dlx.zdd`, Knuth's Algorithm Z) instead of finding
them one by one. The options are read in `dlx.cli.zdd_options`; `dlx solve --zdd [--count] FILE`
comes here straight from the plain start (`dlx.cli.plain`).

`--count` prints the exact number, however large; `--random K` prints K solutions drawn uniformly at
random (`--seed S` makes the draw repeatable); with neither, the solutions are listed from the ZDD
in search order (`--limit` still applies). `--zdd-out PATH` writes the ZDD in the text DLX6 prints;
`--memo-mb` caps the memo; `--zdd-choose` names the item choice (by default `auto`: short probes
pick the item order, the given one, the sweep's or a reverse Cuthill-McKee order, and then that
order or MRV, see `dlx.zdd`); `--stats` adds the memo's hits, entries and bytes, the choice taken
and the ZDD's size. `--max-nodes`, `--jobs` and `--json` do not combine with it (exit 2).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Hashable, Iterator, Sequence

from dlx.cli.output import end, fail, guarded, write_solution
from dlx.programs.ending import Clock
from dlx.stats import Stats

TYPE_CHECKING = False  # as typing's, which `dlx solve --zdd` need not load
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any

    from dlx.engines.zdd.engine import Zdd
    from dlx.problem import Problem

MEMO_MB = 1024
"""The default of `--memo-mb`: `dlx.engines.zdd.engine.MEMO_MB` (not imported: the command line
starts light)."""


class ZddAsked:
    """What a `--zdd` run is asked for (written out: a dataclass would cost `dlx solve --zdd`
    its start)."""

    __slots__ = ("choose", "count", "limit", "memo_mb", "out", "random", "seed", "stats", "timeout")

    def __init__(
        self,
        *,
        count: bool = False,
        limit: int | None = None,
        stats: bool = False,
        timeout: float | None = None,
        out: Path | None = None,
        random: int | None = None,
        seed: int | None = None,
        memo_mb: float = MEMO_MB,
        choose: str = "auto",
    ) -> None:
        self.count, self.limit, self.stats, self.timeout = count, limit, stats, timeout
        self.out, self.random, self.seed = out, random, seed
        self.memo_mb, self.choose = memo_mb, choose


def run_zdd(
    problem: Callable[[], tuple[Problem[Any], Sequence[Hashable]]],
    asked: ZddAsked,
    show: Callable[[tuple[Any, ...], int], None],
) -> None:
    """Build the ZDD of the problem `problem()` gives (with its item order) within the run's
    clock, then print as asked, each solution through `show(keys, number)`."""
    from dlx.engines.zdd.engine import zdd

    if asked.out is not None and not asked.out.parent.is_dir():
        raise fail(f"{asked.out}: no such folder")
    with Clock(asked.timeout):
        started = time.perf_counter()
        with guarded():
            made, order = problem()
            choose: Any = asked.choose
            if choose in ("sweep", "rcm"):  # (orders derived from the options alone)
                order = ()
            diagram = zdd(made, item_order=order, memo_mb=asked.memo_mb, choose=choose)
        total = diagram.count()
        seconds = time.perf_counter() - started
    if asked.out is not None:
        _write(diagram, asked.out)
    if asked.stats:  # (its own line: a ZDD's figures are not a search's)
        sys.stderr.write(zdd_report(diagram, total, seconds) + "\n")
    chosen = _chosen(diagram, asked)
    end(total, chosen, Stats(), count=asked.count, show_stats=False, as_json=False, show=show)


def _chosen(diagram: Zdd[Any], asked: ZddAsked) -> Iterator[tuple[Any, ...]]:
    """The solutions to print: none when counting, K random ones, or the list (to the limit)."""
    if asked.count:
        return
    if asked.random is not None:
        import random

        rng = random.Random(asked.seed)
        for _ in range(asked.random if diagram.count() else 0):
            drawn = diagram.random(rng)
            if drawn is not None:
                yield drawn
        return
    for number, keys in enumerate(diagram.solutions(), start=1):
        yield keys
        if number == asked.limit:
            return


def zdd_report(diagram: Zdd[Any], total: int, seconds: float) -> str:
    """The `--stats` line of a `--zdd` run."""
    s = diagram.stats
    return (
        f"dlx: {s.nodes} nodes, {seconds:.3f} s, {total} solutions, memo: {s.hits} hits, "
        f"{s.entries} entries ({s.given_up} given up), {s.bytes} bytes; "
        f"ZDD: {diagram.node_count} nodes, engine: zdd, core: {s.core}, choice: {s.choice}"
    )


def _write(diagram: Zdd[Any], path: Path) -> None:
    """Write the ZDD to `path`; a file that cannot be written is bad input."""
    try:
        diagram.write(path)
    except OSError as error:
        raise fail(f"{path}: {error.strerror or error}") from None


def solve_file(file: str, asked: ZddAsked) -> None:
    """`dlx solve --zdd FILE`: the Knuth-format problem of FILE, its solutions as option lines."""
    from dlx.cli.solve import option_lines, read_file

    read: list[Any] = []

    def problem() -> tuple[Problem[Any], Sequence[Hashable]]:
        read.append(read_file(file))
        return read[0].problem, ()

    def show(keys: tuple[Any, ...], number: int) -> None:
        write_solution(option_lines(read[0], keys), number)

    run_zdd(problem, asked, show)
