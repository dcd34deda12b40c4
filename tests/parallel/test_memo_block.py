"""The block of memory the worker processes of this machine keep their memo of failures in
(`dlx.parallel.memo_block`): mapped by the pool before it forks them, inherited and lent to
each worker's searches, given back when the run ends; the workers then meet each other's dead
ends, so a parallel bitset search visits about the nodes of one search."""

from __future__ import annotations

import multiprocessing

import pytest

from dlx import Stats
from dlx.engines.bitset import COMPILED
from dlx.engines.bitset import engine as bitset
from dlx.engines.settings import SearchSettings
from dlx.parallel import Report, count_parallel, memo_block
from dlx.tiling import Puzzle

FORKED = multiprocessing.get_start_method() == "fork"


@pytest.mark.skipif(not FORKED, reason="workers are not forked here: they inherit no block")
def test_a_block_of_zeros_is_lent_to_a_workers_searches_and_given_back() -> None:
    block = memo_block.made()
    assert block is not None and len(block) == memo_block.SIZE
    assert block[:4096] == bytes(4096)
    try:
        memo_block.adopted(block)  # (as a worker forked now does, handed it)
        assert bitset._LENT and len(bitset._LENT[0]) == memo_block.SIZE
    finally:
        bitset.lend_memo(None)
    memo_block.released(block)
    assert block.closed
    memo_block.adopted(block)  # (given back: nothing to lend)
    memo_block.adopted(None)  # (a pool that made none)
    assert not bitset._LENT
    memo_block.released(None)


def test_workers_that_are_not_forked_keep_their_own(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(memo_block.multiprocessing, "get_start_method", lambda: "spawn")
    assert memo_block.made() is None


@pytest.mark.skipif(not COMPILED, reason="the compiled bitset core was not built")
def test_two_workers_visit_about_one_searchs_nodes() -> None:
    """Pentominoes in 6 x 10 on two worker processes: the right count, and, where the workers
    are forked and share the block, the nodes within 1.1 times one search's (with a memo each,
    the workers visited 1.25 times)."""
    puzzle = Puzzle.read("board 6x10\npieces pentominoes\n")
    tiling, keywords = puzzle.tiling(), puzzle.engine()
    stats = Stats()
    alone = sum(1 for _ in bitset.search(tiling.problem, stats, SearchSettings(**keywords)))
    report = Report()
    assert count_parallel(tiling.problem, jobs=2, report=report, **keywords) == alone == 9356
    if FORKED:
        assert report.stats.nodes <= 1.1 * stats.nodes
