"""The bitset search in pure Python: the reference the compiled search (dlx/engines/bitset/csrc/,
where bitset.h explains it) is tested against, and the search where no C compiler was at hand.
Both give the same solutions in the same order, the same nodes, updates and profile, and the
same estimates.

A node branches on an unused piece of the plan, else on the first primary cell not covered
(trying the options anchored there, in order), else on the final options after the last one
taken; an option fits when its mask misses the board (the cells covered and the others with no
room left); a child passes the region checks when every small region of free primary cells
next to the option just placed is the size of a sum of the pieces left. An *update* is an
option that fits, placed (or refused by the checks). A node below a cell or a piece whose
board (cells covered, pieces used) the memo of failures holds is a leaf at once; one that is
left without a solution below it goes into the memo, a slot picked by a hash of its board's
words as the compiled search lays them out (`Memo`).
"""

from __future__ import annotations

from collections.abc import Generator, Sequence

from dlx.engines.bitset.memo import Memo
from dlx.engines.bitset.table import Table, bits, fitting, other_bits, others_of, regions_ok
from dlx.engines.counters import Budgets, publish
from dlx.engines.settings import SearchSettings
from dlx.stats import Stats, Status

CELL, PIECE, FINAL = range(3)  # what a node branches on
NARROW, BIG = 32, 1 << 62
"""The most cells a narrow choice counts beside the first free one (BS_NARROW); more options
than any list holds."""


