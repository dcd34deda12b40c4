"""The memo of failures the parts of a parallel search share (`SearchSettings.shared_memo`):
a search that asks keeps what fails in its table's memo, so a later one of the same problem
in the process (the next part) finds those dead ends at once; one that does not ask starts
with an empty memo, its figures those of a first search; one that asks while another holds
the memo keeps its own. The compiled core and its twin make the same trees throughout."""

from __future__ import annotations

import pytest

from dlx import Stats
from dlx.engines.bitset import COMPILED, plan
from dlx.engines.bitset import engine as bitset
from dlx.engines.settings import SearchSettings
from dlx.tiling.build import build, engine_keywords
from dlx.tiling.drawn import read_picture

CORES = ["python", "compiled"] if COMPILED else ["python"]


def searched(tiling: object, core: str, shared: bool) -> tuple[int, int]:
    """The solutions and nodes of one whole search of the tiling's problem."""
    stats = Stats()
    keywords = engine_keywords(tiling)  # type: ignore[arg-type]
    settings = SearchSettings(core=core, shared_memo=shared, **keywords)  # type: ignore[arg-type]
    found = sum(1 for _ in bitset.search(tiling.problem, stats, settings))  # type: ignore[attr-defined]
    return found, stats.nodes


def pentominoes() -> object:
    """The pentominoes in 3 x 20: a search whose memo finds many dead ends."""
    return build(read_picture("board 3x20\npieces pentominoes\n"))


@pytest.mark.parametrize("core", CORES)
def test_a_search_that_asks_leaves_its_failures_to_the_next(core: str) -> None:
    tiling = pentominoes()
    alone = searched(tiling, core, False)
    assert searched(tiling, core, False) == alone  # (an empty memo each time: the same tree)
    first = searched(tiling, core, True)
    assert first == alone  # (the table's memo was empty)
    second = searched(tiling, core, True)
    assert second[0] == alone[0] == 8 and second[1] < alone[1] / 2
    assert searched(tiling, core, False) == alone


def test_both_cores_make_the_same_trees_sharing() -> None:
    if not COMPILED:
        pytest.skip("the compiled bitset core was not built")
    figures = {}
    for core in CORES:
        tiling = pentominoes()
        figures[core] = [searched(tiling, core, True) for _ in range(3)]
    assert figures["python"] == figures["compiled"]


@pytest.mark.parametrize("core", CORES)
def test_a_search_that_asks_while_another_holds_the_memo_keeps_its_own(core: str) -> None:
    tiling = pentominoes()
    alone = searched(tiling, core, False)
    keywords = engine_keywords(tiling)
    holding = bitset.search(
        tiling.problem, Stats(), SearchSettings(core=core, shared_memo=True, **keywords)
    )
    next(holding)  # (it holds the table's memo until it ends)
    assert searched(tiling, core, True) == alone
    holding.close()
    assert searched(tiling, core, True)[1] < alone[1]


def lent(block: bytearray) -> None:
    """Lend `block` to this process's searches that share (as a pool's worker maps it)."""
    bitset.lend_memo(memoryview(block))


@pytest.mark.skipif(not COMPILED, reason="the compiled bitset core was not built")
def test_tables_that_map_one_block_meet_each_others_dead_ends() -> None:
    """Two tables of one problem (as two worker processes build them) keep their memo in one
    block: the second search meets the dead ends the first left there."""
    alone = searched(pentominoes(), "compiled", False)
    try:
        lent(bytearray(2 * plan.MEMO_LEAST))  # (room for its slots and their versions)
        first = searched(pentominoes(), "compiled", True)
        second = searched(pentominoes(), "compiled", True)
    finally:
        bitset.lend_memo(None)
    assert first == alone  # (the block was empty)
    assert second[0] == alone[0] and second[1] < alone[1] / 2
    assert searched(pentominoes(), "compiled", True) == alone  # (nothing lent: its own)


@pytest.mark.skipif(not COMPILED, reason="the compiled bitset core was not built")
def test_a_slot_being_written_is_never_a_dead_end() -> None:
    """Every word of the block odd: every slot's version says another process is writing it,
    so the searches neither read nor write one, and search the tree of no memo at all."""
    tiling = pentominoes()
    layout = engine_keywords(tiling)["layout"]
    built = bitset.built_for(tiling.problem, layout, "compiled")
    choice = bitset.planned(built, "compiled")
    bare = built.table.search([], 1 << 62, None, None, True, 0, choice, built.region_limit, 0)
    found = sum(1 for _ in bare)
    try:
        lent(bytearray((1).to_bytes(8, "little") * (2 << 17)))
        twice = [searched(pentominoes(), "compiled", True) for _ in range(2)]
    finally:
        bitset.lend_memo(None)
    assert twice == [(found, bare.stats()[0])] * 2
