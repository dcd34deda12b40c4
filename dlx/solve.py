"""The public search API: a lazy generator of solutions and its small helpers.

`solve`, `count` and `first` check their keywords once, into the `SearchSettings` every core
takes (`dlx.engines.settings`), and hand it to the front door of the engine asked for.
"""

from __future__ import annotations

from collections.abc import Generator, Hashable, Iterable

from dlx.engines.counters import BATCH, NO_LIMIT
from dlx.engines.settings import Choice as Choice
from dlx.engines.settings import SearchSettings
from dlx.errors import OutOfBudgetError, SearchOptionError, UnknownItemError
from dlx.problem import Problem
from dlx.stats import Stats, Status

TYPE_CHECKING = False  # as typing's, which a search need not load (it costs a start 0.012 G)
if TYPE_CHECKING:
    from typing import Any, TypedDict, TypeVar, Unpack

    from dlx.engines.bitset.layout import Layout
    from dlx.engines.settings import CoreName, Learn, Progress, Prune
    from dlx.memo import FailureMemo  # only named here: a search without a memo never loads it

    K = TypeVar("K", bound=Hashable)


def solve(
    problem: Problem[K],
    *,
    choose: Choice = "mrv",
    limit: int | None = None,
    stats: Stats | None = None,
    givens: Iterable[K] = (),
    prefer: Iterable[K] = (),
    item_order: Iterable[Hashable] = (),
    memo: FailureMemo | None = None,
    prune: Prune | None = None,
    learn: Learn | None = None,
    max_nodes: int | None = None,
    timeout: float | None = None,
    progress: Progress | None = None,
    core: CoreName | None = None,
    engine: str = "links",
    layout: Layout | None = None,
) -> Generator[tuple[K, ...], None, None]:
    """Yield each exact cover of `problem` as a tuple of option keys, in search order.

    >>> p = Problem.from_options(["a", "b"], [("ab", ["a", "b"]), ("a", ["a"]), ("b", ["b"])])
    >>> list(solve(p))
    [('ab',), ('a', 'b')]

    Options of an item are tried in the order they were added. `stats`, if given, is kept current
    and tells afterwards how the search ended (see `Status`); a `limit` stops after that many
    solutions; `max_nodes` (at least 1: the search enters at most that many nodes) and `timeout`
    (seconds, positive and finite) stop with status BUDGET, the rest unknown.
    `givens` are option keys chosen in advance (like a sudoku's clues); they lead every solution.
    `prefer` lists options to try before the others wherever they appear (for example a known
    solution of a similar problem); it changes the order of solutions, never the set.
    `item_order` lists primary items that the item choice meets first, in that order (the others
    follow as declared): the item `sweep` and `first` take, and how `mrv` breaks ties.
    `prune(chosen_option_numbers)` is called once per node; False cuts the node off.
    `learn(chosen_option_numbers)` is told each node whose sub-problem holds no solution, when its
    last branch is done (the nodes a memo remembers): an adapter can keep what made it fail.
    Problems with multiplicities or colours, and searches with a `memo` (see `FailureMemo`) or
    `learn`, run Knuth's Algorithm M with colours (DLX3); the others run Algorithm X exactly as
    DLX1 does.
    `core` picks the dance: "compiled" (C, the default when it was built) or "python" (the
    reference); both give the same solutions in the same order and the same statistics.
    `engine="cells"` runs Knuth's SSXCC instead (dancing cells, `dlx.engines.cells.engine`):
    its own item choice and counts, and no hooks, memo, multiplicities or orders.
    `engine="bitset"` searches on bitsets (`dlx.engines.bitset`): the first free cell of
    `layout` (a `dlx.engines.bitset.layout.Layout`: which items are cells, where they lie and
    their neighbours; without one, the items covered at most once, in declaration order),
    for problems of at most 256 cells, without colours, hooks, memo or orders.
    `DLX_CORE` in the environment picks it when `core` is not given (see
    `dlx.engines.links.engine`); the few problems the compiled core cannot take (a multiplicity
    over 2**40) run on Python.
    Arguments are checked at once, before the first solution is asked for.
    """
    settings = search_settings(
        problem,
        choose=choose,
        limit=limit,
        givens=givens,
        prefer=prefer,
        item_order=item_order,
        memo=memo,
        prune=prune,
        learn=learn,
        max_nodes=max_nodes,
        timeout=timeout,
        progress=progress,
        core=core,
        engine=engine,
        layout=layout,
    )
    if stats is None and memo is None and prune is None and learn is None:
        # No one can see the statistics between two solutions (nor a hook's calls, nor a
        # memo's counts): the compiled cores may hand them over in batches.
        settings = settings.replace(batch=BATCH)
    return solve_with(problem, settings, stats if stats is not None else Stats())


