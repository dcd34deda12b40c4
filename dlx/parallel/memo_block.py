"""Where do the worker processes of this machine keep the memo of failures they share? In a
block of memory the pool maps before it starts them (`made`), which each inherits as it is
forked and lends to its searches as it starts (`adopted`): the bitset engine keeps its table's
memo there (`dlx.engines.bitset.engine.lend_memo`), its slots guarded, so that a dead end one
worker found is one for them all. Parts go out in search order, so the workers search side by
side in one region of the tree, and each met the dead ends the other had just found: with a
memo each, pentominoes in 6 x 10 counted with two jobs visited 1.25 times one search's nodes,
Scott's 8 x 8 1.06 times.

The block is anonymous shared memory: only the slots a search touches take memory, nothing is
left behind however the run ends (the system frees it with the last process that maps it), and
no file system's room limits it. Workers that are not forked (another start method) inherit no
block: each keeps its own memo, as a cluster's workers do.
"""

from __future__ import annotations

import mmap
import multiprocessing

from dlx.engines.bitset import engine as bitset
from dlx.engines.bitset.plan import MEMO_MOST

SIZE = 2 * MEMO_MOST
"""The block's bytes: the largest memo, with a version word beside each key of one word or
more (`lend_memo`)."""

_made: list[mmap.mmap] = []
"""The block this process mapped for the workers it forks next."""


def made() -> mmap.mmap | None:
    """A new block of SIZE zeros, which the workers this process forks next will map (it
    replaces the one before); None where workers are not forked, or the system lends none."""
    if multiprocessing.get_start_method() != "fork" or not hasattr(mmap, "MAP_SHARED"):
        return None
    try:
        block = mmap.mmap(-1, SIZE, flags=mmap.MAP_SHARED)
    except OSError:
        return None
    _made[:] = [block]
    return block


def adopted() -> None:
    """Lend the block this worker inherited, if any, to its bitset searches."""
    if _made and not _made[0].closed:
        bitset.lend_memo(memoryview(_made[0]))


def released(block: mmap.mmap | None) -> None:
    """Give back the block the pool made, once its workers are gone."""
    if block is None:
        return
    if _made and _made[0] is block:
        _made.clear()
    block.close()