class Search:
    """One search's state: the board of each node on the path, the rooms of the counted
    others, the counters, and at each level what it branches on and where its list stands."""

    def __init__(
        self,
        table: Table,
        plan: Sequence[int],
        limit: int,
        narrow: bool = False,
        watch: Sequence[int] = (),
        memo: int = 0,
    ) -> None:
        self.table = table
        self.plan = list(plan)
        self.narrow = narrow and bool(table.near)
        self.watch = list(watch) if self.narrow else []
        self.givens: list[int] = []
        self.counted = 0  # the cells counted by narrow choices
        self.limit = max(0, min(limit, 63))
        self.room = list(table.hi)
        self.unmet = sum(1 for o in range(table.others) if table.hi[o] > 1 and table.lo[o] > 0)
        self.boards = [~table.cells & ~other_bits(table)]
        self.lists: list[Sequence[int]] = []  # per level: the options it branches on
        self.kinds: list[int] = []
        self.cur: list[int] = []
        self.chosen: list[int] = []
        self.bounds = [0]  # per level: the least final option it may take (by place in finals)
        self.level = 0  # where the search stands at a poll (for `share`)
        self.memo = Memo(table, memo)  # (its bytes; none for an estimate's paths)

    def take_givens(self, givens: Sequence[int]) -> bool:
        """Take the options `givens` in advance: False when they do not go together."""
        table, board = self.table, self.boards[0]
        if len(set(givens)) != len(givens):
            return False
        for o in givens:
            if table.masks[o] & board:
                return False
            board |= table.masks[o] & ~table.counted
            board = self.tally(o, board, False)
        self.boards[0] = board
        self.givens = list(givens)
        return True

    def tally(self, o: int, board: int, back: bool) -> int:
        """Count option o's counted others once more (or less): the board, with the bit of each
        that has no room left set."""
        table = self.table
        for k in others_of(table, table.masks[o] & table.counted):
            room, low = self.room[k], table.lo[k]
            wanted = table.hi[k] - low
            if back:
                self.unmet += low > 0 and room == wanted
                self.room[k] = room + 1
            else:
                self.unmet -= low > 0 and room == wanted + 1
                self.room[k] = room - 1
                if room == 1:
                    board |= table.bit(k)
        return board

    def decide(self, level: int) -> tuple[bool, bool]:
        """What the node at `level` branches on (into the level's list): whether it is a
        solution, and whether it branches at all."""
        table, board = self.table, self.boards[level]
        del self.lists[level:], self.kinds[level:], self.cur[level:]
        self.cur.append(0)
        for piece in self.plan:
            if not board & table.bit(piece):
                self.kinds.append(PIECE)
                self.lists.append(table.holding[piece])
                return False, True
        free = table.primary & ~board
        if free:
            first = (free & -free).bit_length() - 1
            kind, narrowest = (
                self.narrowest(level, first) if self.narrow else (CELL, table.anchored[first])
            )
            self.kinds.append(kind)
            self.lists.append(narrowest)
            return False, True
        solution = table.required & ~board == 0 and self.unmet == 0
        self.kinds.append(FINAL)
        self.lists.append(table.finals)
        self.cur[level] = self.bounds[level]
        return solution, self.cur[level] < len(table.finals)

    def narrowest(self, level: int, first: int) -> tuple[int, Sequence[int]]:
        """What a narrow choice branches on (CELL or PIECE) and its options: of the first free
        cell, the free primary cells next to the option taken last, then next to the one
        before (at most NARROW of them, least first in each), then the watched pieces not yet
        used, the first with the fewest options that fit, as csrc/dance.h's narrowest chooses."""
        table, board = self.table, self.boards[level]
        best, chosen = fitting(table, board, table.anchored[first], BIG), table.anchored[first]
        path = [*self.givens, *self.chosen[:level]]
        self.counted += 1
        if best <= 1 or not path:
            return CELL, chosen
        last = table.borders[path[-1]]
        before = table.borders[path[-2]] & ~last if len(path) > 1 else 0
        seeds = [p for near in (last, before) for p in bits(near & table.primary & ~board)]
        seen, kind = 0, CELL
        for p in seeds:
            if best <= 1 or seen == NARROW:
                break
            if p == first:
                continue
            seen += 1
            self.counted += 1
            n = fitting(table, board, table.covers[p], best)
            if n < best:
                best, chosen = n, table.covers[p]
        for piece in self.watch:
            if best <= 1:
                break
            if board & table.bit(piece):
                continue
            self.counted += 1
            n = fitting(table, board, table.holding[piece], best)
            if n < best:
                best, chosen, kind = n, table.holding[piece], PIECE
        return kind, chosen

    def next(self, level: int, counts: list[int]) -> int:
        """The next option the node at `level` branches on, placed below it; -1 when there is
        none. counts[0] counts the options that fit."""
        masks, board, options = self.table.masks, self.boards[level], self.lists[level]
        for j in range(self.cur[level], len(options)):
            o = options[j]
            if masks[o] & board:
                continue
            counts[0] += 1
            if self.place(level, o):
                self.cur[level] = j + 1
                del self.chosen[level:]
                self.chosen.append(o)
                return o
        self.cur[level] = len(options)
        return -1

    def place(self, level: int, o: int) -> bool:
        """Place option o below the node at `level` if the child passes the checks."""
        table = self.table
        mask = table.masks[o]
        child = self.boards[level] | (mask & ~table.counted)
        counted = mask & table.counted
        if counted:
            child = self.tally(o, child, False)
        if table.regions and not regions_ok(table, child, o, self.limit, self.room):
            if counted:
                self.tally(o, child, True)
            return False
        del self.boards[level + 1 :]
        self.boards.append(child)
        return True

    def retake(self, level: int, o: int) -> None:
        """Take option o below the node at `level` without checks."""
        table = self.table
        child = self.boards[level] | (table.masks[o] & ~table.counted)
        if table.masks[o] & table.counted:
            child = self.tally(o, child, False)
        del self.boards[level + 1 :], self.chosen[level:]
        self.boards.append(child)
        self.chosen.append(o)

    def untake(self, level: int) -> None:
        """Give back the counted others of the option taken at `level`."""
        o = self.chosen[level]
        if self.table.masks[o] & self.table.counted:
            self.tally(o, 0, True)

    def share(self) -> float:
        """Knuth's estimate of the share of the tree searched, from the path to the node the
        search stands at: at each level the options tried before the one taken over all of
        them, weighted by the levels above."""
        share, weight = 0.0, 1.0
        for k in range(self.level):
            options = self.level_options(k)
            if not options:
                break
            share += weight * options.index(self.chosen[k]) / len(options)
            weight /= len(options)
        return share

    def level_options(self, k: int) -> list[int]:
        """The options level k of the path branches on, in its order (the counted others wound
        back to level k and forward again)."""
        chosen, cur, boards = self.chosen[: self.level], self.cur[k], self.boards[: self.level + 1]
        for level in range(self.level - 1, k - 1, -1):
            self.untake(level)
        self.cur[k] = self.bounds[k] if self.kinds[k] == FINAL else 0
        found, ignored = [], [0]
        while (o := self.next(k, ignored)) >= 0:
            self.untake(k)
            found.append(o)
        self.cur[k] = cur
        self.chosen[k:] = []
        for level in range(k, self.level):
            self.retake(level, chosen[level])
        self.boards[: self.level + 1] = boards
        return found