def search_settings(
    problem: Problem[K],
    *,
    givens: Iterable[K] = (),
    prefer: Iterable[K] = (),
    item_order: Iterable[Hashable] = (),
    **rest: Any,
) -> SearchSettings:
    """`solve`'s keywords but `stats`, checked for `problem` and turned into the settings every
    core takes: the rules that need no problem first (by `SearchSettings`, whose fields are the
    `rest`), then the option keys and items, by number; preferred options only where the links
    engine runs Algorithm M. A `problem` that is no `Problem`, or a keyword `solve` does not
    take, is a TypeError naming it."""
    if not isinstance(problem, Problem):
        raise TypeError(f"a search takes a dlx.Problem, not {type(problem).__name__!r}")
    for name in rest:
        if name not in KEYWORDS:  # (`count_to`, `batch`: fields `count` and `solve` set)
            raise TypeError(f"unexpected keyword argument {name!r} (see help(dlx.solve))")
    asked = SearchSettings(**rest)
    settings = asked.replace(
        givens=tuple([problem.option_number(key) for key in givens]),
        prefer=tuple([problem.option_number(key) for key in prefer]),
        item_order=_item_numbers(problem, item_order),
    )
    if settings.prefer and settings.engine == "links" and not settings.general(problem):
        raise SearchOptionError(
            "preferred options need the general search (multiplicities or a memo)"
        )
    return settings


def solve_with(
    problem: Problem[K], settings: SearchSettings, stats: Stats
) -> Generator[tuple[K, ...], None, None]:
    """`solve` with its keywords checked already (`search_settings`): the solutions by key,
    `stats` current. The engine's front door builds the search at once (its checks raise
    here, before the first solution is asked for)."""
    if settings.engine == "cells":
        # (each engine loads when asked for: `dlx solve` loads the links engine only)
        from dlx.engines.cells.engine import search as search_cells

        search = search_cells(problem, stats, settings)
    elif settings.engine == "bitset":
        from dlx.engines.bitset.engine import search as search_bitset  # (as above)

        search = search_bitset(problem, stats, settings)
    else:
        from dlx.engines.links.engine import search as search_links  # (as above)

        search = search_links(problem, stats, settings)
    keys = None if problem.keys_are_numbers else problem.keys
    return _keyed(search, keys, settings.limit, stats, settings.count_to > 0)


def _item_numbers(problem: Problem[K], items: Iterable[Hashable]) -> tuple[int, ...]:
    """The numbers of the primary `items`, each named once."""
    numbers = []
    for item in items:
        number = problem.index.get(item)
        if number is None:
            raise UnknownItemError(f"item_order names unknown item {item!r}")
        if number >= problem.primary_count:
            raise SearchOptionError(f"item_order names {item!r}, which is not a primary item")
        numbers.append(number)
    if len(set(numbers)) != len(numbers):
        raise SearchOptionError("item_order names an item twice")
    return tuple(numbers)


def _keyed(
    search: Generator[list[int], None, None],
    keys: list[K] | None,
    limit: int | None,
    stats: Stats,
    counting: bool = False,
) -> Generator[tuple[K, ...], None, None]:
    """The solutions of `search` by key (`keys` None: each option's key is its number); after
    the `limit`-th, the search is closed at once.
    `counting`: `search` may count solutions without handing them over, and `stats` tells
    how many it found."""
    found = 0
    try:
        for numbers in search:
            if keys is None:  # (K is int here: the numbers are the keys)
                solution: tuple[K, ...] = tuple(numbers)  # type: ignore[arg-type]
            else:
                solution = tuple([keys[n] for n in numbers])
            found = stats.solutions if counting else found + 1
            if found == limit:
                search.close()  # restore the links and publish the statistics now
                stats.status = Status.LIMIT
                yield solution
                return
            yield solution
    finally:
        search.close()


