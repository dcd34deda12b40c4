"""Count what cannot be listed: a ZDD of every solution (Knuth's Algorithm Z, his DLX6).

The search branches as Algorithm X does, but remembers each sub-problem it has solved, keyed by
its *state*: the items covered so far (a bit each), with the colour each coloured secondary item
holds and how often each item of a multiplicity was covered. A state met again costs one look-up.
What a state leads to is a node of a zero-suppressed decision diagram (Minato's ZDD): a node is
(option, lo, hi), made unique through one table; `hi` is the family of the sub-solutions that
take the option, `lo` the family of those that take a later option of the same item. The sinks
are 0 (no solution) and 1 (the empty solution). Counts are Python integers summed bottom up, so
they are exact at any size; a uniformly random solution is drawn top down with probabilities
from those counts.

Glossary:
- *state*: one int, the covered items' bits, then the colours' fields, then the tallies';
- *exact item*: a primary item covered exactly once, the only kind the search branches on;
- *tally*: a primary item with another multiplicity, counted in the state and checked at the end
  (every option must then name an exact item, or the search could miss solutions);
- *frontier order*: the search takes the first uncovered exact item in a fixed order. With a
  grid's cells in reading order (`item_order` or the declaration), what is covered beyond that
  item is a thin frontier, so the states are few and recur (a sweep-line count); `mrv` (the item
  of fewest options, as DLX6) wanders, and the states seldom repeat.

>>> p = Problem.from_options(["a", "b", "c"], [("ab", ["a", "b"]), ("c", ["c"]),
...     ("a", ["a"]), ("bc", ["b", "c"])])
>>> z = zdd(p)
>>> z.count(), list(z.solutions())
(2, [('ab', 'c'), ('a', 'bc')])
>>> z.option_counts()
{'ab': 1, 'c': 1, 'a': 1, 'bc': 1}
"""

from __future__ import annotations

import random as _random
import sys
from collections.abc import Hashable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, Literal, TypeVar

from dlx.errors import BudgetError, ZddUnsupportedError
from dlx.problem import Problem
from dlx.solve import check_budget

K = TypeVar("K", bound=Hashable)
ZddChoice = Literal["frontier", "sweep", "mrv"]
ZddCore = Literal["compiled", "python"]

MEMO_MB = 1024
"""The memo's default cap in megabytes: past it, its entries are given up (counts stay exact)."""
ENTRY_BYTES = 120
"""What one memo entry costs the Python reference, roughly (a dict slot, its key int, its value)."""


@dataclass
class ZddStats:
    """How a ZDD was built: search nodes, memo hits, entries made, entries given up past the
    cap, the memo's peak size in bytes (estimated in Python), and the core that built it."""

    nodes: int = 0
    hits: int = 0
    entries: int = 0
    given_up: int = 0
    bytes: int = 0
    core: str = "python"


@dataclass
class Plan:
    """A problem compiled to bits: what the Python search and the compiled one both read.

    `branch[i]` lists the options of the `i`-th exact item in the order added; `masks[o]` has the
    bits of the exact and secondary items option `o` covers; `paints[o]` its colours as
    (item bit, field shift, colour); `tallies[o]` the field shifts of its multiplicity items."""

    exact: int  # the number of exact items: bits 0..exact-1
    branch: list[list[int]]
    masks: list[int]
    paints: list[tuple[tuple[int, int, int], ...]]
    tallies: list[tuple[int, ...]]
    field_width: int  # bits per colour field and per tally field
    lows: list[tuple[int, int]]  # (field shift, least count) of each tally
    highs: dict[int, int]  # field shift -> most count, of each tally
    dlx6: list[int]  # each option's number as DLX6 numbers it (0: never chosen)

    @property
    def plain(self) -> bool:
        """Whether no option has colours or tallies: the state is the covered bits alone."""
        return not self.lows and not any(self.paints)


