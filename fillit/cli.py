"""The `fillit` command line: parses arguments and delegates; it holds no puzzle logic.

Exit status: 0 answered, 1 invalid input (`error` on standard output, the reason on standard
error), 2 usage, 3 stopped by a budget with the answer unknown, 130 interrupted.
"""

from __future__ import annotations

import os
import sys
from dataclasses import asdict
from pathlib import Path
from typing import Annotated, Any

import typer

from dlx import core_name
from dlx.programs.exits import EXIT_INVALID, EXIT_UNKNOWN
from dlx.programs.files import unwritable
from dlx.programs.kit import (
    Clock,
    MaxNodesOpt,
    PlainOpt,
    PlainUsage,
    TimeoutOpt,
    at_stop,
    version_option,
)
from dlx.programs.kit import run as run_app
from dlx.programs.live import styled
from fillit import __version__
from fillit.answer import Answer, Arranger
from fillit.cli_common import interruptible, make_console
from fillit.errors import FillitError
from fillit.parse import parse, read_source
from fillit.pieces import Piece, identical_groups, letter
from fillit.solver.arrange import FastPath
from fillit.tools import cli as cli_tools

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Fit tetrominoes into the smallest square (the 42 fillit puzzle), by exact cover.",
)

FileArg = Annotated[
    str, typer.Argument(metavar="FILE", help="A fillit file, or - for standard input.")
]
OrderedOpt = Annotated[
    bool,
    typer.Option(
        "--ordered",
        help="Use the plain ordered search (pieces in input order, backtracking) instead of the "
        "fast path; same answer, much slower on hard inputs.",
    ),
]
JobsOpt = Annotated[
    int | None,
    typer.Option(
        "--jobs",
        min=0,
        help="Processes a long question may race on (default: 2 where the machine has two "
        "cores; 0: one per core); 1 keeps the search on one core. Same answer either way.",
    ),
]


@app.callback()
def _options(
    version: Annotated[bool, version_option(__version__)] = False,
) -> None:
    """Fit tetrominoes into the smallest square (the 42 fillit puzzle), by exact cover."""


def load(file: str) -> list[Piece]:
    """The pieces of `file`; on any fault print `error` and its reason, and exit 1."""
    try:
        return parse(read_source(file))
    except FillitError as fault:
        # The reason first: if standard output cannot take "error" (a full disk), it is told.
        typer.echo(f"fillit: {fault}", err=True)
        typer.echo("error")
        raise typer.Exit(EXIT_INVALID) from None


def give_up_if_unknown(answer: Answer) -> None:
    """Exit 3 with a one-line message when a budget stopped the search before an answer."""
    if not answer.solved:
        last = answer.attempts[-1]
        typer.echo(
            f"fillit: unknown: the search of the {last.size}x{last.size} square was stopped by "
            f"a budget after {last.stats.nodes} nodes and {last.stats.seconds:.2f} s",
            err=True,
        )
        raise typer.Exit(EXIT_UNKNOWN)


def arranger(ordered: bool, jobs: int | None = None) -> Arranger:
    """The search asked for: the fast path (racing on `jobs` processes, by default two where
    there are two cores), or the first release's ordered search."""
    if not ordered:
        cores = os.cpu_count() or 1
        count = cores if jobs == 0 else jobs if jobs is not None else min(2, cores)
        return FastPath(jobs=count)
    # Imported here: only --ordered loads the first release's search; the fast path starts without.
    from fillit.solver.ordered import OrderedSearch

    return OrderedSearch()


@app.command(cls=PlainUsage)
def solve(
    file: FileArg,
    plain: PlainOpt = False,
    check: Annotated[
        bool, typer.Option("--check", help="Verify the answer independently before printing.")
    ] = False,
    timeout: TimeoutOpt = None,
    max_nodes: MaxNodesOpt = None,
    ordered: OrderedOpt = False,
    jobs: JobsOpt = None,
    svg: Annotated[
        Path | None, typer.Option("--svg", help="Also write the square as an SVG picture.")
    ] = None,
) -> None:
    """Print the smallest square holding the pieces, each at its first possible position."""
    from fillit import render

    with Clock(timeout) as clock:
        pieces = load(file)
        refuse_svg(svg)
        search = arranger(ordered, jobs)
        with interruptible():
            answer = search.arrange(pieces, timeout=clock.left(), max_nodes=max_nodes)
    give_up_if_unknown(answer)
    if check:
        verify_answer(answer)
    if svg is not None:
        from dlx.pictures.svg import board_svg

        try:
            svg.write_text(board_svg(answer.rows()))
        except OSError as fault:
            typer.echo(f"fillit: {svg}: {fault.strerror or fault}", err=True)
            raise typer.Exit(EXIT_INVALID) from None
    if styled(sys.stdout, plain):
        make_console(plain=False).print(render.coloured(answer), end="")
    else:
        sys.stdout.write(render.plain(answer))


