"""Which search runs on the bitset engine, and what does the engine refuse?

`solve(..., engine="bitset")` lands here (`search`). The twin (`dlx.engines.bitset.twin`)
is the reference; the compiled search gives the same solutions in the same order, with the same
nodes, updates, profile and status. `DLX_CORE=python` or `core="python"` picks the twin, as for
the other engines. The item choice is the engine's own: `choose="mrv"` (the default) lets it
measure whether to place its rarest piece first (`dlx.engines.bitset.plan`), `choose="first"`
fills the first free cell at every node. What has no meaning for it is refused with
`EngineOptionError`: colours, hooks, a memo, preferred options, an item order, `sweep`, and
problems that do not fit (more than 256 cells or other items, an option without a cell).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from dlx.engines.bitset import COMPILED, plan
from dlx.engines.bitset.layout import Layout, Numbered, numbered
from dlx.engines.bitset.plan import SEED
from dlx.engines.counters import follow_settings
from dlx.engines.settings import SearchSettings
from dlx.engines.which_core import kept, new_kept, pick, told
from dlx.errors import EngineOptionError
from dlx.stats import Stats

if TYPE_CHECKING:
    from typing import Any

    from dlx.engines.bitset.plan import Choice
    from dlx.problem import Problem

try:
    from dlx.engines.bitset import _bitset  # type: ignore[attr-defined]
except ImportError:  # built without a C compiler: the twin searches
    _bitset = None

_BUILT = new_kept()
"""The tables of each live problem, by core."""
_LENT: list[Any] = []
"""The block of memory this process's searches that share (`shared_memo`) keep their memo of
failures in, mapped by the other worker processes of a parallel search (`lend_memo`)."""


def lend_memo(block: Any) -> None:
    """Let the compiled searches of this process that share their memo of failures
    (`SearchSettings.shared_memo`: the parts of a parallel search) keep it in `block`, a
    writable buffer of zeros that the other worker processes of the run map too, at least
    twice `plan.MEMO_MOST` bytes: each table takes its slots there, guarded (csrc/bitset.h),
    once its first such search starts. `None`: each table keeps its own again."""
    _LENT[:] = [] if block is None else [block]


class Built:
    """A problem's table for one core, with what it was built from and its plan."""

    __slots__ = (
        "layout",
        "lent",
        "memo_bytes",
        "numbered",
        "options",
        "plan",
        "primary",
        "problem_options",
        "region_limit",
        "table",
    )

    def __init__(self, problem: Problem[Any], layout: Layout | None) -> None:
        self.layout = layout
        self.numbered = numbered(problem, layout)
        self.options = problem.option_count
        self.problem_options = problem.options
        self.primary = problem.primary_count
        self.table: Any = None
        self.plan: Choice | None = None
        self.memo_bytes = plan.MEMO_UNPLANNED  # (sized to the plan's tree once it is measured)
        self.lent: Any = None  # the block lent (`lend_memo`) its table's memo is in
        self.region_limit = _region_limit(self.numbered)


def pick_core(core: str | None = None) -> str:
    """The core a bitset search runs on: `core`, else `DLX_CORE`, else the compiled one when
    it was built; "compiled" asked for but not built is refused.

    >>> pick_core("python")
    'python'
    """
    return pick(core, COMPILED, "the compiled bitset core was not built (no C compiler)")


def core_name() -> str:
    """The bitset core a search would use now, or why none can (for `--version`, `--stats`)."""
    return told(pick_core)


def refuse(settings: SearchSettings) -> None:
    """Raise `EngineOptionError` for the first setting the bitset engine cannot honour."""
    if settings.choose not in ("mrv", "first"):
        raise EngineOptionError("the bitset engine chooses as it measures: choose 'mrv' or 'first'")
    for name in ("prefer", "item_order"):
        if getattr(settings, name):
            raise EngineOptionError(f"the bitset engine cannot take {name} (use engine='links')")
    for name in ("memo", "prune", "learn"):
        if getattr(settings, name) is not None:
            raise EngineOptionError(f"the bitset engine cannot take {name} (use engine='links')")


def fits(problem: Problem[Any], layout: Layout | None = None) -> bool:
    """Whether the bitset engine takes `problem` (with `layout`, or the inferred one).

    >>> from dlx import Problem
    >>> fits(Problem.from_options(["a"], [("x", ["a"])]))
    True
    """
    try:
        built_for(problem, layout, "python" if not COMPILED else "compiled")
    except EngineOptionError:
        return False
    return True


def splittable(problem: Problem[Any], layout: object = None) -> bool:
    """Whether every option of `problem` with a primary item holds a primary cell of `layout`
    (or the inferred one), so that a part of a parallel search is searched from its prefix
    alone (`dlx.engines.bitset.split`)."""
    if layout is not None and not isinstance(layout, Layout):
        return False
    position = numbered(problem, layout).position
    primary = problem.primary_count
    return all(
        any(i < primary and position[i] >= 0 for i in items) or not any(i < primary for i in items)
        for items in problem.options
    )


