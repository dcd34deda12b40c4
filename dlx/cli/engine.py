"""Which engine a `dlx solve` runs on: the `--engine` option, and how the run names its engine.

`links` (the default) is Knuth's DLX1/DLX2 on dancing links; `cells` is his SSXCC on sparse
sets (dancing cells, `dlx.cores.cells_core`); the tiling commands run on `bitset`
(`dlx.cores.bitset`) where the board fits. `--stats`, `--json` and `--version` name the
engine and the core that ran it.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

import typer

from dlx.stats import Stats


class Engine(StrEnum):
    """The engines `dlx solve --engine` offers."""

    LINKS = "links"
    CELLS = "cells"


EngineOpt = Annotated[
    Engine,
    typer.Option(
        "--engine",
        case_sensitive=False,
        help="links: Knuth's DLX1/DLX2 (dancing links); cells: his SSXCC (dancing cells).",
    ),
]


def name_engine(stats: Stats, engine: str) -> None:
    """Say in `stats` (a parallel run's, which no one search fills) which engine searched.

    >>> stats = Stats()
    >>> name_engine(stats, "cells")
    >>> stats.engine, stats.core in ("compiled", "python")
    ('cells', True)
    """
    stats.engine = engine
    if engine == "cells":
        from dlx.cores.cells_core import cells_core_name

        stats.core = cells_core_name()
    elif engine == "bitset":
        from dlx.cores.bitset.core import bitset_core_name

        stats.core = bitset_core_name()


def engine_core(stats: Stats) -> str:
    """The core that ran the search whose statistics are `stats`.

    >>> engine_core(Stats(engine="cells", core="python"))
    'python'
    """
    if stats.engine in ("cells", "bitset"):
        return stats.core
    from dlx.cores.links_core import core_name

    return core_name()


def describe_engines() -> str:
    """What `dlx --version` says after the version: the default engine's core, the cells one,
    the bitset one."""
    from dlx.cores.bitset.core import bitset_core_name
    from dlx.cores.cells_core import cells_core_name
    from dlx.cores.links_core import core_name

    return (
        f"core: {core_name()}; cells core: {cells_core_name()}; bitset core: {bitset_core_name()}"
    )