class Zdd(Generic[K]):
    """Every solution of a problem as a ZDD: node `n` (from 2) is (`var[n]`, `lo[n]`, `hi[n]`),
    children numbered before parents; 0 and 1 are the sinks, `root` the whole family."""

    def __init__(
        self,
        keys: list[K],
        dlx6: list[int],
        nodes: tuple[list[int], list[int], list[int]],
        root: int,
        stats: ZddStats,
    ) -> None:
        self.keys = keys
        self.dlx6 = dlx6
        self.var, self.lo, self.hi = nodes
        self.root = root
        self.stats = stats
        self._counts: list[int] | None = None

    @property
    def node_count(self) -> int:
        """The number of nodes, sinks left out."""
        return len(self.var) - 2

    def counts(self) -> list[int]:
        """How many solutions each node stands for, summed bottom up (kept)."""
        if self._counts is None:
            counts = [0, 1]
            for lo, hi in zip(self.lo[2:], self.hi[2:], strict=True):
                counts.append(counts[lo] + counts[hi])
            self._counts = counts
        return self._counts

    def count(self) -> int:
        """The number of solutions, exact at any size."""
        return self.counts()[self.root]

    def solutions(self) -> Iterator[tuple[K, ...]]:
        """Each solution as a tuple of option keys, lazily, in search order."""
        stack = [(self.root, 0)]
        chosen: list[int] = []
        while stack:
            node, depth = stack.pop()
            del chosen[depth:]
            while node > 1:
                stack.append((self.lo[node], len(chosen)))
                chosen.append(self.var[node])
                node = self.hi[node]
            if node == 1:
                yield tuple([self.keys[o] for o in chosen])

    def random(self, rng: _random.Random) -> tuple[K, ...] | None:
        """A solution drawn uniformly at random with `rng` (None when there is none)."""
        counts = self.counts()
        node = self.root
        if counts[node] == 0:
            return None
        chosen: list[int] = []
        while node > 1:
            if rng.randrange(counts[node]) < counts[self.hi[node]]:
                chosen.append(self.var[node])
                node = self.hi[node]
            else:
                node = self.lo[node]
        return tuple([self.keys[o] for o in chosen])

    def option_counts(self) -> dict[K, int]:
        """How many solutions take each option, by key (every option, in the order added)."""
        counts = self.counts()
        reach = [0] * len(self.var)
        reach[self.root] = 1
        per = [0] * len(self.keys)
        for node in range(len(self.var) - 1, 1, -1):
            ways = reach[node]
            if ways:
                reach[self.lo[node]] += ways
                reach[self.hi[node]] += ways
                per[self.var[node]] += ways * counts[self.hi[node]]
        return dict(zip(self.keys, per, strict=True))

    def lines(self) -> Iterator[str]:
        """The ZDD in the text DLX6 prints (ZDDREAD's format): `id: (~option?lo:hi)` in hex
        but the option (decimal, numbered from 1 as DLX6 numbers them), children first, and a
        dummy root last: `id: (~0?0:root)`."""
        for node in range(2, len(self.var)):
            var = self.dlx6[self.var[node]]
            yield f"{node:x}: (~{var}?{self.lo[node]:x}:{self.hi[node]:x})"
        yield f"{len(self.var):x}: (~0?0:{self.root:x})"

    def write(self, path: str | Path) -> None:
        """Write `lines()` to the file `path`."""
        with open(path, "w", encoding="ascii") as handle:
            handle.writelines(line + "\n" for line in self.lines())


def zdd(
    problem: Problem[K],
    *,
    choose: ZddChoice = "frontier",
    item_order: Iterable[Hashable] = (),
    memo_mb: float = MEMO_MB,
    max_nodes: int | None = None,
    core: ZddCore | None = None,
) -> Zdd[K]:
    """The ZDD of every solution of `problem` (see the module's notes).

    >>> p = Problem.from_options(["a", "b"], [("ab", ["a", "b"]), ("a", ["a"]), ("b", ["b"])])
    >>> zdd(p).count()
    2

    The search branches on the first uncovered item of a fixed order: the primary items named
    in `item_order`, then the others as declared (`choose="frontier"`), or in `sweep_order`'s
    order (`choose="sweep"`: for a grid declared row by row along its long side, say);
    `choose="mrv"` branches on the item of fewest options instead (DLX6's choice; Python only).
    `memo_mb` caps the memo; past it the memo is emptied and the search goes on, its count still
    exact. Past `max_nodes` search nodes, BudgetError. `core` picks the compiled search (the
    default when built and the problem fits it: no colours, no counted multiplicities, not
    `mrv`) or this module's, its reference.
    """
    if choose not in ("frontier", "sweep", "mrv"):
        raise ValueError(f"choose must be 'frontier', 'sweep' or 'mrv', not {choose!r}")
    if not memo_mb > 0:
        raise ValueError(f"memo_mb must be positive, not {memo_mb}")
    check_budget(None, max_nodes)
    plan = compile_plan(problem, item_order, sweep=choose == "sweep")
    max_entries = max(1, int(memo_mb * 2**20 / ENTRY_BYTES))
    if core != "python" and choose != "mrv" and plan.plain:
        from dlx.cores.zdd_compiled import build_compiled

        built = build_compiled(plan, memo_mb, max_nodes, required=core == "compiled")
        if built is not None:
            nodes, root, stats = built
            return Zdd(list(problem.keys), plan.dlx6, nodes, root, stats)
    elif core == "compiled":
        raise ZddUnsupportedError(
            "the compiled ZDD search takes the frontier order without colours or multiplicities"
        )
    return _Builder(plan, choose, max_entries, max_nodes).run(list(problem.keys))


