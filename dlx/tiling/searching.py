"""How does a tiling puzzle's search go where it is not one plain search? By worker processes, in
the order of one search (`in_parallel`), or through a ZDD (`zdd_count`); and the keywords and
budgets of one call of `dlx.tiling.Puzzle`'s `solutions` or `count`."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from dlx.errors import SearchOptionError
from dlx.stats import Stats
from dlx.tiling import model
from dlx.tiling.build import Tiling, parallel_keywords, tiling_order
from dlx.tiling.solution import Solution

if TYPE_CHECKING:
    from dlx.engines.settings import Progress
    from dlx.solve import SearchKeywords


def in_parallel(
    puzzle: model.Puzzle, tiling: Tiling, limit: int | None, jobs: int, *budgets: float | None
) -> Iterator[Solution]:
    """A puzzle's solutions (at most `limit`) searched by `jobs` worker processes, in the order
    of one search; budgets refused."""
    from dlx.parallel import solve_parallel  # (30 ms of a start: only with jobs)

    sequential_only(*budgets)
    keep = tiling.canonical
    kept = 0
    search = solve_parallel(tiling.problem, jobs=jobs, **parallel_keywords(tiling))
    for keys in search:
        placed = tuple(tiling.placements[key] for key in keys)
        if keep is None or keep(list(placed)):  # type: ignore[operator]
            yield Solution(puzzle, placed)
            kept += 1
            if kept == limit:
                search.close()
                return


def keywords(
    limit: int | None,
    stats: Stats,
    progress: Progress | None,
    max_nodes: int | None,
    timeout: float | None,
) -> SearchKeywords:
    """The search keywords of one call of `solutions` or `count`."""
    return {
        "limit": limit,
        "stats": stats,
        "progress": progress,
        "max_nodes": max_nodes,
        "timeout": timeout,
    }


def sequential_only(*budgets: float | None) -> None:
    """Refuse budgets for a search by worker processes, which take none."""
    if any(budget is not None for budget in budgets):
        raise SearchOptionError("max_nodes and timeout apply to the search without jobs")


def zdd_count(tiling: Tiling, max_nodes: int | None) -> int:
    """The number of solutions, through a ZDD (none with `unique` where a symmetry is checked
    on the solutions themselves)."""
    if tiling.canonical is not None:
        raise SearchOptionError("unique leaves symmetries to check here, which zdd cannot")
    from dlx.engines.zdd.engine import zdd  # (six modules and a core: only with zdd)

    return zdd(tiling.problem, item_order=tiling_order(tiling), max_nodes=max_nodes).count()
