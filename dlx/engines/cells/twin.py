"""Dancing cells: Knuth's SSXCC (exact covering with colours on sparse sets), in pure Python.

The reference of the `cells` engine (dlx/engines/cells/csrc/cells.c runs the same search). The
structure (ssxcc.w, after Briggs and Torczon's sparse sets and Solnon's XCC-with-dancing-cells):

- `nd`: the options, one node per item, in three parallel lists `itm`, `loc`, `clr`, each
  option followed by a *spacer* whose `itm` is minus the option's length (so a walk to the right
  wraps round to the option's first node). Node 0 is a spacer too.
- `cell`: one flat list holding, for each item, two header cells and then its *set*: the nodes
  of the options that contain it. An item is named by the index `x` of its set: `cell[x - 1]` is
  its *size* (the set's active part is `cell[x : x + size]`), `cell[x - 2]` its *pos* in `item`.
  The invariants: `cell[loc[y]] == y` for every node `y`, and `item[pos(x)] == x`.
- `item`: the sparse set of items; `item[:active]` are those still to be covered (primary) or
  not yet purified (secondary). Primary items come first: `x < second` tells a primary item.

Removing an element from a sparse set swaps it with the last active one and shrinks the size;
nothing is ever relinked, so undoing needs only the old sizes: a branching node saves the size
of every active item on a stack, and restores them all before trying its next option.
A *forced move* (an item left with one option) saves nothing: it has no next option to try.

The search is SSXCC's, step for step: the same item choice (fewest options, leftmost in
declaration order on ties, every item with a single option pushed on the `force` stack and
taken first), the same order of branches, the same nodes and updates. An *update* is the
removal of an option from an item's set, or the swap of an item out of the active ones.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence

from dlx.engines.cells.table import MAX_SAVED, Table, givens_fit, refuse_deeper
from dlx.engines.counters import Budgets, publish
from dlx.engines.settings import SearchSettings
from dlx.stats import Stats, Status

BIG = 1 << 62
"""Larger than any set size: the choice loop's "no primary item is left"."""

FORWARD, ADVANCE, BACKUP, ABORT = range(4)
"""The steps of the dance, named as in ssxcc.w (its labels forward, advance, backup, abort)."""


class Dance:
    """One search's state: copies of a table's arrays, the active count and the force stack."""

    def __init__(self, table: Table) -> None:
        self.cell = list(table.cell)
        self.item = list(table.item)
        self.itm, self.clr = table.itm, table.clr
        self.loc = list(table.loc)
        self.second = table.second
        self.active = self.oactive = len(table.item)
        self.force: list[int] = []
        self.updates = 0

    def swap_out(self, x: int) -> None:
        """Move the active item `x` to the end of the active ones and make it inactive."""
        cell, item = self.cell, self.item
        p = self.active - 1
        self.active = p
        pp = cell[x - 2]
        cc = item[p]
        item[p], item[pp] = x, cc
        cell[cc - 2], cell[x - 2] = pp, p
        self.updates += 1

    def hide(self, c: int, color: int, check: bool) -> bool:
        """Hide every option of item `c` that does not give it `color` (all, when 0) from the
        sets of its other items still active before this level; False as soon as `check` finds
        a primary item with no option left (those left with one go on the force stack)."""
        cell, itm, loc = self.cell, self.itm, self.loc
        clr, second, oactive, active = self.clr, self.second, self.oactive, self.active
        force = self.force
        updates = 0
        try:
            for rr in range(c, c + cell[c - 1]):
                tt = cell[rr]
                if color and clr[tt] == color:
                    continue
                nn = tt + 1
                while nn != tt:
                    uu = itm[nn]
                    if uu < 0:
                        nn += uu
                        continue
                    if cell[uu - 2] < oactive:
                        ss = cell[uu - 1] - 1
                        if ss <= 1 and check and uu < second and cell[uu - 2] < active:
                            if ss == 0:
                                return False
                            force.append(uu)
                        vv = loc[nn]
                        nnp = cell[uu + ss]
                        cell[uu - 1] = ss
                        cell[uu + ss] = nn
                        cell[vv] = nnp
                        loc[nn] = uu + ss
                        loc[nnp] = vv
                        updates += 1
                    nn += 1
            return True
        finally:
            self.updates += updates

    def take(self, node: int, first: bool) -> bool:
        """Choose the option of `node`: swap out its other items (all, if `first`: a given),
        then hide their incompatible options; False if that leaves a primary item uncoverable."""
        cell, item, itm = self.cell, self.item, self.itm
        p = self.oactive = self.active
        q = node if first else node + 1
        while True:
            c = itm[q]
            if c < 0:
                q += c
            else:
                pp = cell[c - 2]
                if pp < p:
                    p -= 1
                    cc = item[p]
                    item[p], item[pp] = c, cc
                    cell[cc - 2], cell[c - 2] = pp, p
                    self.updates += 1
                q += 1
            if q == node:
                break
        self.active = p
        return self.hide_others(node, first)

    def hide_others(self, node: int, first: bool) -> bool:
        """The second half of `take`: hide the options that clash with the chosen one."""
        cell, itm, clr = self.cell, self.itm, self.clr
        q = node if first else node + 1
        while True:
            cc = itm[q]
            if cc < 0:
                q += cc
            else:
                if cc < self.second:
                    if not self.hide(cc, 0, True):
                        self.force.clear()
                        return False
                elif cell[cc - 2] < self.oactive and not self.hide(cc, clr[q], True):
                    self.force.clear()
                    return False
                q += 1
            if q == node:
                return True

    def choose(self) -> tuple[int, int]:
        """SSXCC's item choice: the active primary item with the fewest options (leftmost on
        ties), and its size; BIG when none is left. Items with one option go on the force stack."""
        cell, item, second, force = self.cell, self.item, self.second, self.force
        t, best = BIG, 0
        for k in range(self.active):
            x = item[k]
            if x < second:
                s = cell[x - 1]
                if s <= 1:
                    if s:
                        force.append(x)
                elif s < t or (s == t and x < best):
                    best, t = x, s
        return best, t


