"""Which engine a `dlx solve` runs on: the `--engine` option, and how the run names its engine.

`links` (the default) is Knuth's DLX1/DLX2 on dancing links; `cells` is his SSXCC on sparse
sets (dancing cells, `dlx.engines.cells.engine`); the tiling commands run on `bitset`
(`dlx.engines.bitset`) where the board fits. `--version` names each engine's core (and `--stats`
and `--json` the one that ran: `dlx.cli.output.engine_core`).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

import typer


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


def describe_engines() -> str:
    """What `dlx --version` says after the version: the default engine's core, the cells one,
    the bitset one."""
    from dlx.engines.bitset.engine import core_name as bitset_core_name
    from dlx.engines.cells.engine import core_name as cells_core_name
    from dlx.engines.links.engine import core_name

    return (
        f"core: {core_name()}; cells core: {cells_core_name()}; bitset core: {bitset_core_name()}"
    )
