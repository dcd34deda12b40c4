"""Two exact-cover oracles that share no code with `dlx`: brute force and Assaf's Algorithm X.

Both take a problem as plain data (primary items, secondary items, `(key, items)` options) and
return every solution as a frozenset of option keys, so the tests compare them with the engine as
sets, whatever order each finds its solutions in.

A solution covers every primary item exactly once and no item twice. As in Knuth's Algorithm X,
which only ever branches on primary items, an option naming no primary item is never chosen.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterator, Sequence
from itertools import combinations

Item = Hashable
Key = Hashable
Option = tuple[Key, Sequence[Item]]
Solution = frozenset[Key]
Columns = dict[Item, set[Key]]
"""Assaf's X: each live item to the set of keys of the live options that name it."""
Rows = dict[Key, Sequence[Item]]
"""Assaf's Y: each option's key to its items."""


def brute_force(
    primary: Sequence[Item], secondary: Sequence[Item], options: Sequence[Option]
) -> set[Solution]:
    """Every subset of the options that is an exact cover, found by trying them all."""
    primary_items = set(primary)
    usable = [option for option in options if not primary_items.isdisjoint(option[1])]
    solutions: set[Solution] = set()
    for size in range(len(usable) + 1):
        for subset in combinations(usable, size):
            if _is_exact_cover(primary, secondary, subset):
                solutions.add(frozenset(key for key, _ in subset))
    return solutions


def _is_exact_cover(
    primary: Sequence[Item], secondary: Sequence[Item], subset: Sequence[Option]
) -> bool:
    """Whether `subset` covers each primary item once and each secondary item at most once."""
    covered = Counter(item for _, items in subset for item in items)
    return all(covered[item] == 1 for item in primary) and all(
        covered[item] <= 1 for item in secondary
    )


def algorithm_x(
    primary: Sequence[Item], secondary: Sequence[Item], options: Sequence[Option]
) -> set[Solution]:
    """Every exact cover, by Ali Assaf's dict-of-sets Algorithm X extended to secondary items."""
    columns: Columns = {item: set() for item in [*primary, *secondary]}
    rows: Rows = {}
    for key, items in options:
        rows[key] = items
        for item in items:
            columns[item].add(key)
    return {frozenset(keys) for keys in _search(columns, rows, primary, [])}


def _search(
    columns: Columns, rows: Rows, primary: Sequence[Item], partial: list[Key]
) -> Iterator[list[Key]]:
    """Yield each completion of `partial`, branching on the live primary item with fewest options.

    Secondary items leave `columns` when an option covering them is selected, like primary ones,
    but are never branched on, so they may stay uncovered.
    """
    live = [item for item in primary if item in columns]
    if not live:
        yield list(partial)
        return
    item = min(live, key=lambda name: len(columns[name]))
    for key in list(columns[item]):
        partial.append(key)
        removed = _select(columns, rows, key)
        yield from _search(columns, rows, primary, partial)
        _deselect(columns, rows, key, removed)
        partial.pop()


def _select(columns: Columns, rows: Rows, key: Key) -> list[set[Key]]:
    """Remove the items of option `key` and every option clashing with it; return the columns."""
    removed: list[set[Key]] = []
    for item in rows[key]:
        for other in columns[item]:
            for other_item in rows[other]:
                if other_item != item:
                    columns[other_item].remove(other)
        removed.append(columns.pop(item))
    return removed


def _deselect(columns: Columns, rows: Rows, key: Key, removed: list[set[Key]]) -> None:
    """Undo `_select(columns, rows, key)`, restoring the columns in reverse order."""
    for item in reversed(rows[key]):
        columns[item] = removed.pop()
        for other in columns[item]:
            for other_item in rows[other]:
                if other_item != item:
                    columns[other_item].add(other)


Bounds = dict[Item, tuple[int, int]]
"""Each primary item with a multiplicity to its (low, high); the others default to (1, 1)."""


def brute_force_bounded(
    primary: Sequence[Item],
    secondary: Sequence[Item],
    options: Sequence[Option],
    bounds: Bounds,
    givens: Sequence[Key] = (),
) -> set[Solution]:
    """Every set of options holding `givens` whose covers respect the bounds, by trying them all.

    A primary item with bounds (low, high) is covered between low and high times (once when it
    has none), a secondary item at most once. The givens are chosen in advance, whatever their
    items; of the other options only those naming a primary item take part. Naming one option
    twice among the givens leaves no solution, since a solution is a set of options.
    """
    if len(set(givens)) != len(givens):
        return set()
    items = dict(options)
    forced = [(key, items[key]) for key in givens]
    primary_items = set(primary)
    usable = [
        option
        for option in options
        if option[0] not in givens and not primary_items.isdisjoint(option[1])
    ]
    solutions: set[Solution] = set()
    for size in range(len(usable) + 1):
        for subset in combinations(usable, size):
            chosen = [*forced, *subset]
            if _respects_bounds(primary, secondary, bounds, chosen):
                solutions.add(frozenset(key for key, _ in chosen))
    return solutions


def _respects_bounds(
    primary: Sequence[Item], secondary: Sequence[Item], bounds: Bounds, chosen: Sequence[Option]
) -> bool:
    """Whether `chosen` covers each primary item within its bounds and no secondary item twice."""
    covered = Counter(item for _, items in chosen for item in items)
    for item in primary:
        low, high = bounds.get(item, (1, 1))
        if not low <= covered[item] <= high:
            return False
    return all(covered[item] <= 1 for item in secondary)


Colours = dict[Key, dict[Item, Hashable]]
"""Each option's key to the colours it gives its secondary items (an item not listed: none)."""


def brute_force_coloured(
    primary: Sequence[Item],
    secondary: Sequence[Item],
    options: Sequence[Option],
    bounds: Bounds,
    colours: Colours,
    givens: Sequence[Key] = (),
) -> set[Solution]:
    """Every set of options holding `givens` that respects the bounds and the colours, by trying
    them all.

    Primary items and givens are as in `brute_force_bounded`. A secondary item is used at most
    once, or by any number of options that all give it one same colour.
    """
    if len(set(givens)) != len(givens):
        return set()
    items = dict(options)
    forced = [(key, items[key]) for key in givens]
    primary_items = set(primary)
    usable = [
        option
        for option in options
        if option[0] not in givens and not primary_items.isdisjoint(option[1])
    ]
    solutions: set[Solution] = set()
    for size in range(len(usable) + 1):
        for subset in combinations(usable, size):
            chosen = [*forced, *subset]
            if _respects_bounds(primary, (), bounds, chosen) and _colours_agree(
                secondary, colours, chosen
            ):
                solutions.add(frozenset(key for key, _ in chosen))
    return solutions


def _colours_agree(secondary: Sequence[Item], colours: Colours, chosen: Sequence[Option]) -> bool:
    """Whether each secondary item is used once at most, or only by options of one same colour."""
    for item in secondary:
        uses = [colours.get(key, {}).get(item) for key, items in chosen if item in items]
        if len(uses) > 1 and (None in uses or len(set(uses)) > 1):
            return False
    return True
