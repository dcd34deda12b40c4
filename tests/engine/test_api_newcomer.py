"""What a Python developer met, trying the engine from the README and `help()` alone (issue 56):
a shorthand cut short by a budget never returns what reads as an answer; every bad input, a
puzzle's and a tiling's included, is a `DlxError`; a wrong argument is a `TypeError` naming it;
strings of items say where they bite; what a prompt echoes is one readable line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from places import ROOT

import dlx
from dlx import (
    BudgetError,
    DlxError,
    EngineOptionError,
    OutOfBudgetError,
    Problem,
    PuzzleError,
    SearchOptionError,
    Stats,
    Status,
    count,
    first,
    solve,
    zdd,
)
from dlx.puzzles import queens


def test_a_count_cut_short_by_a_budget_raises_and_stats_give_the_figures() -> None:
    with pytest.raises(OutOfBudgetError, match="the count is unknown") as raised:
        count(queens.problem(12), max_nodes=1000)
    assert isinstance(raised.value, BudgetError) and isinstance(raised.value, DlxError)
    assert raised.value.stats.status is Status.BUDGET and raised.value.stats.nodes == 1000
    stats = Stats()
    found = count(queens.problem(12), max_nodes=1000, stats=stats)
    assert (found, stats.status) == (raised.value.stats.solutions, Status.BUDGET)
    assert count(queens.problem(6), max_nodes=10_000) == 4  # within its budget: an answer


def test_a_first_solution_cut_short_raises_and_none_means_none() -> None:
    with pytest.raises(OutOfBudgetError, match="the first solution is unknown"):
        first(queens.problem(12), max_nodes=3)
    stats = Stats()
    assert first(queens.problem(12), max_nodes=3, stats=stats) is None
    assert stats.status is Status.BUDGET
    assert first(queens.problem(3)) is None  # proven: no solution
    assert first(queens.problem(12), max_nodes=10_000) is not None


def test_a_zdd_cut_short_raises_the_same_error() -> None:
    with pytest.raises(OutOfBudgetError):
        zdd(queens.problem(8), max_nodes=5)


def test_every_bad_input_is_a_dlx_error() -> None:
    from dlx.tiling.drawn import read_picture
    from dlx.tiling.errors import TileError

    assert issubclass(PuzzleError, DlxError) and issubclass(TileError, PuzzleError)
    from dlx.puzzles import sudoku

    with pytest.raises(DlxError, match="no `piece` nor `pieces` line"):
        read_picture("board 6x10\n")
    with pytest.raises(DlxError):
        sudoku.parse("12")


def test_a_wrong_argument_is_a_type_error_naming_it() -> None:
    with pytest.raises(TypeError, match=r"a search takes a dlx\.Problem, not 'str'"):
        solve("abc")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="unexpected keyword argument 'lmit'") as raised:
        count(queens.problem(4), lmit=1)  # type: ignore[call-arg]
    assert "SearchSettings" not in str(raised.value)


@pytest.mark.parametrize(
    ("keywords", "message"),
    [
        ({"choose": "bogus"}, "choose must be 'mrv', 'first' or 'sweep', not 'bogus'"),
        ({"limit": 0}, r"limit must be at least 1 \(None: no limit\), not 0"),
        ({"item_order": ["r0", "r0"]}, "item_order names an item twice"),
        ({"engine": "bogus"}, "engine must be 'links', 'cells' or 'bitset', not 'bogus'"),
    ],
)
def test_a_malformed_search_keyword_is_a_search_option_error(
    keywords: dict[str, object], message: str
) -> None:
    with pytest.raises(SearchOptionError, match=message):
        count(queens.problem(4), **keywords)  # type: ignore[arg-type]
    assert issubclass(EngineOptionError, SearchOptionError)


def test_a_string_of_items_is_its_characters_and_says_so_where_it_bites() -> None:
    assert Problem(primary="abc").items == ["a", "b", "c"]
    with pytest.raises(dlx.UnknownItemError, match="given as a string, one item per character"):
        Problem(primary="row1").add_option("x", ["row1"])
    with pytest.raises(dlx.UnknownItemError) as raised:
        Problem(primary=["row1"]).add_option("x", ["row2"])
    assert "string" not in str(raised.value)


def test_an_item_declared_twice_says_as_what() -> None:
    with pytest.raises(dlx.DuplicateItemNameError, match="'b' is declared as primary and as"):
        Problem(["a", "b"], ["b"])
    with pytest.raises(dlx.DuplicateItemNameError, match="'x' is declared twice"):
        Problem(["a"], ["x", "x"])


def test_what_a_prompt_echoes_is_one_short_line() -> None:
    from dlx.tiling.build import build
    from dlx.tiling.drawn import read_picture

    assert repr(queens.problem(4)) == "Problem with 8 primary items, 14 secondary items, 16 options"
    tiling = build(read_picture("board 6x10\npieces pentominoes\n"))
    assert repr(tiling) == "Tiling of 12 pieces on 60 spots (2056 placements)"
    assert repr(tiling.puzzle.grid) == "Grid(name='square', dims=2, solid=False)"
    assert repr(tiling.puzzle).startswith("Puzzle on the square grid: 60 spots; pieces F, I, L")
    assert not [name for name in dir(dlx) if name.startswith("_") and not name.startswith("__")]
    assert {"ModuleType", "sys"}.isdisjoint(dir(dlx))


@pytest.mark.parametrize("core", ["python", "compiled"])
def test_stats_name_the_core_that_searched(core: str) -> None:
    from dlx.engines.links.engine import COMPILED

    if core == "compiled" and not COMPILED:
        pytest.skip("the compiled core was not built")
    stats = Stats()
    list(solve(queens.problem(5), stats=stats, core=core))  # type: ignore[arg-type]
    assert (stats.engine, stats.core) == ("links", core)


def test_the_type_checker_refuses_a_budget_of_the_wrong_type(tmp_path: Path) -> None:
    """`count` and `first` take `solve`'s keywords, typed: mypy refuses `timeout="5"`."""
    snippet = tmp_path / "snippet.py"
    snippet.write_text(
        "from dlx import count, first\nfrom dlx.puzzles import queens\n"
        'count(queens.problem(4), timeout="5")\nfirst(queens.problem(4), lmit=1)\n'
    )
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(snippet)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 1, done.stdout
    assert 'Argument "timeout" to "count" has incompatible type "str"' in done.stdout
    assert 'Unexpected keyword argument "lmit" for "first"' in done.stdout
