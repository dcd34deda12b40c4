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
no file system's room limits it. It goes to each worker with the pool's initializer's
arguments, which a forked worker inherits as they are; workers that are not forked (another
start method) would need them pickled, so they get no block and each keeps its own memo, as a
cluster's workers do.
"""

from __future__ import annotations

import mmap
import multiprocessing

from dlx.engines.bitset import engine as bitset
from dlx.engines.bitset.plan import MEMO_MOST

SIZE = 2 * MEMO_MOST
"""The block's bytes: the largest memo, with a version word beside each key of one word or
more (`lend_memo`)."""


def made() -> mmap.mmap | None:
    """A new block of SIZE zeros for the workers a pool forks, each handed it as it starts
    (never through a global: a pool's workers may start after another pool made its block);
    None where workers are not forked, or the system lends no shared memory."""
    if multiprocessing.get_start_method() != "fork" or not hasattr(mmap, "MAP_SHARED"):
        return None
    try:
        return mmap.mmap(-1, SIZE, flags=mmap.MAP_SHARED)
    except OSError:
        return None


def adopted(block: mmap.mmap | None) -> None:
    """Lend `block` (inherited as the worker was forked; None: none) to its bitset searches."""
    if block is not None and not block.closed:
        bitset.lend_memo(memoryview(block))


def released(block: mmap.mmap | None) -> None:
    """Give back the block a pool made, once its workers are gone."""
    if block is not None:
        block.close()