def compile_plan(
    problem: Problem[K], item_order: Iterable[Hashable] = (), *, sweep: bool = False
) -> Plan:
    """The problem's items as bits and fields; the exact items in the frontier's order: those
    named in `item_order`, then the others as declared, or with `sweep` in `sweep_order`'s."""
    exact_items = _exact_order(problem, item_order, sweep)
    bit = {item: number for number, item in enumerate(exact_items)}
    tallied = [
        i
        for i in range(problem.primary_count)
        if problem.bounds[i] != (1, 1) and not _implied(problem, i, len(exact_items))
    ]
    secondary = range(problem.primary_count, problem.item_count)
    for number, item in enumerate(secondary, start=len(bit)):
        bit[item] = number
    colours = len(problem.colour_names)
    most = max([colours, *(problem.bounds[i][1] for i in tallied)], default=0)
    width = max(1, most.bit_length())
    shift = {}
    start = len(bit)
    for item in [*secondary, *tallied]:
        shift[item], start = start, start + width
    plan = Plan(len(exact_items), [[] for _ in exact_items], [], [], [], width, [], {}, [])
    for i in tallied:
        plan.lows.append((shift[i], problem.bounds[i][0]))
        plan.highs[shift[i]] = problem.bounds[i][1]
    numbered = 0
    for o, (items, colours_of) in enumerate(zip(problem.options, problem.colours, strict=True)):
        _add_option(plan, o, items, colours_of, bit, shift, tallied)
        has_primary = any(i < problem.primary_count for i in items)
        numbered += has_primary
        plan.dlx6.append(numbered if has_primary else 0)
    return plan


def _implied(problem: Problem[K], item: int, exact: int) -> bool:
    """Whether every solution covers the multiplicity `item` a number of times its bounds allow,
    as when every option names it and `k` exact items (`exact / k` dominoes tile a board): the
    search then need not count it, and the compiled one can run."""
    low, high = problem.bounds[item]
    first = problem.bounds[: problem.primary_count]
    sizes = set()
    for items in problem.options:
        if item not in items:
            return False
        sizes.add(sum(1 for i in items if i < problem.primary_count and first[i] == (1, 1)))
        if len(sizes) > 1:
            return False
    size = sizes.pop() if sizes else 0
    return size > 0 and exact % size == 0 and low <= exact // size <= high


def _exact_order(problem: Problem[K], item_order: Iterable[Hashable], sweep: bool) -> list[int]:
    """The exact items' numbers: those named in `item_order` first, the others as declared or
    in `sweep_order`'s order."""
    first = []
    for name in item_order:
        number = problem.index.get(name)
        if number is None or number >= problem.primary_count:
            raise ZddUnsupportedError(f"item_order names {name!r}, which is not a primary item")
        first.append(number)
    if len(set(first)) != len(first):
        raise ZddUnsupportedError("item_order names an item twice")
    named = set(first)
    others = sweep_order(problem) if sweep else range(problem.primary_count)
    rest = [i for i in others if i not in named and problem.bounds[i] == (1, 1)]
    return [i for i in first if problem.bounds[i] == (1, 1)] + rest


CLOSEST = 4
"""In `sweep_order` each item is tied to the items it shares the most options with, this many
(ties kept), when the tie is mutual: a grid's cells to their neighbours, never to a piece that
every placement of it names (a hub, that on the frontier would make every state differ)."""
LONG_OPTION = 32
"""Options naming more items than this tie none of them together in `sweep_order`."""
MOST_PAIRS = 4_000_000
"""Past this many pairs of items in options, `sweep_order` keeps the declaration order."""


