"""Which core runs a search on the `cells` engine (Knuth's SSXCC), and what that engine refuses.

`solve(..., engine="cells")` lands here. The pure-Python dance (`dlx.engines.cells.twin`) is
the reference; the compiled one (`dlx.engines.cells._cells`, from dlx/engines/cells/csrc/cells.c)
gives the same solutions in the same order, with the same nodes, updates, profile and status.
`DLX_CORE=python` or `core="python"` picks the pure-Python one, as for the links engine.

What has no meaning for dancing cells is refused with `EngineOptionError`, never ignored: the
pruning and learning hooks, the failure memo, multiplicities (Knuth's SSMCC would take them),
preferred options, an item order and item choices other than `mrv` (SSXCC's own choice).
"""

from __future__ import annotations

from collections.abc import Generator

from dlx.engines.counters import follow_settings
from dlx.engines.settings import SearchSettings
from dlx.engines.which_core import kept, new_kept, pick, told
from dlx.errors import EngineOptionError
from dlx.stats import Stats

TYPE_CHECKING = False  # as typing's, which `dlx solve`'s plain start does not load
if TYPE_CHECKING:
    from typing import Any, Final

    from dlx.problem import Problem

try:
    from dlx.engines.cells import _cells  # type: ignore[attr-defined]
except ImportError:  # built without a C compiler: cells run on the pure-Python dance
    _cells = None

COMPILED: Final = _cells is not None
"""Whether the compiled cells core was built and imports."""


_BUILT = new_kept()
"""The pristine tables of each live problem, by core."""


def pick_core(core: str | None = None) -> str:
    """The core a cells search runs on: `core`, else `DLX_CORE`, else the compiled one when it
    was built; "compiled" asked for but not built is refused.

    >>> pick_core("python")
    'python'
    """
    return pick(core, COMPILED, "the compiled cells core was not built (no C compiler)")


def core_name() -> str:
    """The cells core a search would use now, or why none can (for `--version`, `--stats`)."""
    return told(pick_core)


def refuse(problem: Problem[Any], settings: SearchSettings) -> None:
    """Raise `EngineOptionError` for the first setting the cells engine cannot honour."""
    if problem.has_multiplicities:
        raise EngineOptionError("the cells engine cannot take multiplicities (use engine='links')")
    if settings.choose != "mrv":
        raise EngineOptionError(
            "the cells engine chooses items as SSXCC does: choose must be 'mrv'"
        )
    for name in ("prefer", "item_order"):
        if getattr(settings, name):
            raise EngineOptionError(f"the cells engine cannot take {name} (use engine='links')")
    for name in ("memo", "prune", "learn"):
        if getattr(settings, name) is not None:
            raise EngineOptionError(f"the cells engine cannot take {name} (use engine='links')")


def search(
    problem: Problem[Any], stats: Stats, settings: SearchSettings
) -> Generator[list[int], None, None]:
    """SSXCC's search of `problem` after the options `settings.givens` (by number): the option
    numbers of each solution, level by level, on the core `pick_core(settings.core)` picks;
    `stats` current at each yield and however it ends. What the engine cannot honour is refused,
    and the table built, at once; the search starts at the first `next`. The compiled core
    counts the solutions before the `settings.count_to`-th without handing them over (the
    pure-Python one hands every solution over)."""
    refuse(problem, settings)
    chosen = pick_core(settings.core)
    stats.engine = "cells"
    stats.core = chosen
    table = table_for(problem, chosen)
    if chosen == "python":
        from dlx.engines.cells.twin import dance  # (a compiled run never loads the twin)

        return dance(table, stats, settings)
    return _run_compiled(table, stats, settings)


def table_for(problem: Problem[Any], core: str) -> Any:
    """The pristine table of `problem` for `core`, built once while the problem lives (and
    again once options are added)."""
    args = (problem.primary_count, len(problem.items), problem.options, problem.colours)

    def make() -> Any:
        if core == "python":
            from dlx.engines.cells.table import build_table  # (the twin's table only)

            return build_table(*args)
        assert _cells is not None  # pick_core checked it
        return _cells.Cells(*args)

    return kept(_BUILT, problem, core, make)


def _run_compiled(
    table: Any, stats: Stats, settings: SearchSettings
) -> Generator[list[int], None, None]:
    """The generator of a compiled cells search, its counters kept in `stats`."""
    return follow_settings(table.search, stats, settings)
