"""The `dlx` command line's glue to the parallel search (`dlx.parallel`): `dlx solve` with
`--jobs`, `--scheduler` or `--checkpoint`, a puzzle's `--count --jobs N`, the progress bar on a
terminal, and `dlx estimate`, Knuth's estimate of the tree such a search divides.

`dlx.cli.app` registers `estimate` on the `dlx` command (`register`), after the puzzles.
"""

# Without `from __future__ import annotations`, as in dlx.cli.app (typer reads these at start).

import math
import sys
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path
from typing import Annotated, Any, NamedTuple

import typer

from dlx import Status
from dlx.cli.output import Held, end, fail, guarded, name_engine
from dlx.cli.solve import option_lines, read_file
from dlx.programs.kit import PlainUsage


def register(app: typer.Typer) -> None:
    """Add `estimate` to the `dlx` command line `app`."""
    app.command(cls=PlainUsage)(estimate)


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
    engine: str = "links",
) -> None:
    """`dlx solve` with --jobs, --scheduler or --checkpoint: the same output, searched in parts."""
    from dlx.parallel import Report, count_parallel, solve_parallel

    sequential_only(timeout, max_nodes)
    run = Report()
    name_engine(run.stats, engine)
    texts = Held()
    found = 0
    with guarded(), progress_bar() as hook:
        places: dict[str, Any] = {"jobs": where.jobs if where.jobs is not None else 1}
        places.update(scheduler=where.scheduler, checkpoint=where.checkpoint, engine=engine)
        if count and not as_json and limit is None:
            found = count_parallel(problem_file.problem, progress=hook, report=run, **places)
        else:
            search = solve_parallel(problem_file.problem, progress=hook, report=run, **places)
            with closing(search):  # the workers stopped at once, however the loop ends
                for solution in search:
                    found += 1
                    if not count:
                        texts.hold(option_lines(problem_file, solution))
                    if found == limit:
                        search.close()
                        run.stats.status = Status.LIMIT
                        break
    end(
        found,
        texts,
        run.stats,
        count=count,
        show_stats=show_stats,
        as_json=as_json,
        told=parts(run),
    )


def sequential_only(timeout: float | None, max_nodes: int | None) -> None:
    """Refuse the budgets that only the sequential search has (exit 2, a usage error)."""
    if timeout is not None or max_nodes is not None:
        raise fail("--timeout and --max-nodes apply to the search without --jobs", 2)


def parts(run: Any) -> list[str]:
    """The lines `--stats` adds for a parallel search: how its tree was cut, and where the
    workers' time went (`dlx.parallel.timing`)."""
    timing = run.timing
    idle = timing.idle()
    workers = max(len(idle), 1)
    start, between, end = (sum(getattr(i, name) for i in idle) / workers for name in IDLE)
    seconds = timing.seconds
    rate = f", {timing.sent / seconds:.0f} a second" if seconds > 0 else ""
    return [
        f"dlx: {run.parts} parts searched, {run.expanded} expanded, {run.split} split at their "
        f"budget, {run.resumed} from the checkpoint, {run.wasted_nodes} nodes wasted, "
        f"{run.restarts} restarts",
        f"dlx: {len(idle)} workers busy {100 * timing.busy():.1f}% of {seconds:.3f} s (on a "
        f"processor {100 * timing.on_processor():.1f}% of that); idle a "
        f"worker: {start:.3f} s at the start, {between:.3f} s between parts, {end:.3f} s at the "
        f"end (most {max((i.total for i in idle), default=0.0):.3f} s); {timing.sent} parts "
        f"sent{rate}; the parent's own work {timing.parent:.3f} s of processor",
    ]


IDLE = ("start", "between", "end")
"""A worker's idle seconds, as `dlx.parallel.timing.Idle` parts them."""


def count_in_parallel(run: Any, asked: Any) -> None:
    """A puzzle's `--count --jobs N` (`asked`, a `dlx.cli.run.Asked`): the problem of `run` (a
    `dlx.cli.run.BoardRun`), once posed, counted by N workers on the engine its `engine()`
    names; with a `limit`, no more than that is counted, as in the search without --jobs; the
    count alone, or (`--json`) in a JSON object; none exits 1."""
    from dlx.parallel import Report, count_parallel

    if not asked.count_only:
        raise fail("--jobs counts in parallel: give --count too", 2)
    sequential_only(asked.timeout, asked.max_nodes)
    report = Report()
    with guarded(run.error), progress_bar() as hook:
        run.pose()
        problem, keywords = run.problem(), run.engine()
        name_engine(report.stats, keywords.get("engine", "links"))
        found = count_parallel(problem, jobs=asked.jobs, progress=hook, report=report, **keywords)
    if asked.limit is not None and found >= asked.limit:
        found = asked.limit
        report.stats.status = Status.LIMIT
    options = {"show_stats": asked.show_stats, "as_json": asked.as_json}
    end(found, [], report.stats, count=True, **options, told=parts(report))


@contextmanager
def progress_bar() -> Iterator[Any]:
    """On a terminal, a progress bar on standard error weighted by each part's estimated share
    of the tree, with the solutions so far and the time left; elsewhere no hook (None). Rich
    (a tenth of a short search's whole run to load) is loaded only where its rules may find a
    terminal: standard error is one, or the environment says to take it for one."""
    from dlx.programs.live import on_terminal

    if not on_terminal(sys.stderr):
        yield None
        return
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


def estimate(
    file: Annotated[str, typer.Argument(metavar="FILE", help="A problem in Knuth's format, or -.")],
    probes: Annotated[int, typer.Option("--probes", min=1, help="Random paths to walk.")] = 100,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the random choices.")] = 0,
) -> None:
    """Knuth's estimate of the search tree's size (nodes, updates, solutions) from random paths."""
    from dlx.estimate import estimate as knuth_estimate

    problem = read_file(file).problem
    with guarded():
        guess = knuth_estimate(problem, probes=probes, seed=seed)
    figures = zip(("nodes", "updates", "solutions"), _rounded(guess), strict=True)
    sys.stdout.write("".join(f"{name} {figure}\n" for name, figure in figures))
    reached = (
        f"{guess.reached} reached a solution"
        if guess.reached
        else "none reached a solution, so how many there are is unknown: give more --probes"
    )
    typer.echo(
        f"dlx: mean of {probes} random paths (seed {seed}), ± one standard error; {reached}",
        err=True,
    )


def _rounded(guess: Any) -> list[str]:
    """Each figure of an `Estimate` as `mean ± standard error`, both to the error's two leading
    digits; `unknown` for solutions no path reached."""
    shown = []
    for mean, error in zip(
        (guess.nodes, guess.updates, guess.solutions), guess.errors, strict=True
    ):
        if math.isinf(error) or error == 0:
            shown.append(f"{mean:.0f}" if math.isinf(error) else f"{mean:g} ± 0")
            continue
        place = math.floor(math.log10(error)) - 1
        digits = max(0, -place)
        shown.append(f"{round(mean, -place):.{digits}f} ± {round(error, -place):.{digits}f}")
    if not guess.reached:
        shown[2] = "unknown"
    return shown
