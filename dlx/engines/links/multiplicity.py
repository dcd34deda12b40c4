"""Exact covering with multiplicities: Knuth's Algorithm M (TAOCP 7.2.2.1; his program DLX3).

A primary item i may be covered between a and b times. Its header keeps `bound`, the uses still
allowed (b less the uses so far), and `slack` = b - a. Branching on i:

- When its bound drops to 0 with no slack, i is covered as in Algorithm X and each option in its
  list is tried in turn.
- Otherwise the options of i are *tweaked*: the topmost option x leaves every list and is tried;
  the next branch tweaks the next option, so later branches never reuse x and every multiset of
  options is generated once. When the list has become too short to reach the lower bound, the level
  is done; when the options run out while i needs no more, a last, *null* branch leaves i as it is.
  Untweaking puts the tweaked options back in one sweep from the first one.
- The branching degree of i is len + 1 - max(bound - slack, 0); the search branches on the
  smallest (ties: less slack, then the longer list, then leftmost), as DLX3 does.

This search also takes options given in advance, an optional `FailureMemo`, the adapter's
pruning check and its `learn` hook; as in Algorithm X, a child is checked (memo first) before its
option's items are taken, so a child cut off costs no updates. A node is remembered as failed
(and told to `learn`) only when no ancestor had tweaked options away that were not chosen (those
branches search a restricted sub-problem, which neither the state key nor the chosen options
tell).
"""

from __future__ import annotations

from collections.abc import Generator

from dlx.engines.counters import Budgets, publish
from dlx.engines.links.twin import Links, Node, drive, hide, unhide
from dlx.engines.settings import SearchSettings
from dlx.stats import Stats, Status

INFINITY = 1 << 62


ENTER, CHECKED, DEAD, ADVANCE, RETREAT, FINISH = range(6)


def search_m(
    links: Links, stats: Stats, settings: SearchSettings
) -> Generator[list[int], None, None]:
    """Yield every solution (chosen option numbers, givens first) of the multiplicity problem."""
    givens = settings.givens
    return drive(
        links,
        stats,
        lambda key: _dance_m(links, stats, list(givens), key, settings),
        givens=givens,
        prefer=settings.prefer,
        item_order=settings.item_order,
    )


def _dance_m(
    links: Links,
    stats: Stats,
    opts: list[int],
    key: int,
    settings: SearchSettings,
) -> Generator[list[int], None, None]:
    """Algorithm M (M1-M9) from the givens `opts` (state key `key`), chosen already by
    `drive`; every level undone however the dance ends."""
    memo, prune, learn = settings.memo, settings.prune, settings.learn
    root = links.root
    mrv, sweep = settings.choose == "mrv", settings.choose == "sweep"
    exact = not any(header.slack for header in links.headers[: links.primary])
    choose_item = _choose_exact if exact else _choose
    cover, uncover = links.cover, links.uncover
    leave_key = links.leave_key
    failed = memo.failed if memo is not None else None
    # One entry per level: the item branched on, whether its options are tweaked, the first
    # option tweaked, the branch being tried (an option node, or the item itself for the null
    # branch), whether that branch is restricted by options tweaked away, and the solutions found
    # before the level began.
    items: list[Node] = []
    tweaking: list[bool] = []
    firsts: list[Node] = []
    tries: list[Node] = []
    restricted_at: list[bool] = []
    found_at: list[int] = []
    restricted = 0
    profile = stats.profile
    profile.clear()
    nodes = updates = solutions = hits = 0
    budgets = Budgets(stats, settings)
    started = budgets.started
    status = Status.CLOSED
    stats.status = Status.RUNNING
    state = ENTER
    try:
        while True:
            if state <= DEAD:  # a node: unchecked, or passed or failed by its checks already
                level = len(items)
                if budgets.enter(nodes, updates, solutions, level, profile):
                    status = Status.BUDGET
                    return
                nodes += 1
                if state == DEAD:
                    tries[-1] = tries[-1].down
                    state = ADVANCE
                    continue
                checked = state == CHECKED
                state = RETREAT
                if not checked and failed is not None and key in failed:
                    hits += 1
                elif not checked and prune is not None and not prune(opts):
                    pass
                elif root.right is root:
                    solutions += 1
                    publish(stats, nodes, updates, solutions, started, Status.RUNNING)
                    yield opts
                else:
                    i = choose_item(root) if mrv else _first(root, sweep)
                    if i is not None:
                        i.bound -= 1
                        if i.bound == 0:
                            updates += cover(i)
                        items.append(i)
                        tweaking.append(i.bound != 0 or i.slack != 0)
                        firsts.append(i.down)
                        tries.append(i.down)
                        restricted_at.append(False)
                        found_at.append(solutions)
                        state = ADVANCE
                if state == RETREAT and not items:
                    status = Status.EXHAUSTED
                    return

            elif state == ADVANCE:  # try branch x of item i, or finish the level
                i = items[-1]
                x = tries[-1]
                state = ENTER
                if not tweaking[-1]:
                    if x is i:
                        state = FINISH
                elif i.len <= i.bound - i.slack:
                    state = FINISH
                elif x is not i:
                    updates += _tweak(x, i)
                else:  # the null branch: use i no more
                    if i.bound != 0:
                        i.left.right = i.right
                        i.right.left = i.left
                    key += leave_key[i.number]
                if state == ENTER:
                    if tweaking[-1] and x is not firsts[-1] and not restricted_at[-1]:
                        restricted_at[-1] = True
                        restricted += 1
                    if x is not i:
                        # The memo and the pruning check need only the child's key and
                        # options: a child they cut off is counted but never linked in.
                        opts.append(x.number)
                        state = DEAD  # until its items are taken, the branch is not applied
                        if failed is not None and key + x.key_addend in failed:
                            hits += 1
                            opts.pop()
                            continue
                        if prune is not None and not prune(opts):
                            opts.pop()
                            continue
                        updates += _take(x, links)
                        key += x.key_addend
                        state = CHECKED

            elif state == RETREAT:  # undo branch x of the level on top, then try the next
                i = items[-1]
                x = tries[-1]
                if x is not i:
                    key -= x.key_addend
                    opts.pop()
                    _release(x, links)
                    tries[-1] = x.down
                    state = ADVANCE
                else:
                    if i.bound != 0:
                        i.left.right = i
                        i.right.left = i
                    key -= leave_key[i.number]
                    state = FINISH

            else:  # FINISH: every branch of the level is done; restore its item
                i = items.pop()
                tweak = tweaking.pop()
                first = firsts.pop()
                tries.pop()
                if restricted_at.pop():
                    restricted -= 1
                if tweak:
                    _untweak(i, first, restore=i.bound != 0)
                    if i.bound == 0:
                        uncover(i)
                else:
                    uncover(i)
                i.bound += 1
                if found_at.pop() == solutions and not restricted:
                    if failed is not None:
                        memo.remember(key)  # type: ignore[union-attr]
                    if learn is not None:
                        learn(opts)
                if not items:
                    status = Status.EXHAUSTED
                    return
                state = RETREAT
    finally:
        _unwind(items, tweaking, firsts, tries, links, applied=state != DEAD)
        if memo is not None:
            memo.hits += hits
        publish(stats, nodes, updates, solutions, started, status)


