"""The options the `dlx` commands share, as typer reads them (`--count`, `--all`, `--limit`,
`--stats`, `--json`, `--svg`, `--jobs`), option groups (the ten of every puzzle command:
`board_command`), and the boards' type; what they print and how they end is `dlx.cli.output`'s,
which `dlx solve`'s plain start shares without typer.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer

from dlx.cli.output import listed
from dlx.cli.run import Asked
from dlx.programs.kit import MaxNodesOpt, PlainOpt, TimeoutOpt

CountOpt = Annotated[
    bool, typer.Option("--count", help="Print only the number of solutions (all of them).")
]
AllOpt = Annotated[
    bool, typer.Option("--all", help="Print every solution (without it: the first found).")
]
LimitOpt = Annotated[
    int | None,
    typer.Option("--limit", min=1, help="Print the first N solutions (without it: the first)."),
]
StatsOpt = Annotated[
    bool, typer.Option("--stats", help="Nodes, updates and seconds on standard error.")
]
JsonOpt = Annotated[
    bool,
    typer.Option(
        "--json", help="Print one JSON object: the solutions printed, and whether exhausted."
    ),
]
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


OptionTable = Sequence[tuple[str, Any, Any]]
"""Options that stand for one NamedTuple's fields, in order: (parameter, type, default)."""


def option_group(
    parameter: str, group: type, options: OptionTable, settle: Callable[[Any], Any] | None = None
) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """A decorator: the command's `parameter` (a `group`, a NamedTuple) becomes `options` in
    its place, as typer reads them, and the command is handed the group they make (passed
    through `settle` first, where given)."""
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
            command(**given, **{parameter: made if settle is None else settle(made)})

        with_options.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
        with_options.__annotations__ = {p.name: p.annotation for p in parameters}
        return with_options

    return decorate


NOTHING_ASKED = Asked()
"""The default of a command's `asked` parameter, which `board_command` replaces by the options."""

_ASKED = (
    ("count", CountOpt, False),
    ("every", AllOpt, False),
    ("limit", LimitOpt, None),
    ("stats", StatsOpt, False),
    ("as_json", JsonOpt, False),
    ("svg", SvgOpt, None),
    ("plain", PlainOpt, False),
    ("timeout", TimeoutOpt, None),
    ("max_nodes", MaxNodesOpt, None),
    ("jobs", JobsOpt, None),
)
"""The options behind `Asked`, in the order of a command's help: (parameter, type, default)."""


board_command = option_group(
    "asked",
    Asked,
    _ASKED,
    lambda asked: asked._replace(limit=listed(asked.count_only, asked.every, asked.limit)),
)
"""A puzzle command whose parameter `asked: Asked` stands for the ten options every puzzle
command takes (`--count`, `--all`, `--limit`, `--stats`, `--json`, `--svg`, `--plain`,
`--timeout`, `--max-nodes`, `--jobs`), as a command that typer reads with those options in its
place."""