def dance(table: Table, stats: Stats, settings: SearchSettings) -> Generator[list[int], None, None]:
    """SSXCC's search of `table` after choosing the options `settings.givens`: yield each
    solution as the live list of option numbers chosen, level by level; `stats` kept current at
    each yield, every few thousand nodes, and however the search ends (`settings.max_nodes`,
    `timeout` and `progress` are heeded; the cells core refused what SSXCC cannot take)."""
    givens = settings.givens
    budgets = Budgets(stats, settings)
    stats.profile.clear()
    stats.status = Status.RUNNING
    state = Dance(table)
    status, counts = Status.CLOSED, [0, 0]
    try:
        fit = not table.bad and take_givens(state, table, givens)
        state.updates = 0  # the givens' updates are not counted, as for links
        if not fit:
            status = Status.EXHAUSTED
            return
        status = yield from _search(state, table, stats, budgets, list(givens), counts)
    finally:
        publish(stats, counts[0], state.updates, counts[1], budgets.started, status)


def take_givens(state: Dance, table: Table, givens: Sequence[int]) -> bool:
    """Choose the options `givens` in order (uncounted); False if they clash or leave a
    primary item without options."""
    taken = (state.take(table.first_node[number], True) for number in givens)
    if not givens_fit(table, givens) or not all(taken):
        return False
    state.force.clear()
    return True


def _search(
    state: Dance,
    table: Table,
    stats: Stats,
    budgets: Budgets,
    opts: list[int],
    counts: list[int],
) -> Generator[list[int], None, Status]:
    """The dance proper (SSXCC's forward, advance, backup and abort steps); `counts` holds the
    nodes and solutions so far; returns how it ended."""
    cell, itm, force, option_of = state.cell, state.itm, state.force, table.option_of
    profile = stats.profile
    base = len(opts)
    choice: list[int] = []  # the node chosen at each level
    saved = [0]  # the save stack's size at the start of each level
    stack_items: list[int] = []
    stack_sizes: list[int] = []
    nodes = solutions = level = 0
    best = cur = 0
    step = FORWARD
    while True:
        if step == FORWARD:
            counts[1] = solutions
            if budgets.enter(nodes, state.updates, solutions, level, profile):
                return Status.BUDGET
            nodes += 1
            counts[0] = nodes
            best = _forced(state)
            forced = best != 0
            if not forced:
                best, t = state.choose()
                if force:
                    best, forced = force.pop(), True
                elif t == BIG:
                    solutions += 1
                    counts[1] = solutions
                    publish(stats, nodes, state.updates, solutions, budgets.started, Status.RUNNING)
                    yield opts
                    step = BACKUP
                    continue
            state.swap_out(best)
            state.oactive = state.active
            state.hide(best, 0, False)
            cur = best
            del saved[level + 1 :]
            if forced:
                saved.append(saved[level])
            else:
                _save_sizes(state, stack_items, stack_sizes, saved, level)
            step = ADVANCE
        elif step == ADVANCE:
            node = cell[cur]
            del choice[level:]
            del opts[base + level :]
            choice.append(node)
            opts.append(option_of[node])
            if state.take(node, False):
                level += 1
                step = FORWARD
            else:
                step = ABORT
        elif step == BACKUP:
            if level == 0:
                return Status.EXHAUSTED
            level -= 1
            node = choice[level]
            best, cur = itm[node], state.loc[node]
            step = ABORT
        else:  # abort: this level's next option, or back up
            if cur + 1 >= best + cell[best - 1]:
                step = BACKUP
            else:
                _restore_sizes(state, stack_items, stack_sizes, saved, level)
                cur += 1
                step = ADVANCE


def _forced(state: Dance) -> int:
    """The first item on the force stack still active (0 if none), popped with those above it."""
    force, cell, active = state.force, state.cell, state.active
    while force:
        x = force.pop()
        if cell[x - 2] < active:
            return x
    return 0


def _save_sizes(
    state: Dance, items: list[int], sizes: list[int], saved: list[int], level: int
) -> None:
    """Push the size of every active item on the save stack, for the next level's restores."""
    cell, item = state.cell, state.item
    top = saved[level]
    if top + state.active > MAX_SAVED:
        refuse_deeper(MAX_SAVED)
    del items[top:], sizes[top:]
    active = item[: state.active]
    items.extend(active)
    sizes.extend([cell[x - 1] for x in active])
    saved.append(top + state.active)


def _restore_sizes(
    state: Dance, items: list[int], sizes: list[int], saved: list[int], level: int
) -> None:
    """Give the items active at `level`'s choice their saved sizes back (and the active count)."""
    cell = state.cell
    top, bottom = saved[level + 1], saved[level]
    state.active = top - bottom
    for p in range(bottom, top):
        cell[items[p] - 1] = sizes[p]
