"""Which dance runs a search of the links engine: the compiled core (`dlx/engines/links/_links.c`)
when it was built, else Python (Algorithm X in `dlx.engines.links.twin`, Algorithm M in
`dlx.engines.links.multiplicity`); `search` is the engine's front door.

Both cores run the same searches with the same solutions in the same order and the same nodes,
updates and profile; the pure-Python engine (`dlx.engines.links.twin`,
`dlx.engines.links.multiplicity`) is the reference the compiled one is tested against, and the
fallback where no C compiler was at hand.
`DLX_CORE=python` in the environment, or `solve(..., core="python")`, picks the pure-Python one.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence

from dlx.engines.counters import NO_LIMIT, Show, follow, on_main_thread
from dlx.engines.settings import CoreName, SearchSettings
from dlx.engines.which_core import kept, new_kept, pick, told
from dlx.errors import SearchBusyError
from dlx.stats import Stats

TYPE_CHECKING = False  # as typing's, which `dlx solve`'s plain start does not load
if TYPE_CHECKING:
    from typing import Any, Final

    from dlx.memo import FailureMemo
    from dlx.problem import Problem

try:
    from dlx.engines.links import _links  # type: ignore[attr-defined]
except ImportError:  # built without a C compiler: everything runs on the pure-Python engine
    _links = None

COMPILED: Final = _links is not None
"""Whether the compiled core was built and imports."""

CORE: Final[CoreName] = "compiled" if COMPILED else "python"
"""The core searches use unless DLX_CORE or `solve(..., core=...)` says otherwise."""


def default_core() -> CoreName:
    """The core a search uses when none is named: `DLX_CORE` if set, else the compiled one
    when it imports, else the pure-Python one.

    >>> default_core() in ("compiled", "python")
    True
    """
    return pick_core(None)


def core_name() -> str:
    """The name of the core a search would use now, for `--version` and statistics; when
    DLX_CORE names no usable core, the reason instead of an exception."""
    return told(default_core)


def pick_core(core: CoreName | None) -> CoreName:
    """`core`, checked to be one that can run here (None: `DLX_CORE`, else the compiled core
    where it was built)."""
    missing = "the compiled core was not built (no C compiler at install)"
    return pick(core, COMPILED, missing)  # type: ignore[return-value]


_BUILT = new_kept()
"""The compiled links of each live problem."""

MAX_BOUND: Final = 1 << 40
"""The largest multiplicity the compiled core takes (its state keys give each item 41 bits)."""


def compiled_supports(problem: Problem[Any]) -> bool:
    """Whether the compiled core can run `problem`: every multiplicity up to `MAX_BOUND`.
    `solve` runs the others on the pure-Python core, whatever core was asked for."""
    return all(high <= MAX_BOUND for _, high in problem.bounds)


def compiled_links(problem: Problem[Any]) -> Any:
    """The compiled core's links of `problem`, built on first use and kept while the problem
    lives (rebuilt once options are added, like `Problem.links`)."""

    def make() -> Any:
        assert _links is not None  # pick_core checked it
        args = (problem.primary_count, len(problem.items), problem.options)
        return _links.Core(*args, problem.bounds, problem.colours)

    return kept(_BUILT, problem, "compiled", make)


def search(
    problem: Problem[Any], stats: Stats, settings: SearchSettings
) -> Generator[list[int], None, None]:
    """The links engine's search of `problem`: the option numbers of each solution, level by
    level, on the core `settings.core` picks (Algorithm M where `settings.general(problem)`,
    else Algorithm X); `stats` current at each yield and however it ends. The core is picked,
    the links built and a memo bound at once; the search starts at the first `next`."""
    general = settings.general(problem)
    stats.engine, stats.core = "links", "compiled"  # (it may have served another engine)
    if pick_core(settings.core) == "compiled" and compiled_supports(problem):
        return search_compiled(problem, stats, settings, general)
    stats.core = "python"
    from dlx.engines.links.twin import links_of  # a compiled search never loads the Python engine

    links = links_of(problem)
    if settings.memo is not None:
        settings.memo.bind(links, problem)
    if general:
        from dlx.engines.links.multiplicity import search_m  # (Algorithm M's twin, as above)

        return search_m(links, stats, settings)
    return links.search(stats, settings)


def search_compiled(
    problem: Problem[Any], stats: Stats, settings: SearchSettings, general: bool
) -> Generator[list[int], None, None]:
    """`Links.search` (or, if `general`, `search_m`) run by the compiled core: the same
    solutions, statistics and memo counts, with `stats` kept current in the same way. The
    links are built and the memo bound at once; the search starts at the first `next`.
    The solutions before the `settings.count_to`-th are counted in C, never handed over
    (`stats` tells their number)."""
    links = compiled_links(problem)
    memo = settings.memo
    store = memo.bind_compiled(links, problem) if memo is not None else None
    return _run(links, stats, settings, general, store)


def _run(
    links: Any, stats: Stats, settings: SearchSettings, general: bool, store: Any
) -> Generator[list[int], None, None]:
    """The generator of `search_compiled`: the links claimed at the first `next`, the memo's
    hits and stores added to `settings.memo` as the search publishes them."""
    if links.busy:
        raise SearchBusyError("this problem's links are held by another unfinished search")
    max_nodes, memo = settings.max_nodes, settings.memo
    cap = NO_LIMIT if max_nodes is None else max(-NO_LIMIT, min(max_nodes, NO_LIMIT))
    capacity = memo.capacity if memo is not None else 0
    main = on_main_thread()

    def start(show: Show | None) -> Any:
        return links.search(
            general,
            settings.choose,
            settings.givens,
            settings.prefer,
            settings.item_order,
            store,
            capacity,
            settings.prune,
            settings.learn,
            cap,
            settings.timeout,
            show,
            main,
            settings.count_to,
        )

    counter = None if memo is None else _memo_counter(memo)
    yield from follow(
        start, stats, settings.progress, counter, settings.stopped, settings.batch, settings.limit
    )


def _memo_counter(memo: FailureMemo) -> Callable[[Sequence[int]], None]:
    """What adds the search's memo hits and stores, as it publishes them, to `memo`."""
    seen = [0, 0]  # the hits and stores published so far

    def count(more: Sequence[int]) -> None:
        hits, stores = more
        memo.hits += hits - seen[0]
        memo.stores += stores - seen[1]
        seen[:] = hits, stores

    return count
