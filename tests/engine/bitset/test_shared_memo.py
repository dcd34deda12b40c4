"""The memo of failures the parts of a parallel search share (`SearchSettings.shared_memo`):
a search that asks keeps what fails in its table's memo, so a later one of the same problem
in the process (the next part) finds those dead ends at once; one that does not ask starts
with an empty memo, its figures those of a first search; one that asks while another holds
the memo keeps its own. The compiled core and its twin make the same trees throughout."""

from __future__ import annotations

import pytest

from dlx import Stats
from dlx.engines.bitset import COMPILED
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