def dance(
    table: Table,
    choice: tuple[Sequence[int], bool] | tuple[Sequence[int], bool, Sequence[int]],
    limit: int,
    memo: int,
    stats: Stats,
    settings: SearchSettings,
) -> Generator[list[int], None, None]:
    """The search of `table` after taking the options `settings.givens` (by number), branching
    first on the plan's pieces, then (`choice`: plan, narrow, watch) on the narrowest cell near
    the first free one (or watched piece) or on the first free one, checking regions of at most
    `limit` cells, its memo of failures `memo` bytes: yield the option numbers of each solution
    (the givens first); `stats` kept current at each yield, every few thousand nodes, and
    however the search ends."""
    budgets = Budgets(stats, settings)
    stats.profile.clear()
    stats.status = Status.RUNNING
    plan, narrow, *watch = choice
    search = Search(table, plan, limit, narrow, watch[0] if watch else (), memo)
    shared = settings.shared_memo and search.memo.share()
    budgets.share = search.share
    counts = [0, 0, 0]  # nodes, updates, solutions
    status = Status.CLOSED
    try:
        if not search.take_givens(settings.givens):
            status = Status.EXHAUSTED
            return
        status = yield from _search(search, list(settings.givens), stats, budgets, counts)
    finally:
        publish(stats, counts[0], counts[1], counts[2], budgets.started, status)
        if shared:
            table.memo_lent = False


def _search(
    search: Search, givens: list[int], stats: Stats, budgets: Budgets, counts: list[int]
) -> Generator[list[int], None, Status]:
    """The search proper: yield the option numbers of each solution; `counts` holds the
    nodes, updates and solutions so far; returns how it ended."""
    profile = stats.profile
    level = next_poll = 0
    fitted = [0]
    while True:  # enter the node at `level`
        if counts[0] >= next_poll:
            counts[1] = fitted[0]
            search.level = level
            if budgets.spent(counts[0], fitted[0], counts[2]):
                return Status.BUDGET
            next_poll = budgets.next_nodes
        counts[0] += 1
        if level < len(profile):
            profile[level] += 1
        else:
            profile.append(1)
        below_final = level > 0 and search.kinds[level - 1] == FINAL
        held = search.memo.entered(search.boards[level], level, below_final, counts[2])
        solution, branches = (False, False) if held else search.decide(level)
        if solution:
            counts[1], counts[2] = fitted[0], counts[2] + 1
            publish(stats, counts[0], fitted[0], counts[2], budgets.started, Status.RUNNING)
            yield [*givens, *search.chosen[:level]]
        level = _onward(search, level, branches, fitted, counts[2])
        counts[1] = fitted[0]
        if level < 0:
            return Status.EXHAUSTED


def _onward(search: Search, level: int, branches: bool, fitted: list[int], solutions: int) -> int:
    """The level of the next node to enter after the node at `level`, `solutions` found so
    far: its next child, or a later sibling of a node above; -1 when the search is over."""
    while True:
        o = search.next(level, fitted) if branches else -1
        if o >= 0:
            bound = search.cur[level] if search.kinds[level] == FINAL else search.bounds[level]
            del search.bounds[level + 1 :]
            search.bounds.append(bound)
            return level + 1
        search.memo.left(search.boards[level], level, solutions)
        if level == 0:
            return -1
        level -= 1
        search.untake(level)
        branches = True