def _choose(root: Node) -> Node | None:
    """The active item of smallest branching degree, or None when one can no longer be met."""
    best = root
    score = best_slack = INFINITY
    best_len = -1
    k = root.right
    while k is not root:
        bound = k.bound
        slack = k.slack if k.slack < bound else bound
        size = k.len
        t = size + slack - bound + 1
        if t < score or (
            t == score and (slack < best_slack or (slack == best_slack and size > best_len))
        ):
            if t <= 0:
                return None
            best, score, best_slack, best_len = k, t, slack, size
        k = k.right
    return best


def _choose_exact(root: Node) -> Node | None:
    """`_choose` when no primary item has slack (every multiplicity exact, as in packings):
    the degree is then len + 1 - bound, and ties go to the longer list. Half the work."""
    best = root
    score = INFINITY
    best_len = -1
    k = root.right
    while k is not root:
        size = k.len
        t = size - k.bound  # the degree less 1
        if t < score or (t == score and size > best_len):
            if t < 0:
                return None
            best, score, best_len = k, t, size
        k = k.right
    return best


def _first(root: Node, sweep: bool) -> Node | None:
    """The first active item, or with `sweep` the first item of branching degree 1 if any;
    None when an item (with `sweep`, any item) can no longer be met."""
    first = root.right
    k = first if sweep else root
    while k is not root:
        bound = k.bound
        slack = k.slack if k.slack < bound else bound
        t = k.len + slack - bound + 1
        if t <= 1:
            return None if t <= 0 else k
        k = k.right
    if first is not root and first.len + min(first.slack, first.bound) - first.bound < 0:
        return None
    return first


def _tweak(x: Node, i: Node) -> int:
    """Take the top option x out of i's list and, unless i is covered, out of every list."""
    d = x.down
    i.down = d
    d.up = i
    i.len -= 1
    return 1 if i.bound == 0 else hide(x) + 1  # when i is covered, x is hidden already


def _untweak(i: Node, first: Node, *, restore: bool) -> None:
    """Put back, from `first` on, the options tweaked out of i's list, in one sweep."""
    last = i.down
    i.down = first
    before = i
    x = first
    count = 0
    while x is not last:
        x.up = before
        count += 1
        if restore:
            unhide(x)
        before = x
        x = x.down
    last.up = before
    i.len += count


def _take(x: Node, links: Links) -> int:
    """Choose option x, whose own item is taken already: use each of its other items, left to
    right; return the updates."""
    done = 0
    primary, cover, commit = links.primary, links.cover, links.commit
    coloured = links.coloured
    q = x.right
    while q is not x:
        j = q.top
        if coloured:
            done += commit(q)
        elif j.number >= primary:
            done += cover(j)
        else:
            j.bound -= 1
            if j.bound == 0:
                done += cover(j)
        q = q.right
    return done


def _release(x: Node, links: Links) -> None:
    """Undo `_take(x, links)`: give x's other items back their use, right to left."""
    primary, uncover, uncommit, coloured = (
        links.primary,
        links.uncover,
        links.uncommit,
        links.coloured,
    )
    q = x.left
    while q is not x:
        j = q.top
        if coloured:
            uncommit(q)
        elif j.number >= primary:
            uncover(j)
        else:
            if j.bound == 0:
                uncover(j)
            j.bound += 1
        q = q.left


def _unwind(
    items: list[Node],
    tweaking: list[bool],
    firsts: list[Node],
    tries: list[Node],
    links: Links,
    *,
    applied: bool,
) -> None:
    """After an early stop, undo every level's branch and item, deepest first; the deepest
    level's branch only if it was `applied`."""
    uncover = links.uncover
    while items:
        i, x, first = items.pop(), tries.pop(), firsts.pop()
        if not applied:
            applied = True
        elif x is not i:
            _release(x, links)
        elif i.bound != 0:
            i.left.right = i
            i.right.left = i
        if tweaking.pop():
            _untweak(i, first, restore=i.bound != 0)
            if i.bound == 0:
                uncover(i)
        else:
            uncover(i)
        i.bound += 1