def sweep_order(problem: Problem[K]) -> list[int]:
    """The exact items in an order of small profile (Cuthill and McKee's): a breadth-first
    sweep from an item far from the others over the ties of `CLOSEST`, items of fewest ties
    first; items with no tie last. On a grid this sweeps the board by diagonals, whatever its
    shape, so what lies covered beyond the first uncovered item stays a thin frontier.

    >>> p = Problem.from_options(["a", "b", "c"], [(1, ["a", "b"]), (2, ["b", "c"])])
    >>> sweep_order(p)
    [2, 1, 0]
    """
    exact = [i for i in range(problem.primary_count) if problem.bounds[i] == (1, 1)]
    near = _ties(problem, exact)
    if near is None:
        return exact
    degree = {i: len(near[i]) for i in exact}
    for i in exact:
        near[i] = dict.fromkeys(sorted(near[i], key=degree.__getitem__))
    order: list[int] = []
    seen: set[int] = set()
    for i in exact:
        if i not in seen and near[i]:
            order += _sweep(_far_end(i, near, degree), near, seen)
    return order + [i for i in exact if not near[i]]


def _ties(problem: Problem[K], exact: list[int]) -> dict[int, dict[int, None]] | None:
    """Each exact item's mutual ties (see `CLOSEST`); None when the options are too many."""
    if sum(min(len(o), LONG_OPTION) ** 2 for o in problem.options) > MOST_PAIRS:
        return None
    shared: dict[int, dict[int, int]] = {i: {} for i in exact}
    for items in problem.options:
        mine = [i for i in items if i in shared]
        if len(mine) <= LONG_OPTION:
            for i in mine:
                row = shared[i]
                for j in mine:
                    if j != i:
                        row[j] = row.get(j, 0) + 1
    closest = {}
    for i, row in shared.items():
        ranked = sorted(row.values(), reverse=True)
        least = ranked[min(CLOSEST, len(ranked)) - 1] if ranked else 0
        closest[i] = {j for j, times in row.items() if times >= least}
    return {i: {j: None for j in shared[i] if j in closest[i] and i in closest[j]} for i in exact}


def _sweep(start: int, near: dict[int, dict[int, None]], seen: set[int]) -> list[int]:
    """The items reached breadth first from `start`, marked seen."""
    order = [start]
    seen.add(start)
    for item in order:
        for other in near[item]:
            if other not in seen:
                seen.add(other)
                order.append(other)
    return order


def _far_end(start: int, near: dict[int, dict[int, None]], degree: dict[int, int]) -> int:
    """An item about as far as any from the others (George and Liu's pseudo-peripheral item):
    from `start`, the last level's item of fewest neighbours, while the levels grow."""
    depth = -1
    for _ in range(8):
        levels = _levels(start, near)
        if len(levels) <= depth:
            break
        depth = len(levels)
        start = min(levels[-1], key=lambda i: (degree[i], i))
    return start


def _levels(start: int, near: dict[int, dict[int, None]]) -> list[list[int]]:
    """The breadth-first levels from `start`."""
    levels = [[start]]
    seen = {start}
    while True:
        level = []
        for i in levels[-1]:
            for j in near[i]:
                if j not in seen:
                    seen.add(j)
                    level.append(j)
        if not level:
            return levels
        levels.append(level)


def _add_option(
    plan: Plan,
    o: int,
    items: tuple[int, ...],
    colours: tuple[int, ...],
    bit: dict[int, int],
    shift: dict[int, int],
    tallied: list[int],
) -> None:
    """Option `o` as a mask, its colours and its tallies, listed under its exact items."""
    mask = 0
    paints = []
    tallies = []
    for item, colour in zip(items, colours, strict=True):
        if item in bit:
            mask |= 1 << bit[item] if not colour else 0
            if colour:
                paints.append((bit[item], shift[item], colour))
            elif bit[item] < plan.exact:
                plan.branch[bit[item]].append(o)
        elif item in shift:  # (a multiplicity `_implied` holds is left out)
            tallies.append(shift[item])
    if tallied and not any(bit.get(i, plan.exact) < plan.exact for i in items):
        raise ZddUnsupportedError(
            f"option {o + 1} covers no primary item of multiplicity 1: "
            "the ZDD search branches only on those"
        )
    plan.masks.append(mask)
    plan.paints.append(tuple(paints))
    plan.tallies.append(tuple(tallies))


