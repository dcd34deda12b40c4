"""The memo of failures is sized to the tree the plan estimates (`plan.memo_bytes`): a small
tree sets up a small memo, a large one a larger memo, within bounds; the size never changes
what a search finds, and both cores keep the same slots, whatever the size (the property test
in test_bitset.py draws sizes down to one slot)."""

from __future__ import annotations

import pytest

from dlx import Stats
from dlx.engines.bitset import COMPILED, plan
from dlx.engines.bitset import engine as bitset
from dlx.engines.settings import SearchSettings
from dlx.tiling.build import build, engine_keywords
from dlx.tiling.drawn import read_picture

CORES = ["python", "compiled"] if COMPILED else ["python"]


def test_the_memo_grows_with_the_tree_within_its_bounds() -> None:
    assert plan.memo_bytes(0) == plan.MEMO_LEAST
    assert plan.memo_bytes(1e3) == plan.MEMO_LEAST
    nodes = 4 * plan.MEMO_LEAST / plan.MEMO_PER_NODE
    assert plan.memo_bytes(nodes) == 4 * plan.MEMO_LEAST
    assert plan.memo_bytes(2 * nodes) == 8 * plan.MEMO_LEAST
    assert plan.memo_bytes(1e12) == plan.MEMO_MOST


def planned_bytes(picture: str, core: str) -> int:
    """The bytes of the memo a search of the picture's tiling gets from its plan."""
    tiling = build(read_picture(picture))
    layout = engine_keywords(tiling)["layout"]
    built = bitset.built_for(tiling.problem, layout, core)
    bitset.planned(built, core)
    return built.memo_bytes


def test_a_larger_tree_gets_a_larger_memo_alike_on_both_cores() -> None:
    small = {core: planned_bytes("board 3x20\npieces pentominoes\n", core) for core in CORES}
    large = {core: planned_bytes("board 6x10\npieces pentominoes\n", core) for core in CORES}
    assert set(small.values()) == {plan.MEMO_LEAST}
    assert len(set(large.values())) == 1  # (the same estimate, the same slots)
    assert 4 * plan.MEMO_LEAST <= large["python"] <= plan.MEMO_MOST


@pytest.mark.parametrize("core", CORES)
def test_the_first_cell_search_keeps_the_memo_it_had(core: str) -> None:
    """Without a plan (`choose="first"`) nothing is estimated: the memo is MEMO_UNPLANNED."""
    tiling = build(read_picture("board 3x20\npieces pentominoes\n"))
    keywords = engine_keywords(tiling)
    built = bitset.built_for(tiling.problem, keywords["layout"], core)
    first = SearchSettings(core=core, choose="first", **keywords)  # type: ignore[arg-type]
    assert sum(1 for _ in bitset.search(tiling.problem, Stats(), first)) == 8
    assert built.plan is None and bitset._memo(built, first) == plan.MEMO_UNPLANNED
    mrv = SearchSettings(core=core, **keywords)  # type: ignore[arg-type]
    assert sum(1 for _ in bitset.search(tiling.problem, Stats(), mrv)) == 8
    assert built.plan is not None and bitset._memo(built, mrv) == plan.MEMO_LEAST
