"""The `dlx` command line: Knuth-format problems and the puzzles of `dlx.puzzles`, thinly.

This module holds the typer `app` and `dlx solve`'s options, which hand the run to
`dlx.cli.solve` (one engine), `dlx.cli.zdd` (`--zdd`) or `dlx.cli.parallel` (`--jobs`); the
puzzles' commands are in `dlx.cli.puzzles`, `dlx tile` in `dlx.cli.tile`, the boards' printing
in `dlx.cli.boards`, the shared options in `dlx.cli.common`, and what every command prints and
how it ends in `dlx.cli.output`. `dlx solve [--count] [--engine E | --zdd] FILE` alone starts
without this module (`dlx.cli.plain`), down the same path.
"""

# Without `from __future__ import annotations`: typer reads the commands' annotations at every
# start, and objects cost it nothing where strings must be compiled and evaluated (with the three
# command modules so, `dlx solve` starts about 3 ms sooner).

from pathlib import Path
from typing import Annotated

import typer

from dlx import __version__
from dlx.cli import parallel as cli_parallel
from dlx.cli import puzzles as cli_puzzles
from dlx.cli import studio as cli_studio
from dlx.cli import tile as cli_tile
from dlx.cli.common import AllOpt, CountOpt, JobsOpt, JsonOpt, LimitOpt, StatsOpt
from dlx.cli.engine import Engine, EngineOpt, describe_engines
from dlx.cli.output import listed
from dlx.cli.parallel import Where, solve_parallel_command
from dlx.cli.solve import read_file, solve_file
from dlx.cli.zdd_options import NO_ZDD, ZddOptions, refuse_others, zdd_options
from dlx.programs.kit import MaxNodesOpt, PlainUsage, TimeoutOpt, version_option
from dlx.programs.kit import run as run_app

HELP = (
    "Exact cover by dancing links: Knuth-format problems and classic puzzles. Every command"
    " prints the first solution it finds (--all: every one, in the order found; --limit N: the"
    " first N; --count: their number; --json: the solutions printed, and whether the search was"
    " exhausted)."
)
app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help=HELP,
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
    every: AllOpt = False,
    limit: LimitOpt = None,
    stats: StatsOpt = False,
    as_json: JsonOpt = False,
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
    """Solve a problem in Knuth's text format: the first solution found, as its option lines."""
    limit = listed(count, every, limit)
    if zdd.wanted:
        from dlx.cli.zdd import solve_file as through_zdd

        asked = zdd.asked(count, limit, stats, timeout)
        others = {"max_nodes": max_nodes, "jobs": jobs, "json": as_json}
        refuse_others(asked, zdd.build, **others, checkpoint=checkpoint, scheduler=scheduler)
        through_zdd(file, asked)
    elif jobs is not None or checkpoint is not None or scheduler is not None:
        where = Where(jobs, scheduler, checkpoint)
        solve_parallel_command(
            read_file(file), where, count, limit, stats, as_json, timeout, max_nodes, engine
        )
    else:
        solve_file(
            file,
            count=count,
            limit=limit,
            stats=stats,
            as_json=as_json,
            timeout=timeout,
            max_nodes=max_nodes,
            engine=engine,
        )


cli_puzzles.register(app)
cli_tile.register(app)
cli_parallel.register(app)
cli_studio.register(app)


def main() -> None:
    """Entry point of the `dlx` script and of `python -m dlx`."""
    run_app(app, "dlx")