class _Builder:
    """One search of a plan, building the ZDD's nodes and the memo."""

    def __init__(
        self, plan: Plan, choose: ZddChoice, max_entries: int, max_nodes: int | None
    ) -> None:
        self.plan = plan
        self.max_nodes = max_nodes
        self.mrv = choose == "mrv"
        self.max_entries = max_entries
        self.full = (1 << plan.exact) - 1
        self.fmask = (1 << plan.field_width) - 1
        self.memo: dict[int, int] = {}
        self.unique: dict[tuple[int, int, int], int] = {}
        self.nodes: tuple[list[int], list[int], list[int]] = ([0, 0], [0, 0], [0, 0])
        self.stats = ZddStats()

    def run(self, keys: list[K]) -> Zdd[K]:
        """Search from the empty state; the ZDD of what it finds."""
        depth = sys.getrecursionlimit()
        sys.setrecursionlimit(max(depth, self.plan.exact + 1000))
        try:
            root = self.build(0)
        finally:
            sys.setrecursionlimit(depth)
        return Zdd(keys, self.plan.dlx6, self.nodes, root, self.stats)

    def build(self, state: int) -> int:
        """The ZDD node of the sub-problem `state` leaves."""
        node = self.memo.get(state)
        if node is not None:
            self.stats.hits += 1
            return node
        self.stats.nodes += 1
        if self.max_nodes is not None and self.stats.nodes > self.max_nodes:
            raise BudgetError(f"the ZDD search passed max_nodes ({self.max_nodes})")
        free = ~state & self.full
        if not free:
            return self._end(state)
        item = self._choose(state, free)
        chain = 0
        # The options go in reverse, so that the chain's head is the first option added: the
        # ZDD lists solutions in DLX's order, and the compiled search numbers nodes alike.
        for o in reversed(self.plan.branch[item]):
            after = self._take(state, o)
            if after is not None:
                sub = self.build(after)
                if sub:
                    chain = self._node(o, chain, sub)
        self._remember(state, chain)
        return chain

    def _end(self, state: int) -> int:
        """Every exact item is covered: 1 if each tally reached its least count, else 0."""
        for shift, least in self.plan.lows:
            if (state >> shift) & self.fmask < least:
                return 0
        return 1

    def _choose(self, state: int, free: int) -> int:
        """The exact item to branch on: the frontier's first, or the one of fewest options."""
        if not self.mrv:
            return (free & -free).bit_length() - 1
        best, fewest = -1, -1
        while free:
            low = free & -free
            item = low.bit_length() - 1
            free ^= low
            ways = sum(1 for o in self.plan.branch[item] if self._take(state, o) is not None)
            if fewest < 0 or ways < fewest:
                best, fewest = item, ways
                if ways <= 1:
                    break
        return best

    def _take(self, state: int, o: int) -> int | None:
        """The state after option `o`, or None when it clashes with `state`."""
        plan = self.plan
        if state & plan.masks[o]:
            return None
        state |= plan.masks[o]
        for bit, shift, colour in plan.paints[o]:
            if state >> bit & 1:
                if (state >> shift) & self.fmask != colour:
                    return None
            else:
                state |= 1 << bit | colour << shift
        for shift in plan.tallies[o]:
            if (state >> shift) & self.fmask >= plan.highs[shift]:
                return None
            state += 1 << shift
        return state

    def _node(self, var: int, lo: int, hi: int) -> int:
        """The unique node (var, lo, hi)."""
        key = (var, lo, hi)
        node = self.unique.get(key)
        if node is None:
            node = len(self.nodes[0])
            self.unique[key] = node
            self.nodes[0].append(var)
            self.nodes[1].append(lo)
            self.nodes[2].append(hi)
        return node

    def _remember(self, state: int, node: int) -> None:
        """Keep `state`'s node; past the cap, give the memo's entries up first."""
        if len(self.memo) >= self.max_entries:
            self.stats.given_up += len(self.memo)
            self.memo.clear()
        self.memo[state] = node
        self.stats.entries += 1
        self.stats.bytes = max(self.stats.bytes, len(self.memo) * ENTRY_BYTES)
