"""What does the pure-Python bitset search search? A problem's table, as the compiled one lays it
out (dlx/engines/bitset/csrc/bitset.h explains it): each cell a bit at its position, each other
item a bit after the cells, each option the mask of its cells and others; the options anchored
at their least primary cell, each other's options, the final options (without a primary cell);
each cell's neighbours, and whether the region checks are sound.

Python's integers are bitsets of any width, so the twin needs no words and no window: a node
tests every option anchored at its cell, where the compiled search tests only those its window
lets through; both meet the options that fit in the same order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from dlx.engines.bitset.layout import MAX_CELLS, MAX_OTHERS

MASK64 = (1 << 64) - 1
"""A word's bits."""
MAX_CLASSES = 8
"""The most distinct piece sizes the region checks take (more: no checks)."""


class TableError(ValueError):
    """The cells or the others do not fit a bitset table (the caller checks before)."""


@dataclass
class Table:
    """A problem's bitset table (see the module's text); `anchored[c]` the options whose least
    primary cell is c, in order, `covers[c]` those covering primary cell c (with a primary
    item), and `holding[o]` those holding other o."""

    positions: int
    others: int
    cells: int = 0
    primary: int = 0
    secondary: int = 0
    counted: int = 0
    required: int = 0
    lo: list[int] = field(default_factory=list)
    hi: list[int] = field(default_factory=list)
    masks: list[int] = field(default_factory=list)
    anchored: list[list[int]] = field(default_factory=list)
    holding: list[list[int]] = field(default_factory=list)
    covers: list[list[int]] = field(default_factory=list)
    finals: list[int] = field(default_factory=list)
    near: list[int] = field(default_factory=list)
    borders: list[int] = field(default_factory=list)
    class_size: list[int] = field(default_factory=list)
    class_mask: list[int] = field(default_factory=list)
    regions: bool = False
    memo: dict[int, tuple[int, ...]] = field(default_factory=dict)
    """The memo of failures' slots the searches that ask share (csrc/bitset.h), one at a time."""
    memo_lent: bool = False

    def bit(self, other: int) -> int:
        """The bit of other item `other`."""
        return 1 << (self.positions + other)


def build_table(
    positions: int,
    position: Sequence[int],
    lo: Sequence[int],
    hi: Sequence[int],
    primary: int,
    options: Sequence[Sequence[int]],
    neighbours: Sequence[Sequence[int]] | None,
) -> Table:
    """The table of items numbered 0.., item i at cell position[i] (-1: an other item) with
    bounds lo[i]..hi[i], the first `primary` primary; `options` by item number; each
    position's neighbours, or None (no region checks)."""
    others = [i for i, p in enumerate(position) if p < 0]
    if not 1 <= positions <= MAX_CELLS or len(others) > MAX_OTHERS:
        raise TableError("too many cells or other items for a bitset table")
    table = Table(positions, len(others))
    number = {item: k for k, item in enumerate(others)}
    _sort_items(table, position, lo, hi, primary, number)
    least = _read_options(table, position, number, options)
    table.anchored = [[] for _ in range(positions)]
    table.holding = [[] for _ in range(table.others)]
    pieces = sum(1 << table.positions + number[i] for i in others if i < primary)
    table.covers = [[] for _ in range(positions)]
    for o, mask in enumerate(table.masks):
        if least[o] < positions:
            table.anchored[least[o]].append(o)
            for p in bits(mask & table.primary):
                table.covers[p].append(o)
        elif mask & pieces:  # (no solution holds an option without a primary item)
            table.finals.append(o)
        for k in range(table.others):
            if mask & table.bit(k):
                table.holding[k].append(o)
    if neighbours is not None:
        _adjacency(table, neighbours, [number[i] for i in others if i < primary])
        table.borders = [_border(table, mask) for mask in table.masks]
    return table


def _sort_items(
    table: Table,
    position: Sequence[int],
    lo: Sequence[int],
    hi: Sequence[int],
    primary: int,
    number: dict[int, int],
) -> None:
    """The cells' masks and the others' bounds, counted and required masks."""
    table.lo, table.hi = [0] * table.others, [1] * table.others
    for i, p in enumerate(position):
        if p < 0:
            o = number[i]
            table.lo[o], table.hi[o] = lo[i], hi[i]
            if hi[i] > 1:
                table.counted |= table.bit(o)
            elif lo[i] == 1:
                table.required |= table.bit(o)
            continue
        if p >= table.positions or table.cells >> p & 1 or hi[i] != 1 or lo[i] != (i < primary):
            raise TableError("a cell out of range, twice, or not bounded 0..1 or 1..1")
        table.cells |= 1 << p
        if i < primary:
            table.primary |= 1 << p
        else:
            table.secondary |= 1 << p


