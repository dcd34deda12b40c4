"""The memo of failures of the bitset search's twin, as the compiled search keeps it
(dlx/engines/bitset/csrc/bitset.h explains it): a direct-mapped table of the states left without
a solution, each the key of a board (its cells covered, its others used up) in the slot a hash
of its words picks; the same slots, the same hash and the same replacement, so that both
searches make the same tree.
"""

from __future__ import annotations

from dlx.engines.bitset.table import MASK64, Table

MEMO_BOUND = 1 << 30
"""The most bytes a memo of failures' table may take (BS_MEMO_BOUND)."""
MEMO_SEED, MEMO_MULTIPLIER = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9
"""The memo's hash (csrc/search.c's): each word mixed in by xor and the multiplier."""


class Memo:
    """The memo of failures (csrc/bitset.h), as the compiled search keeps it: a table of
    slots, the most (a power of two, at least one) within `size` bytes (at most MEMO_BOUND) of the
    board's words, each holding the key of the last failed node its hash picked; off where
    the table has counted others, or `size` is 0."""

    def __init__(self, table: Table, size: int) -> None:
        self.table = table
        self.cwords = 1 if table.positions <= 64 else 2 if table.positions <= 128 else 4
        others = table.others
        self.owords = 0 if others == 0 else 1 if others <= 64 else 4
        most = min(size, MEMO_BOUND) // (8 * (self.cwords + self.owords))
        self.mask = (1 << max(most, 1).bit_length() - 1) - 1
        self.slots: dict[int, tuple[int, ...]] = {}
        self.on = not table.counted and size > 0  # (a table with counted others has no memo)
        self.states: list[int] = []  # per level: the solutions before it, where it is a state

    def share(self) -> bool:
        """Keep the slots in the table's memo, which the searches of the table that ask share,
        where no other search holds it now (csrc/search.c's bs_search_share): whether it does
        (the search gives it back as it ends)."""
        table = self.table
        if not self.on or table.memo_lent:
            return False
        self.slots, table.memo_lent = table.memo, True
        return True

    def key(self, board: int) -> tuple[int, tuple[int, ...]]:
        """The slot of `board` and its key: the words of its cells covered, then those of its
        others (set: used up)."""
        table = self.table
        cells = board & table.cells
        others = board >> table.positions & (1 << table.others) - 1
        words = [cells >> 64 * i & MASK64 for i in range(self.cwords)]
        words += [others >> 64 * i & MASK64 for i in range(self.owords)]
        h = MEMO_SEED
        for word in words:
            h = (h ^ word) * MEMO_MULTIPLIER & MASK64
        return (h ^ h >> 29) & self.mask, tuple(words)

    def holds(self, board: int) -> bool:
        """Whether the memo holds `board`: a dead end."""
        slot, key = self.key(board)
        return self.slots.get(slot) == key

    def add(self, board: int) -> None:
        """Put `board` in the memo, in place of what its slot held."""
        slot, key = self.key(board)
        self.slots[slot] = key

    def entered(self, board: int, level: int, below_final: bool, solutions: int) -> bool:
        """Whether the node at `level` (on `board`) is a state the memo holds: a dead end. Else,
        where it is a state (a node below a cell or a piece, not `below_final`), it is marked to
        go into the memo should it end with no more than `solutions` found."""
        state = self.on and level > 0 and not below_final
        held = state and self.holds(board)
        del self.states[level:]
        self.states.append(solutions if state and not held else -1)
        return held

    def left(self, board: int, level: int, solutions: int) -> None:
        """The node at `level` (on `board`) is left with `solutions` found so far: into the
        memo if it is a state that found none."""
        if self.states[level] == solutions:
            self.add(board)