def search(
    problem: Problem[Any], stats: Stats, settings: SearchSettings
) -> Generator[list[int], None, None]:
    """The bitset search of `problem` after the options `settings.givens` (by number): the
    option numbers of each solution, level by level, on the core `pick_core(settings.core)`
    picks; `stats` current at each yield and however it ends. What the engine cannot honour is
    refused, and the table built and the plan measured, at once; the search starts at the
    first `next`. The compiled core counts the solutions before `settings.count_to` without
    handing them over (the twin hands every solution over)."""
    refuse(settings)
    chosen = pick_core(settings.core)
    layout = settings.layout
    if layout is not None and not isinstance(layout, Layout):
        raise EngineOptionError(f"layout must be a Layout, not {type(layout).__name__}")
    built = built_for(problem, layout, chosen)
    choice = planned(built, chosen) if settings.choose == "mrv" else ([], False, [])
    stats.engine = "bitset"
    stats.core = chosen
    if chosen == "python":
        return _run_twin(built, choice, stats, settings)
    return _run_compiled(built, choice, stats, settings)


def built_for(problem: Problem[Any], layout: Layout | None, core: str) -> Built:
    """The table of `problem` for `core` under `layout`, built once while the problem lives
    (again once options are added, or for another layout)."""

    def make() -> Built:
        built = Built(problem, layout)
        args = _table_args(problem, built.numbered)
        if core == "python":
            # (the twin's table, loaded where it is asked for: 6 ms of a compiled start)
            from dlx.engines.bitset.table import build_table

            built.table = build_table(*args)
        else:
            built.table = _bitset.Table(*args)
        return built

    built: Built = kept(_BUILT, problem, core, make)
    if built.layout != layout:  # another layout: built again, in its place
        _BUILT[problem].pop(core)
        built = kept(_BUILT, problem, core, make)
    return built


def _table_args(problem: Problem[Any], layout: Numbered) -> tuple[Any, ...]:
    """The arguments of both tables' builders."""
    return (
        layout.positions,
        layout.position,
        layout.lo,
        layout.hi,
        problem.primary_count,
        problem.options,
        layout.neighbours,
    )


def _region_limit(layout: Numbered) -> int:
    """The largest region the checks grow, at most 63: the most cells an option covers (a
    region no larger is filled by one piece, or is too small for any), or one less where
    every option covers as many (a region of that size always passes)."""
    sizes = layout.sizes
    most = max(sizes, default=0)
    return min(63, most - 1 if len(sizes) == 1 else most)


def planned(built: Built, core: str) -> Choice:
    """How searches of `built`'s table branch, measured once (`dlx.engines.bitset.plan`), the
    same for every search of the problem (parts of a parallel search included), whatever their
    givens."""
    if built.plan is None:
        layout = built.numbered
        others = [i for i, p in enumerate(layout.position) if p < 0]
        held = [0] * len(others)
        index = {item: o for o, item in enumerate(others)}
        for items in built.problem_options:
            for i in items:
                if i in index:
                    held[index[i]] += 1
        pieces = [
            o
            for o, i in enumerate(others)
            if i < built.primary and layout.lo[i] == 1 and layout.hi[i] == 1
        ]
        built.plan, nodes = plan.choose(
            pieces, held, lambda choice, probes: _estimate(built, core, choice, probes)
        )
        built.memo_bytes = plan.memo_bytes(nodes)
    return built.plan


def _estimate(built: Built, core: str, choice: Choice, probes: int) -> tuple[float, float, float]:
    """The nodes, updates and cells counted of the search from the root under `choice`, as
    `probes` of Knuth's random paths estimate them (the same on both cores)."""
    if core == "python":
        # (the twin, loaded where it is asked for: 6 ms of a compiled start)
        from dlx.engines.bitset.estimate import twin_estimate
        from dlx.engines.bitset.twin import Search

        search = Search(built.table, choice[0], built.region_limit, choice[1], choice[2])
        return twin_estimate(search, probes)
    figures: tuple[float, float, float] = built.table.estimate(
        [], choice, built.region_limit, probes, SEED
    )
    return figures


def _run_twin(
    built: Built, choice: Choice, stats: Stats, settings: SearchSettings
) -> Generator[list[int], None, None]:
    """The generator of the twin's search."""
    from dlx.engines.bitset.twin import dance  # (loaded where asked for, as `_estimate` says)

    return dance(built.table, choice, built.region_limit, _memo(built, settings), stats, settings)


def _run_compiled(
    built: Built, choice: Choice, stats: Stats, settings: SearchSettings
) -> Generator[list[int], None, None]:
    """The generator of a compiled bitset search, its counters kept in `stats`."""

    def search(*begun: Any) -> Any:
        memo = _memo(built, settings)
        if settings.shared_memo and _LENT and built.lent is not _LENT[0]:
            built.lent = _LENT[0] if built.table.adopt_memo(_LENT[0], memo) else None
        return built.table.search(*begun, choice, built.region_limit, memo, settings.shared_memo)

    return follow_settings(search, stats, settings)


def _memo(built: Built, settings: SearchSettings) -> int:
    """The bytes of a search's memo of failures: sized to the plan's tree where one is measured
    (`dlx.engines.bitset.plan.memo_bytes`)."""
    return built.memo_bytes if settings.choose == "mrv" else plan.MEMO_UNPLANNED
