"""The public search API: a lazy generator of solutions and its small helpers."""

from __future__ import annotations

import math
from collections.abc import Generator, Hashable, Iterable
from inspect import signature
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from dlx.cores.counters import NO_LIMIT
from dlx.errors import BudgetError, UnknownItemError
from dlx.problem import Problem
from dlx.stats import Stats, Status

if TYPE_CHECKING:
    from dlx.cores.links import Learn, Progress, Prune
    from dlx.cores.links_core import CoreName
    from dlx.memo import FailureMemo  # only named here: a search without a memo never loads it

K = TypeVar("K", bound=Hashable)
Choice = Literal["mrv", "first", "sweep"]
"""Item choice: `mrv` takes the item with the fewest remaining options (leftmost on ties, as DLX1;
with multiplicities, the smallest branching degree, as DLX3); `first` takes the first uncovered
primary item in declaration order; `sweep` does the same, except that an item left with a single
way to go (or none) is taken first, so forced moves and dead ends show at once. Declaring items
in a sweep order (say, cells row by row) keeps what is covered compact, so the states a memo
remembers recur more often; on some problems that beats `mrv` by far, on others it loses."""


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
    `engine="cells"` runs Knuth's SSXCC instead (dancing cells, `dlx.cores.cells_core`):
    its own item choice and counts, and no hooks, memo, multiplicities or orders.
    `DLX_CORE` in the environment picks it when `core` is not given (see
    `dlx.cores.links_core`); the few problems the compiled core cannot take (a multiplicity
    over 2**40) run on Python.
    Arguments are checked at once, before the first solution is asked for.
    """
    return _search(problem, 0, locals())


def _search(
    problem: Problem[K], count_to: int, settings: dict[str, Any]
) -> Generator[tuple[K, ...], None, None]:
    """`solve(problem, **settings)`; on the compiled cores the solutions before the
    `count_to`-th are counted where they are found, never handed over (`count`)."""
    choose, limit, stats = settings["choose"], settings["limit"], settings["stats"]
    memo, prune, learn = settings["memo"], settings["prune"], settings["learn"]
    max_nodes, timeout, progress = settings["max_nodes"], settings["timeout"], settings["progress"]
    counting = count_to > 0
    if choose not in ("mrv", "first", "sweep"):
        raise ValueError(f"choose must be 'mrv', 'first' or 'sweep', not {choose!r}")
    if limit is not None and limit < 1:
        raise ValueError(f"limit must be at least 1 (None: no limit), not {limit}")
    check_budget(timeout, max_nodes)
    if settings["engine"] != "links":
        from dlx.cores.cells_core import search_for

        stats = settings["stats"] = stats if stats is not None else Stats()
        cells = search_for(problem, stats, settings, count_to)
        return _keyed(cells, problem.keys, limit, stats, counting)
    general = (
        memo is not None or learn is not None or problem.has_multiplicities or problem.has_colours
    )
    given = [problem.option_number(key) for key in settings["givens"]]
    preferred = [problem.option_number(key) for key in settings["prefer"]]
    if preferred and not general:
        raise ValueError("preferred options need the general search (multiplicities or a memo)")
    ordered = _item_numbers(problem, settings["item_order"])
    stats = stats if stats is not None else Stats()
    stats.engine, stats.core = "links", ""  # (a Stats object may have served another engine)
    from dlx.cores.links_core import compiled_supports, pick_core, search_compiled  # links only

    if pick_core(settings["core"]) == "compiled" and compiled_supports(problem):
        compiled = search_compiled(
            problem,
            stats,
            general=general,
            choose=choose,
            givens=given,
            prefer=preferred,
            item_order=ordered,
            memo=memo,
            prune=prune,
            learn=learn,
            max_nodes=max_nodes,
            timeout=timeout,
            progress=progress,
            count_to=count_to,
        )
        return _keyed(compiled, problem.keys, limit, stats, counting)
    from dlx.cores.links import links_of  # a compiled search never loads the Python engine

    links = links_of(problem)
    if memo is not None:
        memo.bind(links, problem)
    if general:
        # Imported here: a search on the compiled core never loads the pure-Python engine.
        from dlx.cores.multiplicity import search_m

        search = search_m(
            links,
            stats,
            choose=choose,
            givens=given,
            prefer=preferred,
            item_order=ordered,
            memo=memo,
            prune=prune,
            learn=learn,
            max_nodes=max_nodes,
            timeout=timeout,
            progress=progress,
        )
    else:
        search = links.search(
            stats,
            choose=choose,
            givens=given,
            item_order=ordered,
            prune=prune,
            max_nodes=max_nodes,
            timeout=timeout,
            progress=progress,
        )
    return _keyed(search, problem.keys, limit, stats)


def check_budget(timeout: float | None, max_nodes: int | None) -> None:
    """Refuse a `timeout` that is not a positive finite number of seconds, or `max_nodes` < 1.

    >>> check_budget(0.5, 1)
    >>> check_budget(float("inf"), None)
    Traceback (most recent call last):
    ...
    dlx.errors.BudgetError: timeout must be a positive finite number of seconds, not inf
    """
    if timeout is not None and not (math.isfinite(timeout) and timeout > 0):
        raise BudgetError(f"timeout must be a positive finite number of seconds, not {timeout}")
    if max_nodes is not None and max_nodes < 1:
        raise BudgetError(f"max_nodes must be at least 1, not {max_nodes}")


def _item_numbers(problem: Problem[K], items: Iterable[Hashable]) -> list[int]:
    """The numbers of the primary `items`, each named once."""
    numbers = []
    for item in items:
        number = problem.index.get(item)
        if number is None:
            raise UnknownItemError(f"item_order names unknown item {item!r}")
        if number >= problem.primary_count:
            raise ValueError(f"item_order names {item!r}, which is not a primary item")
        numbers.append(number)
    if len(set(numbers)) != len(numbers):
        raise ValueError("item_order names an item twice")
    return numbers


def _keyed(
    search: Generator[list[int], None, None],
    keys: list[K],
    limit: int | None,
    stats: Stats,
    counting: bool = False,
) -> Generator[tuple[K, ...], None, None]:
    """The solutions of `search` by key; after the `limit`-th, the search is closed at once.
    `counting`: `search` may count solutions without handing them over, and `stats` tells
    how many it found."""
    found = 0
    try:
        for numbers in search:
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


def count(problem: Problem[K], **options: object) -> int:
    """The number of exact covers of `problem` (keyword options as for `solve`).

    >>> count(Problem.from_options(["a", "b"], [("ab", ["a", "b"]), ("a", ["a"]), ("b", ["b"])]))
    2
    """
    stats = options.get("stats")
    bound = signature(solve).bind(problem, **{**options, "stats": stats or Stats()})
    bound.apply_defaults()
    settings = dict(bound.arguments)
    del settings["problem"]
    limit = settings["limit"]
    for _ in _search(problem, NO_LIMIT if limit is None else limit, settings):
        pass  # the compiled cores hand over at most the last solution; the others, all
    return int(settings["stats"].solutions)


def first(problem: Problem[K], **options: object) -> tuple[K, ...] | None:
    """The first exact cover of `problem` in search order, or None when there is none.

    >>> first(Problem.from_options(["a", "b"], [("ab", ["a", "b"]), ("a", ["a"]), ("b", ["b"])]))
    ('ab',)
    >>> first(Problem.from_options(["a", "b"], [("a", ["a"])])) is None
    True
    """
    search = solve(problem, limit=1, **options)  # type: ignore[arg-type]
    try:
        return next(search, None)
    finally:
        search.close()
