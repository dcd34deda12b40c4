"""`choose="auto"`: a short probe of the frontier and random probes of MRV's tree pick the item
choice per problem (`dlx.engines.zdd.compiled.choose_mrv`); the ZDD is then the chosen one's,
node for node, and counts as the enumerating engines count. And a memo capped short of what a
board needs thins its levels out, so that the work stays within a small multiple."""

from __future__ import annotations

import random
import re
from pathlib import Path
from unittest import mock

import pytest
from commands import invoke_dlx
from hypothesis import given, settings
from strategies import coloured_raw_problems, problems
from test_zdd import dominoes, transfer_matrix

import dlx
from dlx import Problem, ZddUnsupportedError, zdd
from dlx.engines.zdd import compiled as zdd_compiled
from dlx.engines.zdd.plan import compile_plan
from dlx.tiling.build import build, tiling_order
from dlx.tiling.drawn import read_picture

pytestmark = pytest.mark.skipif(
    not zdd_compiled.COMPILED, reason="the compiled ZDD search was not built"
)
SCOTT = "board\n" + "\n".join(["########"] * 3 + ["###..###"] * 2 + ["########"] * 3)
"""Dana Scott's 8x8 less its centre, as `dlx tile` reads it (the pieces added per test)."""


def tiling(text: str) -> tuple[Problem[object], list[str]]:
    """The problem of a `dlx tile` picture and the frontier's order `dlx tile --zdd` gives it."""
    built = build(read_picture(text))
    return built.problem, tiling_order(built)


def test_mrv_on_scotts_pentominoes_where_the_frontier_meets_few_repeats() -> None:
    problem, order = tiling(SCOTT + "\npieces pentominoes\n")
    diagram = zdd(problem, item_order=order, choose="auto")
    assert diagram.stats.choice == "mrv"
    assert diagram.count() == dlx.count(problem, engine="cells")


def less(holes: set[tuple[int, int]]) -> str:
    """The 8x8 board less the cells `holes`, as `dlx tile` reads it."""
    rows = ("".join("." if (r, c) in holes else "#" for c in range(8)) for r in range(8))
    return "board\n" + "\n".join(rows) + "\npieces pentominoes\n"


@pytest.mark.parametrize(
    "holes",
    [{(1, 1), (2, 2), (5, 5), (6, 6)}, {(0, 0), (0, 1), (1, 0), (1, 1)}],
    ids=["diagonal", "corner"],
)
def test_mrv_where_its_counts_make_its_nodes_cheap_enough(holes: set[tuple[int, int]]) -> None:
    """Priced as its counts cost it (not as its scans did), MRV wins these boards: searched
    faster with it (0.38 s against 0.45 s, 2.0 s against 4.3 s), where auto took the frontier."""
    problem, order = tiling(less(holes))
    diagram = zdd(problem, item_order=order, choose="auto")
    assert diagram.stats.choice == "mrv"
    solution = diagram.random(random.Random(34))
    assert solution is not None
    dlx.verify(problem, solution)


def test_the_frontier_on_a_long_pentomino_board_where_its_sweep_repeats() -> None:
    problem, order = tiling("board 4x15\npieces pentominoes\n")
    diagram = zdd(problem, item_order=order, choose="auto")
    assert diagram.stats.choice == "frontier"
    assert diagram.count() == dlx.count(problem, engine="cells")


@pytest.mark.parametrize(("n", "order"), [(6, "frontier"), (14, "sweep")])
def test_a_frontier_on_domino_boards_whose_memo_answers_much(n: int, order: str) -> None:
    """Never MRV where the memo answers; on 14 x 14 the sweep's diagonals (124 K nodes) rather
    than the rows (485 K)."""
    diagram = zdd(dominoes(n, n), choose="auto")
    assert diagram.stats.choice == order
    assert diagram.count() == transfer_matrix(n, n)