KEYWORDS = frozenset(
    {"choose", "limit", "max_nodes", "timeout", "progress", "core", "engine", "layout"}
    | {"memo", "prune", "learn"}
)
"""The keywords of `solve` that `search_settings` takes as they are (with `givens`, `prefer`,
`item_order`, which it numbers, and `stats`, which it leaves to its caller)."""


def count(problem: Problem[K], **options: Unpack[SolveOptions]) -> int:
    """The number of exact covers of `problem` (keyword options as for `solve`). A budget that
    cuts the search short raises `OutOfBudgetError` (the count is unknown), unless `stats` is
    given: then the number found so far is returned and `stats.status` is BUDGET.

    >>> count(Problem.from_options(["a", "b"], [("ab", ["a", "b"]), ("a", ["a"]), ("b", ["b"])]))
    2
    """
    given = options.pop("stats", None)
    stats = Stats() if given is None else given
    found = count_with(problem, search_settings(problem, **options), stats)
    if given is None:
        unknown_unless_exhausted(stats, "count")
    return found


def unknown_unless_exhausted(stats: Stats, what: str) -> None:
    """Raise `OutOfBudgetError` where a budget stopped the search `stats` counted, so that no
    `what` is read as an answer."""
    if stats.status is Status.BUDGET:
        raise OutOfBudgetError(
            f"the search stopped at its budget after {stats.nodes} nodes, {stats.solutions} "
            f"solutions found: the {what} is unknown (stats= gives the figures so far)",
            stats,
        )


def count_with(problem: Problem[K], settings: SearchSettings, stats: Stats) -> int:
    """`count` with its keywords checked already: the solutions up to `settings.limit`, which
    the compiled cores count where they find them, never handing them over."""
    limit = settings.limit
    counting = settings.replace(count_to=NO_LIMIT if limit is None else limit)
    for _ in solve_with(problem, counting, stats):
        pass  # the compiled cores hand over at most the last solution; the others, all
    return stats.solutions


def first(problem: Problem[K], **options: Unpack[SolveOptions]) -> tuple[K, ...] | None:
    """The first exact cover of `problem` in search order, or None when there is none. A
    budget that stops the search before it finds one raises `OutOfBudgetError` (whether there
    is one is unknown), unless `stats` is given: then None, and `stats.status` is BUDGET.

    >>> first(Problem.from_options(["a", "b"], [("ab", ["a", "b"]), ("a", ["a"]), ("b", ["b"])]))
    ('ab',)
    >>> first(Problem.from_options(["a", "b"], [("a", ["a"])])) is None
    True
    """
    given = options.pop("stats", None)
    stats = Stats() if given is None else given
    search = solve(problem, limit=1, stats=stats, **options)  # type: ignore[misc]
    try:
        found = next(search, None)
    finally:
        search.close()
    if found is None and given is None:
        unknown_unless_exhausted(stats, "first solution")
    return found


if TYPE_CHECKING:

    class SearchKeywords(TypedDict, total=False):
        """The keywords a front-end (a puzzle, a tiling, a command) passes on to `solve` to bound
        and watch a search: `limit`, `stats`, `max_nodes`, `timeout` and `progress`, as `solve`
        means them."""

        limit: int | None
        stats: Stats | None
        max_nodes: int | None
        timeout: float | None
        progress: Progress | None

    class SolveOptions(SearchKeywords, total=False):
        """The keywords of `solve`, for `count` and `first`: a wrong name or type is the type
        checker's error, as it is for `solve`."""

        choose: Choice
        givens: Iterable[Any]
        prefer: Iterable[Any]
        item_order: Iterable[Hashable]
        memo: FailureMemo | None
        prune: Prune | None
        learn: Learn | None
        core: CoreName | None
        engine: str
        layout: Layout | None

else:

    def __getattr__(name: str) -> object:
        """`SearchKeywords`, made when a front-end first imports it: a `TypedDict` needs
        `typing`, which `dlx solve` never loads."""
        if name != "SearchKeywords":
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        from typing import TypedDict  # (the plain `dlx solve` loads no `typing`)

        class SearchKeywords(TypedDict, total=False):
            """The keywords a front-end passes on to `solve` to bound and watch a search (as
            the class the checker reads, above)."""

            limit: int | None
            stats: Stats | None
            max_nodes: int | None
            timeout: float | None
            progress: Progress | None

        SearchKeywords.__qualname__ = name
        globals()[name] = SearchKeywords
        return SearchKeywords
