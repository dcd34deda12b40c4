"""How does the ZDD search run in Python? Algorithm Z on a plan (`dlx.engines.zdd.plan`): branch on
the first uncovered exact item (or the one of fewest options), remember each state's node, make
each node unique; the reference the compiled search (`dlx.engines.zdd.compiled`) is held to."""

from __future__ import annotations

import sys

from dlx.engines.zdd.plan import Plan
from dlx.errors import OutOfBudgetError
from dlx.stats import Record

Nodes = tuple[list[int], list[int], list[int]]
"""A ZDD's nodes as three lists, var, lo and hi, by node number (0 and 1 the sinks)."""

ENTRY_BYTES = 120
"""What one memo entry costs the Python reference, roughly (a dict slot, its key int, its value)."""


class ZddStats(Record):
    """How a ZDD was built: search nodes, memo hits, entries made, entries given up past the
    cap, the memo's peak size in bytes (estimated in Python), the core that built it and the
    choice it branched by (`choose="auto"` says which it took).

    Written out as the dataclass it was (constructor, defaults; repr and equality from
    `dlx.stats.Record`), as `dlx.Stats` is: `dataclasses` would cost `dlx solve --zdd` 7 ms."""

    nodes: int
    hits: int
    entries: int
    given_up: int
    bytes: int
    core: str
    choice: str

    __match_args__ = ("nodes", "hits", "entries", "given_up", "bytes", "core", "choice")
    """The fields, in order: the constructor's arguments and the repr's."""

    def __init__(
        self,
        nodes: int = 0,
        hits: int = 0,
        entries: int = 0,
        given_up: int = 0,
        bytes: int = 0,  # (the field's name, as the dataclass had it)
        core: str = "python",
        choice: str = "frontier",
    ) -> None:
        self.nodes = nodes
        self.hits = hits
        self.entries = entries
        self.given_up = given_up
        self.bytes = bytes
        self.core = core
        self.choice = choice


class Builder:
    """One search of a plan, building the ZDD's nodes and the memo."""

    def __init__(self, plan: Plan, choose: str, max_entries: int, max_nodes: int | None) -> None:
        self.plan = plan
        self.max_nodes = max_nodes
        self.mrv = choose == "mrv"
        self.max_entries = max_entries
        self.full = (1 << plan.exact) - 1
        self.fmask = (1 << plan.field_width) - 1
        self.memo: dict[int, int] = {}
        self.unique: dict[tuple[int, int, int], int] = {}
        self.nodes: Nodes = ([0, 0], [0, 0], [0, 0])
        self.stats = ZddStats()

    def run(self) -> tuple[Nodes, int, ZddStats]:
        """Search from the empty state: the ZDD's nodes, its root and the statistics."""
        depth = sys.getrecursionlimit()
        sys.setrecursionlimit(max(depth, self.plan.exact + 1000))
        try:
            root = self.build(0)
        finally:
            sys.setrecursionlimit(depth)
        return self.nodes, root, self.stats

    def build(self, state: int) -> int:
        """The ZDD node of the sub-problem `state` leaves. Only a state whose item has an option
        that fits is looked up and remembered: a dead end costs less to find again."""
        free = ~state & self.full
        children = self._children(state, free) if free else []
        if children:
            node = self.memo.get(state)
            if node is not None:
                self.stats.hits += 1
                return node
        self.stats.nodes += 1
        if self.max_nodes is not None and self.stats.nodes > self.max_nodes:
            raise OutOfBudgetError(f"the ZDD search passed max_nodes ({self.max_nodes})")
        if not children:
            return 0 if free else self._end(state)
        chain = 0
        for o, after in children:
            sub = self.build(after)
            if sub:
                chain = self._node(o, chain, sub)
        self._remember(state, chain)
        return chain

    def _children(self, state: int, free: int) -> list[tuple[int, int]]:
        """The options of the item to branch on that fit `state`, each with the state after it.
        They go in reverse, so that the chain's head is the first option added: the ZDD lists
        solutions in DLX's order, and the compiled search numbers nodes alike."""
        children = []
        for o in reversed(self.plan.branch[self._choose(state, free)]):
            after = self._take(state, o)
            if after is not None:
                children.append((o, after))
        return children

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