def test_a_probe_that_finishes_is_the_answer() -> None:
    probed = zdd(dominoes(6, 6), choose="auto")
    plain = zdd(dominoes(6, 6), choose="frontier")
    assert probed.stats.nodes == plain.stats.nodes < zdd_compiled.PROBE_NODES
    assert (probed.var, probed.lo, probed.hi) == (plain.var, plain.lo, plain.hi)


def test_where_the_memo_answers_the_frontier_is_kept_without_estimating() -> None:
    plan = compile_plan(dominoes(4, 4))
    nodes = 1000
    with mock.patch.object(zdd_compiled, "_zdd", None):  # an estimate would fail
        assert not zdd_compiled.choose_mrv(plan, nodes, nodes // zdd_compiled.MEMO_PAYS, 0.5)
        assert not zdd_compiled.choose_mrv(plan, nodes, 0, 0.0)


@settings(max_examples=100, deadline=None)
@given(problems())
def test_auto_is_the_chosen_searchs_zdd_and_counts_as_the_engine(
    drawn: tuple[Problem[int], object],
) -> None:
    problem, _ = drawn
    with mock.patch.object(zdd_compiled, "PROBE_NODES", 2):  # the estimates decide
        auto = zdd(problem, choose="auto")
    chosen = zdd(problem, choose=auto.stats.choice, core="python")  # type: ignore[arg-type]
    assert (auto.var, auto.lo, auto.hi) == (chosen.var, chosen.lo, chosen.hi)
    assert auto.root == chosen.root
    assert auto.count() == dlx.count(problem)


@settings(max_examples=100, deadline=None)
@given(coloured_raw_problems())
def test_auto_estimates_with_colours_and_tallies(raw: object) -> None:
    problem = raw.build()  # type: ignore[attr-defined]
    try:
        with mock.patch.object(zdd_compiled, "PROBE_NODES", 2):
            auto = zdd(problem, choose="auto")
    except ZddUnsupportedError:
        assert problem.has_multiplicities
        return
    chosen = zdd(problem, choose=auto.stats.choice, core="python")
    assert (auto.var, auto.lo, auto.hi) == (chosen.var, chosen.lo, chosen.hi)
    assert auto.count() == dlx.count(problem)


def test_max_nodes_within_the_probe_is_the_frontiers_budget() -> None:
    with pytest.raises(dlx.BudgetError, match="max_nodes"):
        zdd(dominoes(8, 8), choose="auto", max_nodes=10)


def test_tile_says_its_choice_and_a_choice_given_wins(tmp_path: Path) -> None:
    board = tmp_path / "scott.txt"
    board.write_text(SCOTT + "\npieces pentominoes\n")
    args = ["tile", str(board), "--count", "--zdd", "--stats"]
    auto = invoke_dlx(args)
    given_choice = invoke_dlx([*args, "--zdd-choose", "frontier"])
    assert auto.exit_code == given_choice.exit_code == 0
    assert auto.stdout == given_choice.stdout == f"{dlx.count(tiling(board.read_text())[0])}\n"
    assert re.search(r"core: compiled, choice: mrv$", auto.stderr.strip())
    assert re.search(r"core: compiled, choice: frontier$", given_choice.stderr.strip())


def test_a_choice_without_zdd_is_refused() -> None:
    done = invoke_dlx(["tile", "--board", "3x20", "--pieces", "pentominoes",
                               "--zdd-choose", "mrv"])  # fmt: skip
    assert done.exit_code == 2
    assert "go with --zdd" in done.stderr


@pytest.mark.parametrize("share", [2, 4])
def test_a_memo_cap_short_of_the_need_thins_levels_and_the_work_stays_bounded(share: int) -> None:
    whole = zdd(dominoes(12, 12), choose="frontier")
    capped = zdd(
        dominoes(12, 12),
        choose="frontier",
        memo_mb=whole.stats.bytes / share / 2**20,
        max_nodes=4 * whole.stats.nodes,  # (emptying the memo instead passed 50 times)
    )
    assert capped.stats.given_up > 0
    assert capped.count() == whole.count()
    assert (capped.var, capped.lo, capped.hi) == (whole.var, whole.lo, whole.hi)
