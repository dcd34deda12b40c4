"""Dancing links: Knuth's Algorithm X on doubly linked lists (DLX1, TAOCP 7.2.2.1).

The structure, for a problem with N items numbered 1..N (primary ones first):

- Every item has a header node. `left`/`right` link the *active* primary items in a circular list
  whose head is `root`; secondary items sit in their own circular list, so the search, which only
  walks the primary list, never branches on them.
- Every option has one node per item. `up`/`down` link each node into the vertical list of its
  item (`top`), whose header counts its live nodes in `len`.
- The nodes of an option are linked by `left`/`right` in a circular list of their own, in the
  order written: going right from a node meets the option's other nodes as DLX1's spacer-separated
  walk meets them, so a problem takes memory in proportion to its items and total option length,
  however long its options. (Tuples of each node's partners cost an option's length squared, and
  measured no faster: the same CPU time within 1% on pent6x10_sym.)
  Nodes are slot objects: in CPython they measure about 40% faster than DLX1's integer arrays
  transcribed to lists.

Knuth's 7-item example (items a..g; options "c e", "a d g", "b c f", "a d f", "b g", "d e g")
has the single solution {a d f, b g, c e}; `tests/engine/test_engine.py` runs it.

*Cover* an item: take it out of the active list, then *hide* each option in its list (unlink the
option's other nodes from their items' lists). *Uncover* undoes this; since every node remembers its
neighbours, undoing in the reverse order of the covers restores every link exactly.

Updates are counted as DLX1 counts them: one for unlinking an item's header, one for every node
hidden. Nodes are counted once per entry into a level and once per solution found, so the totals can
be compared with Knuth's program on the same file. An adapter's pruning check sees only the options
chosen, so a child is checked before its option's items are covered: one it cuts off is counted as
a node but costs no updates.

One search, two dances: `drive` does what every search of these links does before and after
(claim the links, choose the givens, order items and options, and put everything back), and the
dance between is Algorithm X (`Links.dance`, here) or Algorithm M
(`dlx.engines.links.multiplicity`). The compiled core (loaded by `dlx.engines.links.engine`, from
dlx/engines/links/csrc) runs the same two dances on DLX1's flat arrays.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Generator, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from dlx.engines.counters import Budgets, publish
from dlx.engines.settings import SearchSettings
from dlx.engines.which_core import kept, new_kept
from dlx.errors import SearchBusyError
from dlx.stats import Stats, Status

if TYPE_CHECKING:
    from dlx.problem import Problem

_SERIALS = itertools.count()


class Node:
    """One node: an item's header (`left`/`right`: the active items) or one item of an option
    (`left`/`right`: the option's other nodes, circularly)."""

    __slots__ = (
        "up",
        "down",
        "top",
        "len",
        "left",
        "right",
        "number",
        "cost",
        "bound",
        "slack",
        "key_addend",
        "colour",
    )

    def __init__(self, number: int) -> None:
        self.up = self.down = self.top = self.left = self.right = self
        self.len = 0
        self.number = number  # the item's number for a header, the option's for an option node
        self.cost = 0  # an option node's partners: the updates of hiding it
        self.bound = 1  # a header's remaining capacity (multiplicities, Algorithm M)
        self.slack = 0  # a header's upper bound less its lower bound
        # What choosing this option adds to the memo's state key (see `dlx.memo`; 0 until a memo
        # is bound); on a header, the unit of its item's field.
        self.key_addend = 0
        self.colour = 0  # an option node's colour number (0: none; -1: its item is purified)


_BUILT = new_kept()
"""The pure-Python links of each live problem."""


def links_of(problem: Problem[Any]) -> Links:
    """The dancing links of `problem`, built on first use and kept while the problem lives
    (rebuilt once options are added), so that searches reuse them and a memo stays bound."""
    args = (problem.primary_count, len(problem.items), problem.options)
    links: Links = kept(
        _BUILT, problem, "python", lambda: Links(*args, problem.bounds, problem.colours)
    )
    return links


class Links:
    """The linked lists of one problem, reused from search to search and restored after each."""

    def __init__(
        self,
        primary: int,
        items: int,
        options: Sequence[Sequence[int]],
        bounds: Sequence[tuple[int, int]] = (),
        colours: Sequence[Sequence[int]] = (),
    ) -> None:
        self.primary = primary
        self.serial = next(_SERIALS)  # unique for the process's life, unlike id()
        self.root = Node(-1)
        self.secondary_root = Node(-1)
        self.headers = [Node(i) for i in range(items)]
        for header, (low, high) in zip(self.headers, bounds, strict=False):
            header.bound, header.slack = high, high - low
        self.keyed = False  # whether `assign_state_keys` has run
        self.leave_key = [0] * items  # what leaving an item with slack adds to the state key
        self._link_item_lists()
        self.nodes: list[Node] = [self.root, self.secondary_root, *self.headers]
        self.first_node: list[Node] = []
        self.coloured = any(any(c) for c in colours)
        for number, option in enumerate(options):
            painted = colours[number] if colours else [0] * len(option)
            self._append_option(number, [self.headers[i] for i in option], painted)
        self.busy = False

    def state_key_width(self) -> int:
        """The bits of the memo's state key: each item's field counts its uses, and an item
        with slack has a bit more, set when the search decides to use it no more."""
        return sum(h.bound.bit_length() + (1 if h.slack else 0) for h in self.headers)

    def assign_state_keys(self) -> None:
        """Give every item its field of the state key and every option its addend. Done once,
        when a memo is first bound: each option's addend is as wide as the key."""
        if self.keyed:
            return
        shift = 0
        for header in self.headers:
            header.key_addend = 1 << shift  # the unit of this item's field
            shift += header.bound.bit_length()
            self.leave_key[header.number] = 1 << shift if header.slack else 0
            shift += 1 if header.slack else 0
        for first in self.first_node:
            addend = sum(node.top.key_addend for node in ring(first))
            for node in ring(first):
                node.key_addend = addend
        self.keyed = True

    def _link_item_lists(self) -> None:
        """Link the primary headers into the root's list, the secondary ones into their own."""
        self.order_items(())
        _link_ring(self.secondary_root, self.headers[self.primary :])

    def order_items(self, numbers: Sequence[int]) -> None:
        """Relink the primary items' list: `numbers` first, in that order, then the others in
        declaration order. The item choice meets items in this order (the first item of `sweep`
        and `first`, and the ties of `mrv`). Only between searches, with every item linked."""
        listed = set(numbers)
        rest = [header for header in self.headers[: self.primary] if header.number not in listed]
        _link_ring(self.root, [*(self.headers[n] for n in numbers), *rest])

    def _append_option(self, number: int, tops: list[Node], colours: Sequence[int]) -> None:
        """Append one option's nodes at the bottom of their items' lists, linked in a ring."""
        nodes = [Node(number) for _ in tops]
        self.first_node.append(nodes[0])
        self.nodes.extend(nodes)
        for node, top, colour in zip(nodes, tops, colours, strict=True):
            node.colour = colour
            node.cost = len(nodes) - 1
            bottom = top.up
            node.up, node.down, node.top = bottom, top, top
            bottom.down = top.up = node
            top.len += 1
        _link_ring(nodes[0], nodes[1:])

    def snapshot(self) -> list[tuple[int, ...]]:
        """Every link and length as numbers, to check that a search restores the lists."""
        ident = {id(n): k for k, n in enumerate(self.nodes)}
        return [
            (
                ident[id(n.up)],
                ident[id(n.down)],
                ident[id(n.left)],
                ident[id(n.right)],
                n.len,
                n.bound,
            )
            for n in self.nodes
        ]

    def claim(self) -> None:
        """Mark the links as held by a search; refuse when another search holds them."""
        if self.busy:
            raise SearchBusyError("this problem's links are held by another unfinished search")
        self.busy = True

    def prefer(self, numbers: Sequence[int]) -> list[tuple[Node, Node, Node]]:
        """Move the options `numbers` to the top of every list they are in, keeping their order;
        return the moves (each node and its neighbours before), for `restore_order`."""
        moves = []
        for number in reversed(numbers):
            option = self.first_node[number]
            for node in ring(option):
                up, down = node.up, node.down
                up.down = down  # out of its list...
                down.up = up
                top = node.top
                node.up, node.down = top, top.down  # ...and back in at the top
                top.down.up = node
                top.down = node
                moves.append((node, up, down))
        return moves

    def restore_order(self, moves: list[tuple[Node, Node, Node]]) -> None:
        """Undo the moves of `prefer`, last first: each node goes back between its neighbours
        of before, which are neighbours again once the later moves are undone."""
        for node, up, down in reversed(moves):
            node.up.down = node.down
            node.down.up = node.up
            node.up, node.down = up, down
            up.down = node
            down.up = node

    def givens_fit(self, givens: Sequence[int]) -> bool:
        """Whether the options `givens` can all be chosen together (bounds and distinctness)."""
        if len(set(givens)) != len(givens):
            return False
        used = [0] * len(self.headers)
        painted: dict[int, int] = {}  # the colour a given put on a secondary item
        for number in givens:
            option = self.first_node[number]
            for node in ring(option):
                item = node.top.number
                if item >= self.primary and node.colour:
                    if painted.setdefault(item, node.colour) != node.colour or used[item]:
                        return False
                    continue
                used[item] += 1
                limit = node.top.bound if item < self.primary else 1
                if used[item] > limit or item in painted:
                    return False
        return True

    def choose_givens(self, givens: Sequence[int]) -> int:
        """Take the options `givens` out of play as chosen, in order; return the key they add.

        Each option leaves every list, then each of its items is used once: an item whose
        capacity runs out is covered. `unchoose_givens` undoes this exactly.
        """
        key = 0
        for number in givens:
            option = self.first_node[number]
            for node in ring(option):
                node.up.down = node.down
                node.down.up = node.up
                node.top.len -= 1
            for node in ring(option):
                self.commit(node)
            key += option.key_addend
        return key

    def commit(self, node: Node) -> int:
        """Use the item of an option node being chosen: count a primary item's use (covering
        it when none is left); cover a plain secondary item; purify a coloured one."""
        top = node.top
        if top.number < self.primary:
            top.bound -= 1
            return self.cover(top) if top.bound == 0 else 0
        if node.colour == 0:
            return self.cover(top)
        return self.purify(node) if node.colour > 0 else 0

    def uncommit(self, node: Node) -> None:
        """Undo `commit(node)`."""
        top = node.top
        if top.number < self.primary:
            if top.bound == 0:
                self.uncover(top)
            top.bound += 1
        elif node.colour == 0:
            self.uncover(top)
        elif node.colour > 0:
            self.unpurify(node)

    def purify(self, p: Node) -> int:
        """Give p's item p's colour: hide every option that gives it another colour, and mark
        those that give it the same one as settled (colour -1); return the updates."""
        colour, item = p.colour, p.top
        done = 0
        q = item.down
        while q is not item:
            if q.colour != colour:
                done += hide(q)
            elif q is not p:
                q.colour = -1
            q = q.down
        return done

    def unpurify(self, p: Node) -> None:
        """Undo `purify(p)`, bottom to top."""
        colour, item = p.colour, p.top
        q = item.up
        while q is not item:
            if q.colour < 0:
                q.colour = colour
            elif q.colour != colour:
                unhide(q)
            q = q.up

    def unchoose_givens(self, givens: Sequence[int]) -> None:
        """Undo `choose_givens(givens)`, last option first."""
        for number in reversed(givens):
            option = self.first_node[number]
            for node in ring(option, backwards=True):
                self.uncommit(node)
            for node in ring(option, backwards=True):
                node.up.down = node
                node.down.up = node
                node.top.len += 1

    def cover(self, i: Node) -> int:
        """Cover item i: unlink it and hide every option in its list; return the updates."""
        before, after = i.left, i.right
        before.right = after
        after.left = before
        done = 1
        p = i.down
        while p is not i:
            q = p.right
            while q is not p:
                u = q.up
                d = q.down
                u.down = d
                d.up = u
                q.top.len -= 1
                q = q.right
            done += p.cost
            p = p.down
        return done

    def uncover(self, i: Node) -> None:
        """Undo `cover(i)`; the links of each hidden node are still its old neighbours."""
        p = i.down
        while p is not i:
            q = p.right
            while q is not p:
                q.up.down = q
                q.down.up = q
                q.top.len += 1
                q = q.right
            p = p.down
        i.left.right = i
        i.right.left = i

    def search(self, stats: Stats, settings: SearchSettings) -> Generator[list[int], None, None]:
        """Yield every exact cover as the live list of chosen option numbers, level by level.

        The options `settings.givens` are chosen before the search starts and lead every
        solution; the primary items `settings.item_order` are met first by the item choice (see
        `order_items`). The yielded list is only valid until the generator resumes. `stats` is
        kept current at each yield, every `counters.POLL_NODES` nodes and when the search ends,
        however it ends.
        """
        return drive(
            self,
            stats,
            lambda _: self.dance(stats, list(settings.givens), settings),
            givens=settings.givens,
            item_order=settings.item_order,
        )

    def dance(
        self, stats: Stats, opts: list[int], settings: SearchSettings
    ) -> Generator[list[int], None, None]:
        """Algorithm X (X1-X8) from the givens `opts`, chosen already by `drive`: the options
        chosen, by number, at each solution; every level undone however the dance ends."""
        root = self.root
        mrv, sweep = settings.choose == "mrv", settings.choose == "sweep"
        prune = settings.prune
        cover, uncover = self.cover, self.uncover

        bests: list[Node] = []  # the item covered at each level
        chosen: list[Node] = []  # the node of the option tried at each level
        profile = stats.profile
        profile.clear()
        nodes = updates = solutions = 0
        budgets = Budgets(stats, settings)
        budgets.share = lambda: share_done(bests, chosen)
        started, node_cap = budgets.started, budgets.node_cap
        status = Status.CLOSED
        stats.status = Status.RUNNING
        try:
            if root.right is root:  # every primary item is covered already: one exact cover
                if budgets.spent(nodes, updates, solutions):
                    status = Status.BUDGET
                    return
                nodes = 1
                profile.append(1)
                if prune is None or prune(opts):
                    solutions = 1
                    publish(stats, nodes, updates, solutions, started, Status.RUNNING)
                    yield opts
                status = Status.EXHAUSTED
                return
            level = 0
            enter = True
            dead = False  # the node entered was cut off by the pruning check already
            best = cur = root
            while True:
                if enter:
                    enter = False
                    if budgets.enter(nodes, updates, solutions, level, profile):
                        status = Status.BUDGET
                        return
                    nodes += 1
                    if dead:  # back to the parent, to try its next option
                        dead = False
                        level -= 1
                        cur = cur.down
                        continue
                    if not level and prune is not None and not prune(opts):
                        status = Status.EXHAUSTED  # (deeper nodes are checked before entry)
                        return
                    if mrv:
                        t = 1 << 62
                        k = root.right
                        while k is not root:
                            size = k.len
                            if size < t:
                                best = k
                                t = size
                                if not size:
                                    break
                            k = k.right
                    else:
                        best = root.right
                        if sweep:  # an item with one option or none goes first
                            k = best
                            while k is not root:
                                if k.len <= 1:
                                    best = k
                                    break
                                k = k.right
                    updates += cover(best)
                    bests.append(best)
                    cur = best.down
                if cur is best:  # every option of this level's item has been tried
                    uncover(best)
                    bests.pop()
                    if not level:
                        status = Status.EXHAUSTED
                        return
                    level -= 1
                    cur = chosen.pop()
                    opts.pop()
                    best = bests[level]
                    j = cur.left
                    while j is not cur:  # right to left: the reverse of the covers
                        uncover(j.top)
                        j = j.left
                    cur = cur.down
                    continue
                opts.append(cur.number)
                if prune is not None and not prune(opts):
                    # The check needs only the options chosen: a child it cuts off is
                    # counted as a node (entered below) but never linked in.
                    opts.pop()
                    level += 1
                    enter = dead = True
                    continue
                chosen.append(cur)
                j = cur.right
                while j is not cur:  # the option's other items, left to right as DLX1 does
                    updates += cover(j.top)
                    j = j.right
                if root.right is not root:
                    level += 1
                    enter = True
                    continue
                if nodes >= node_cap:
                    status = Status.BUDGET
                    return
                nodes += 1  # a solution is a node of the search tree too, as in DLX1
                if level + 1 < len(profile):
                    profile[level + 1] += 1
                else:
                    profile.append(1)
                solutions += 1
                publish(stats, nodes, updates, solutions, started, Status.RUNNING)
                yield opts
                cur = chosen.pop()
                opts.pop()
                j = cur.left
                while j is not cur:
                    uncover(j.top)
                    j = j.left
                cur = cur.down
        finally:
            # Stopped early (a budget, a limit, or the caller closing the generator): put every
            # link back, deepest level first, so the next search starts from the same lists.
            while bests:
                if len(chosen) == len(bests):
                    cur = chosen.pop()
                    opts.pop()
                    j = cur.left
                    while j is not cur:  # right to left: the reverse of the covers
                        uncover(j.top)
                        j = j.left
                uncover(bests.pop())
            publish(stats, nodes, updates, solutions, started, status)


def drive(
    links: Links,
    stats: Stats,
    dance: Callable[[int], Generator[list[int], None, None]],
    *,
    givens: Sequence[int] = (),
    prefer: Sequence[int] = (),
    item_order: Sequence[int] = (),
) -> Generator[list[int], None, None]:
    """One search of `links`, the part that Algorithms X and M share: claim the links, check
    and choose the `givens`, move the `prefer`red options to the top of their lists and the
    `item_order` items to the front; `dance(key)` (the givens' state key) then yields the
    solutions. However it ends, the dance undoes its own levels first (its `finally`), then
    this puts the rest back. Givens that cannot go together leave no solution: the search is
    exhausted at once."""
    links.claim()
    if not links.givens_fit(givens):
        links.busy = False
        stats.profile.clear()
        publish(stats, 0, 0, 0, time.perf_counter(), Status.EXHAUSTED)
        return
    moves = links.prefer(prefer) if prefer else None
    if item_order:
        links.order_items(item_order)
    key = links.choose_givens(givens)
    try:
        yield from dance(key)
    finally:
        links.unchoose_givens(givens)
        if item_order:
            links.order_items(())
        if moves is not None:
            links.restore_order(moves)
        links.busy = False


def _link_ring(head: Node, members: Sequence[Node]) -> None:
    """Link `members` left to right into a circular list headed by `head`."""
    chain = [head, *members]
    for a, b in zip(chain, chain[1:] + chain[:1], strict=True):
        a.right = b
        b.left = a


def ring(first: Node, *, backwards: bool = False) -> Iterator[Node]:
    """The nodes of `first`'s option from `first` on, going right; or `backwards`, the same
    nodes in the reverse order (from `first.left` back to `first`)."""
    if backwards:
        node = first.left
        while node is not first:
            yield node
            node = node.left
        yield first
        return
    node = first
    while True:
        yield node
        node = node.right
        if node is first:
            return


def hide(p: Node) -> int:
    """Take the other nodes of p's option out of their items' lists; return the updates.
    (`cover`, the hottest loop, does the same inline.)"""
    q = p.right
    while q is not p:
        q.up.down = q.down
        q.down.up = q.up
        q.top.len -= 1
        q = q.right
    return p.cost


def unhide(p: Node) -> None:
    """Undo `hide(p)`: each node's own links still name its old neighbours."""
    q = p.right
    while q is not p:
        q.up.down = q
        q.down.up = q
        q.top.len += 1
        q = q.right


def share_done(bests: Sequence[Node], chosen: Sequence[Node]) -> float:
    """Knuth's estimate of the share of Algorithm X's tree searched, from the items branched on
    (`bests`) and the option nodes taken (`chosen`) at each level: an item's list is left whole
    below it, so the c options before the one taken, out of its d, are the share c/d of the
    level, worth 1/(d0 ... d(l-1)) of the tree (called at progress polls only)."""
    share, weight = 0.0, 1.0
    for best, node in zip(bests, chosen, strict=False):
        before, p = 0, best.down
        while p is not node and p is not best:
            before += 1
            p = p.down
        share += weight * before / best.len
        weight /= best.len
    return share