def refuse_svg(path: Path | None) -> None:
    """Exit 1 with one line, before the search, when the `--svg` file cannot be written."""
    reason = None if path is None else unwritable(path)
    if reason is not None:
        typer.echo(f"fillit: {path}: {reason}", err=True)
        raise typer.Exit(EXIT_INVALID)


def verify_answer(answer: Answer) -> None:
    """Run the independent checker; a failure is a bug, reported on standard error (exit 1)."""
    from fillit.check import CheckError, check

    try:
        check(answer.rows(), answer.pieces)
    except CheckError as fault:
        typer.echo(f"fillit: check failed: {fault}", err=True)
        raise typer.Exit(EXIT_INVALID) from None
    typer.echo("fillit: check passed", err=True)


@app.command(cls=PlainUsage)
def stats(
    file: FileArg,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    plain: PlainOpt = False,
    timeout: TimeoutOpt = None,
    max_nodes: MaxNodesOpt = None,
    ordered: OrderedOpt = False,
    jobs: JobsOpt = None,
) -> None:
    """Show how the search went: every size tried, the problem's size, the final square."""
    read: list[Piece] = []
    if as_json:
        at_stop(lambda why: write_unknown(read) if why == "timeout" else None)
    with Clock(timeout) as clock:
        pieces = load(file)
        read.extend(pieces)
        search = arranger(ordered, jobs)
        if as_json:
            with interruptible():
                answer = search.arrange(pieces, timeout=clock.left(), max_nodes=max_nodes)
            clock.stop()
            import json  # only --json writes it: `fillit solve` starts without

            sys.stdout.write(json.dumps(summary(answer)) + "\n")
            give_up_if_unknown(answer)
            return
        from fillit import report

        colour = styled(sys.stdout, plain)
        console = make_console(plain=not colour)
        with interruptible():
            live = colour and sys.stdout.isatty()
            answer = report.arrange_with_progress(
                console, search, pieces, clock.left(), max_nodes, live=live
            )
    report.show(console, answer, colour=colour)
    give_up_if_unknown(answer)


def write_unknown(pieces: list[Piece]) -> None:
    """`stats --json` when the whole run's alarm ends the run before the search stopped itself:
    the object a budget gives, with nothing tried (no piece, if none was read yet)."""
    import json

    sys.stdout.write(json.dumps(summary(Answer(pieces, None, []))) + "\n")


def summary(answer: Answer) -> dict[str, Any]:
    """The statistics of a run as plain data, for `stats --json`."""
    return {
        "pieces": len(answer.pieces),
        "size": answer.size,
        "solved": answer.solved,
        "groups": [[letter(i) for i in group] for group in identical_groups(answer.pieces)],
        "attempts": [
            {
                "size": a.size,
                "solved": a.solved,
                "decided_by": a.decided_by,
                "items": a.items,
                "options": a.options,
                "nodes": a.stats.nodes,
                "updates": a.stats.updates,
                "seconds": round(a.stats.seconds, 6),
            }
            for a in answer.attempts
        ],
        "canonical": None if answer.canonical is None else asdict(answer.canonical),
        "rows": answer.rows() if answer.solved else None,
        "core": core_name(),
    }


cli_tools.register(app)


def main() -> None:
    """Entry point of the `fillit` script and of `python -m fillit`."""
    # A reader that goes away (`fillit stats f | head -1`) ends the program quietly, by SIGPIPE,
    # as it ends other Unix tools; Ctrl-C, the timeout and a failed write end it with one line.
    run_app(app, "fillit")
