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
  of fewest options, as DLX6) wanders, and the states seldom repeat. Where the given order is
  no frontier (a grid listed along its long side, or shuffled), `auto` takes an order derived
  from the options (`dlx.engines.zdd.order`).

>>> p = Problem.from_options(["a", "b", "c"], [("ab", ["a", "b"]), ("c", ["c"]),
...     ("a", ["a"]), ("bc", ["b", "c"])])
>>> z = zdd(p)
>>> z.count(), list(z.solutions())
(2, [('ab', 'c'), ('a', 'bc')])
>>> z.option_counts()
{'ab': 1, 'c': 1, 'a': 1, 'bc': 1}
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator
from types import GenericAlias

from dlx.engines.settings import check_budget
from dlx.engines.zdd.compiled import build_auto, build_compiled
from dlx.engines.zdd.order import derived_orders, rcm_order, sweep_order
from dlx.engines.zdd.plan import Plan, compile_plan, reorder_plan
from dlx.engines.zdd.twin import ENTRY_BYTES, Builder, ZddStats
from dlx.errors import SearchOptionError
from dlx.problem import Problem

TYPE_CHECKING = False  # as typing's: `dlx solve --zdd` starts without typing and pathlib
if TYPE_CHECKING:
    import random as _random
    from pathlib import Path
    from typing import Generic, Literal, TypeVar

    from dlx.engines.zdd.twin import Nodes

    K = TypeVar("K", bound=Hashable)
    ZddChoice = Literal["frontier", "sweep", "rcm", "mrv", "auto"]
    ZddCore = Literal["compiled", "python"]
else:

    class Generic:
        """What `Zdd` takes of `typing.Generic` at run time (as `dlx.problem`'s)."""

        __class_getitem__ = classmethod(GenericAlias)

    K = "K"

__all__ = ["MEMO_MB", "Zdd", "ZddStats", "rcm_order", "sweep_order", "zdd"]

MEMO_MB = 1024
"""The memo's default cap in megabytes: past it, its entries are given up (counts stay exact)."""


class Zdd(Generic[K]):
    """Every solution of a problem as a ZDD: node `n` (from 2) is (`var[n]`, `lo[n]`, `hi[n]`),
    children numbered before parents; 0 and 1 are the sinks, `root` the whole family."""

    def __init__(
        self,
        keys: list[K],
        dlx6: list[int],
        nodes: Nodes,
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
    order (`choose="sweep"`: for a grid declared row by row along its long side, say) or
    `rcm_order`'s (`choose="rcm"`: reverse Cuthill-McKee on the items' graph);
    `choose="mrv"` branches on the item of fewest options instead (DLX6's choice);
    `choose="auto"` takes the order and the choice that short probes estimate to search
    least: the frontier's order against the sweep's and the reverse Cuthill-McKee order of the
    whole problem (each as its `choose` gives it without `item_order`), then the order kept
    against MRV (see `dlx.engines.zdd.compiled.build_auto`; the frontier without the compiled
    core), and says which in `stats.choice`.
    `memo_mb` caps the memo; past it the memo gives entries up (the compiled search those of
    every other level, the Python one all) and the search goes on, its count still exact.
    Past `max_nodes` search nodes, OutOfBudgetError. `core` picks the compiled search (the
    default when built) or this module's, its reference.
    """
    if choose not in ("frontier", "sweep", "rcm", "mrv", "auto"):
        raise SearchOptionError(
            f"choose must be 'frontier', 'sweep', 'rcm', 'mrv' or 'auto', not {choose!r}"
        )
    if not memo_mb > 0:
        raise ValueError(f"memo_mb must be positive, not {memo_mb}")
    check_budget(None, max_nodes)
    derive = {"sweep": sweep_order, "rcm": rcm_order}.get(choose)
    plan = compile_plan(problem, item_order, rest=derive(problem) if derive else ())
    max_entries = max(1, int(memo_mb * 2**20 / ENTRY_BYTES))
    if core != "python":
        required = core == "compiled"
        if choose == "auto":
            others = _derived(plan, problem)
            built = build_auto(plan, others, memo_mb, max_nodes, required=required)
        else:
            mrv = choose == "mrv"
            built = build_compiled(plan, memo_mb, max_nodes, required=required, mrv=mrv)
        if built is not None:
            nodes, root, stats = built
            stats.choice = choose if choose != "auto" else stats.choice
            return Zdd(list(problem.keys), plan.dlx6, nodes, root, stats)
    picked = "frontier" if choose == "auto" else choose
    nodes, root, stats = Builder(plan, picked, max_entries, max_nodes).run()
    stats.choice = picked
    return Zdd(list(problem.keys), plan.dlx6, nodes, root, stats)


def _derived(plan: Plan, problem: Problem[K]) -> Iterator[tuple[str, Plan]]:
    """`plan` in each order `derived_orders` derives from the whole problem, by its choice's
    name, each made when asked for."""
    for choice, order in derived_orders(problem):
        yield choice, reorder_plan(plan, problem, order)
