"""The `dlx` command line: Knuth-format problems and the puzzles of `dlx.puzzles`, thinly.

This module holds the typer `app` and `dlx solve`; the puzzles' commands are in `dlx.cli.puzzles`,
the parallel search's glue and `dlx estimate` in `dlx.cli.parallel`, the boards' printing in
`dlx.cli.boards`, and what they share (options, errors, the reader, the exit statuses) in
`dlx.cli.common`. `dlx solve [--count] [--engine E] FILE` alone starts without this module
(`dlx.cli.plain`, held to print what `solve_command` prints).
"""

# Without `from __future__ import annotations`: typer reads the commands' annotations at every
# start, and objects cost it nothing where strings must be compiled and evaluated (with the three
# command modules so, `dlx solve` starts about 3 ms sooner).

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated

import typer

from dlx import Stats, __version__, solve
from dlx import count as count_solutions
from dlx.cli import parallel as cli_parallel
from dlx.cli import puzzles as cli_puzzles
from dlx.cli import studio as cli_studio
from dlx.cli import tile as cli_tile
from dlx.cli.common import (
    CountOpt,
    Held,
    JobsOpt,
    LimitOpt,
    StatsOpt,
    budget,
    fail,
    guarded,
    partial_at_stop,
    read_input,
    report,
    solve_json,
    write_json,
)
from dlx.cli.engine import Engine, EngineOpt, describe_engines
from dlx.cli.parallel import Where, solve_parallel_command
from dlx.cli.zdd import NO_ZDD, ZddOptions, zdd_options
from dlx.console.kit import Clock, MaxNodesOpt, PlainUsage, TimeoutOpt, version_option
from dlx.console.kit import run as run_app
from dlx.console.live import live_line
from dlx.knuth import MAX_BYTES, decode, parse_dlx

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Exact cover by dancing links: Knuth-format problems and classic puzzles.",
)


@app.callback()
def _options(
    version: Annotated[bool, version_option(__version__, describe_engines)] = False,
) -> None:
    """Exact cover by dancing links: Knuth-format problems and classic puzzles."""


@app.command("solve", cls=PlainUsage)
@zdd_options
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
    engine: EngineOpt = Engine.LINKS,
    zdd: ZddOptions = NO_ZDD,
) -> None:
    """Solve a problem in Knuth's text format: each solution as its option lines."""
    if zdd.wanted:
        from dlx.cli import zdd as cli_zdd

        asked = zdd.asked(count, limit, stats, timeout)
        cli_zdd.refuse_others(
            asked,
            zdd.build,
            max_nodes=max_nodes,
            jobs=jobs,
            json=as_json,
            checkpoint=checkpoint,
            scheduler=scheduler,
        )
        cli_zdd.solve_file(file, asked)
        return
    if jobs is not None or checkpoint is not None or scheduler is not None:
        with guarded():
            problem_file = parse_dlx(decode(read_input(file, MAX_BYTES)))
        where = Where(jobs, scheduler, checkpoint)
        solve_parallel_command(
            problem_file, where, count, limit, stats, as_json, timeout, max_nodes, engine
        )
        return
    with Clock(timeout) as clock:
        with guarded():
            problem_file = parse_dlx(decode(read_input(file, MAX_BYTES)))
        counters = Stats()
        partial_at_stop(counters, stats)
        texts = Held()
        hold = as_json or timeout is not None or max_nodes is not None
        found = 0
        with guarded(), live_line(printing=not (count or hold)) as line:
            keywords = budget(counters, clock, max_nodes, limit, line)
            if count:  # counted inside the search: no solution leaves it
                found = count_solutions(problem_file.problem, engine=engine, **keywords)
            else:
                for solution in solve(problem_file.problem, engine=engine, **keywords):
                    found += 1
                    lines = [problem_file.option_text(key) for key in solution]
                    if hold:
                        texts.hold(lines)
                    else:
                        _write_lines(lines, found)
    if as_json:
        write_json(solve_json(found, texts, counters, count))
    report(counters, stats)
    if count and not as_json:
        sys.stdout.write(f"{found}\n")
    elif not as_json:
        for number, held in enumerate(texts, start=1):
            _write_lines(held, number)
    if not found:
        raise fail("no solution")


def _write_lines(lines: Sequence[str], number: int) -> None:
    """The `number`-th solution's option lines, after a blank line unless first."""
    sys.stdout.write(("\n" if number > 1 else "") + "".join(f"{line}\n" for line in lines))


cli_puzzles.register(app)
cli_tile.register(app)
cli_parallel.register(app)
cli_studio.register(app)


def main() -> None:
    """Entry point of the `dlx` script and of `python -m dlx`."""
    run_app(app, "dlx")
