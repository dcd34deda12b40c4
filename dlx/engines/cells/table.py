"""How a problem is laid out for dancing cells: SSXCC's node and set arrays, built once, and
how deep a search of them may save.

`dlx.engines.cells.twin` explains the structure and dances on copies of it; the compiled core
(dlx/engines/cells/csrc/cells.c, `cells_table_init`) builds the same arrays in C, and raises its
`refuse_deeper` from here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, NoReturn

from dlx.errors import SizeLimitError

MAX_SAVED = 25_000_000
"""The most item sizes a search's save stack holds: the items active at each level of the path,
so items times depth (CELLS_MAX_SAVED in csrc/cells.h). Past it the search is refused with
SizeLimitError rather than taking gigabytes (8 bytes a size in C, more in Python)."""


def refuse_deeper(limit: int = MAX_SAVED) -> NoReturn:
    """Refuse to save more than `limit` item sizes (both cores call this)."""
    raise SizeLimitError(
        f"the dancing-cells engine would save more than {limit} item sizes (the items "
        "active at each level, times the depth; the limit): search with the links engine"
    )


class Table(NamedTuple):
    """SSXCC's arrays for one problem, pristine: a search works on copies (`fresh`)."""

    cell: list[int]  # item headers (pos, size) and sets, as described above
    item: list[int]  # the items' sets, primary first: the sparse set of active items
    itm: list[int]  # per node: its item's set index; minus the length at a spacer
    loc: list[int]  # per node: where it sits in its item's set
    clr: list[int]  # per node: its colour, 0 for none
    second: int  # the set index of the first secondary item (or past the last item)
    first_node: list[int]  # per option number: its first node
    option_of: list[int]  # per node: its option's number (-1 at a spacer)
    bad: bool  # some primary item has no option: no search at all, as in SSXCC


def build_table(
    primary: int,
    item_count: int,
    options: Sequence[Sequence[int]],
    colours: Sequence[Sequence[int]],
) -> Table:
    """The arrays of a problem with `primary` primary items among `item_count`, given its
    options (item numbers) and their colours. Options without a primary item are left out of
    every set, as SSXCC ignores them."""
    kept = [any(i < primary for i in option) for option in options]
    sizes = [0] * item_count
    for option, keep in zip(options, kept, strict=True):
        if keep:
            for i in option:
                sizes[i] += 1
    item, base = [], 2
    for i in range(item_count):
        item.append(base)
        base += 2 + sizes[i]
    cell = [0] * base
    for k, x in enumerate(item):
        cell[x - 2], cell[x - 1] = k, 0
    second = item[primary] if primary < item_count else base
    itm, loc, clr, option_of, first_node = [0], [0], [0], [-1], []
    for number, option in enumerate(options):
        first_node.append(len(itm))
        for i, colour in zip(option, colours[number], strict=True):
            x = item[i]
            itm.append(x)
            clr.append(colour)
            option_of.append(number)
            if kept[number]:
                loc.append(x + cell[x - 1])
                cell[x + cell[x - 1]] = len(itm) - 1
                cell[x - 1] += 1
            else:
                loc.append(0)
        itm.append(-len(option))
        loc.append(0)
        clr.append(0)
        option_of.append(-1)
    bad = any(s == 0 for s in sizes[:primary])
    return Table(cell, item, itm, loc, clr, second, first_node, option_of, bad)


def givens_fit(table: Table, givens: Sequence[int]) -> bool:
    """Whether the options `givens` can be chosen together: distinct, no item covered twice,
    a coloured secondary item given one colour only."""
    if len(set(givens)) != len(givens):
        return False
    painted: dict[int, int] = {}
    covered: set[int] = set()
    for number in givens:
        node = table.first_node[number]
        while table.itm[node] >= 0:
            x, colour = table.itm[node], table.clr[node]
            if x >= table.second and colour:
                if painted.setdefault(x, colour) != colour or x in covered:
                    return False
            elif x in covered or x in painted:
                return False
            else:
                covered.add(x)
            node += 1
    return True