def _read_options(
    table: Table, position: Sequence[int], number: dict[int, int], options: Sequence[Sequence[int]]
) -> list[int]:
    """Each option's mask into the table; its least primary cell (positions for none)."""
    least = []
    for items in options:
        mask, low = 0, table.positions
        for i in items:
            p = position[i]
            mask |= 1 << p if p >= 0 else table.bit(number[i])
            if p >= 0 and table.primary >> p & 1:
                low = min(low, p)
        table.masks.append(mask)
        least.append(low)
    return least


def _adjacency(table: Table, neighbours: Sequence[Sequence[int]], pieces: list[int]) -> None:
    """The neighbours' masks, and the region checks where they are sound (`pieces`: the
    primary others)."""
    table.near = [0] * table.positions
    for p, around in enumerate(neighbours):
        for q in around:
            table.near[p] |= table.cells & 1 << q
    sizes = _piece_sizes(table, set(pieces))
    if sizes is None:
        return
    for o, size in sorted(sizes.items()):
        if size not in table.class_size:
            table.class_size.append(size)
            table.class_mask.append(0)
        table.class_mask[table.class_size.index(size)] |= table.bit(o)
    if len(table.class_size) > MAX_CLASSES:
        table.class_size, table.class_mask = [], []
        return
    table.regions = True


def _border(table: Table, mask: int) -> int:
    """The cells next to those of `mask`, off it."""
    border = 0
    for p in bits(mask & table.cells):
        border |= table.near[p]
    return border & ~mask


def _piece_sizes(table: Table, pieces: set[int]) -> dict[int, int] | None:
    """Each piece's size, where every option holds exactly one piece, all of whose options
    have its size, and every option's cells are connected; else None."""
    sizes: dict[int, int] = {}
    for mask in table.masks:
        held = [o for o in pieces if mask & table.bit(o)]
        cells = mask & table.cells
        size = cells.bit_count()
        if len(held) != 1 or size == 0 or sizes.setdefault(held[0], size) != size:
            return None
        if not _connected(table, cells):
            return None
    return sizes


def _connected(table: Table, cells: int) -> bool:
    """Whether the cells of `cells` are connected through their neighbours."""
    reached = todo = cells & -cells
    while todo:
        p = (todo & -todo).bit_length() - 1
        todo &= todo - 1
        grown = table.near[p] & cells & ~reached
        reached |= grown
        todo |= grown
    return reached == cells


def bits(mask: int) -> list[int]:
    """The positions of the bits of `mask`, least first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def fitting(table: Table, board: int, options: Sequence[int], enough: int) -> int:
    """How many of `options` fit `board`: at most `enough` (the count stops there)."""
    n = 0
    masks = table.masks
    for o in options:
        if not masks[o] & board:
            n += 1
            if n >= enough:
                break
    return n


def other_bits(table: Table) -> int:
    """The bits of every other item."""
    return ((1 << table.others) - 1) << table.positions


def others_of(table: Table, mask: int) -> list[int]:
    """The other items whose bits `mask` holds, least first."""
    found = []
    mask >>= table.positions
    k = 0
    while mask:
        if mask & 1:
            found.append(k)
        mask >>= 1
        k += 1
    return found


def region(table: Table, seed: int, free: int, limit: int) -> tuple[int, int]:
    """The region of free cells holding `seed`, grown a cell at a time, and its size; past
    `limit` cells, the part grown so far and a size above the limit."""
    region = todo = seed
    size = 0
    while todo:
        size += 1
        if size > limit:
            break
        p = (todo & -todo).bit_length() - 1
        todo &= todo - 1
        grown = table.near[p] & free & ~region
        region |= grown
        todo |= grown
    return region, size


def regions_ok(table: Table, child: int, o: int, limit: int, room: Sequence[int]) -> bool:
    """Whether each region of free cells next to option o on the board `child`, of primary
    cells alone and at most `limit` cells, is the size of a sum of the pieces left (`room`:
    how many more times each other may be covered)."""
    free = table.cells & ~child
    seeds = table.borders[o] & free
    while seeds:
        grown, size = region(table, seeds & -seeds, free, limit)
        seeds &= ~grown
        small = size <= limit and not grown & table.secondary
        if small and not achievable(table, child, size, room):
            return False
    return True


def achievable(table: Table, board: int, size: int, room: Sequence[int]) -> bool:
    """Whether `size` cells can be covered by the pieces left on `board`."""
    sums = 1
    for c, piece_size in enumerate(table.class_size):
        mask = table.class_mask[c]
        left = (mask & ~board & ~table.counted).bit_count()
        left += sum(room[k] for k in others_of(table, mask & table.counted))
        if len(table.class_size) == 1:
            return size % piece_size == 0 and size // piece_size <= left
        more = sums
        while left > 0 and more:
            more = (more << piece_size) & MASK64 if piece_size < 64 else 0
            sums |= more
            left -= 1
    return bool(sums >> size & 1)
