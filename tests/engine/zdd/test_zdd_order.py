"""The ZDD search's item order comes from the problem, not from the file (issue 50): the orders
`dlx.engines.zdd.order` derives (the sweep, reverse Cuthill-McKee) keep a grid's frontier thin
whatever order its cells are listed in, `choose="auto"` probes them beside the given order and
keeps the cheapest, and a permutation of a problem's items leaves its count and its solutions
as they were, through every choice and both cores."""

from __future__ import annotations

import os
import random
import re
import resource
import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from commands import invoke_dlx
from hypothesis import given, settings
from hypothesis import strategies as st
from places import ROOT
from strategies import Key, coloured_raw_problems, problems
from test_zdd import dominoes, transfer_matrix

import dlx
from dlx import Problem, ZddUnsupportedError, zdd
from dlx.engines.zdd import compiled as zdd_compiled
from dlx.engines.zdd.order import derived_orders, rcm_order, sweep_order
from dlx.engines.zdd.plan import compile_plan, reorder_plan
from dlx.knuth import parse_dlx
from dlx.puzzles import sudoku
from dlx.tiling.build import build
from dlx.tiling.spec import read_spec

COMPILED = pytest.mark.skipif(
    not zdd_compiled.COMPILED, reason="the compiled ZDD search was not built"
)
CORES = ["python", "compiled"] if zdd_compiled.COMPILED else ["python"]
CHOICES = ["frontier", "sweep", "rcm", "mrv", "auto"]

BOARDS = [(8, 30), (6, 40), (12, 12), (10, 10)]
"""The issue's boards: 8 x 30 and 6 x 40 (listed row by row, along the long side), 12 x 12 and
10 x 10 (listed shuffled), each also with its other listings."""
LISTINGS = ["rows", "columns", "shuffled"]


def listed(rows: int, columns: int, listing: str) -> str:
    """The domino tilings of a rows x columns board in Knuth's format, the cells declared row by
    row, column by column or shuffled (seed 50), each cell's dominoes to its right and below
    listed in that order: a file a person could write."""
    cells = [(r, c) for r in range(rows) for c in range(columns)]
    if listing == "columns":
        cells.sort(key=lambda cell: (cell[1], cell[0]))
    elif listing == "shuffled":
        random.Random(50).shuffle(cells)
    lines = [" ".join(f"{r}_{c}" for r, c in cells)]
    for r, c in cells:
        lines += [f"{r}_{c} {r}_{c + 1}"] if c + 1 < columns else []
        lines += [f"{r}_{c} {r + 1}_{c}"] if r + 1 < rows else []
    return "\n".join(lines) + "\n"


def bandwidth(problem: Problem[Any], order: list[int]) -> int:
    """How far apart in `order` the two items of an option lie, at most."""
    place = {item: number for number, item in enumerate(order)}
    return max(abs(place[a] - place[b]) for a, b in problem.options)


@COMPILED  # (the Python reference has no probe: its auto is the given order)
@pytest.mark.parametrize("listing", LISTINGS)
@pytest.mark.parametrize(("rows", "columns"), BOARDS)
def test_the_issues_boards_count_exactly_whatever_their_listing(
    rows: int, columns: int, listing: str
) -> None:
    """Listed along the long side or shuffled, the file's order has a frontier as wide as a row
    or the board (no answer within a million nodes); auto takes a derived order instead."""
    problem = parse_dlx(listed(rows, columns, listing)).problem
    diagram = zdd(problem, choose="auto", max_nodes=1_000_000)
    assert diagram.count() == transfer_matrix(rows, columns)
    if listing == "shuffled" or (listing == "rows" and columns > 12):
        assert diagram.stats.choice in ("sweep", "rcm")
        with pytest.raises(dlx.BudgetError):
            zdd(problem, choose="frontier", max_nodes=1_000_000)


@pytest.mark.parametrize("derive", [sweep_order, rcm_order])
@pytest.mark.parametrize(("rows", "columns"), [(8, 30), (12, 12)])
def test_a_derived_order_sweeps_a_shuffled_grid_in_thin_bands(
    derive: Callable[[Problem[Any]], list[int]], rows: int, columns: int
) -> None:
    """Shuffled, a domino's two cells lie a board apart in the file; in the derived orders, at
    most twice the short side (the anti-diagonals of a breadth-first sweep)."""
    problem = parse_dlx(listed(rows, columns, "shuffled")).problem
    shuffled = bandwidth(problem, list(range(problem.primary_count)))
    derived = bandwidth(problem, derive(problem))
    assert derived <= 2 * min(rows, columns) < shuffled


@settings(max_examples=100, deadline=None)
@given(coloured_raw_problems())
def test_the_derived_orders_are_the_exact_items_and_a_moved_plan_compiles_alike(
    raw: object,
) -> None:
    problem = raw.build()  # type: ignore[attr-defined]
    exact = [i for i in range(problem.primary_count) if problem.bounds[i] == (1, 1)]
    orders = dict(derived_orders(problem))
    assert orders == {"sweep": sweep_order(problem), "rcm": rcm_order(problem)}
    try:
        plan = compile_plan(problem)
    except ZddUnsupportedError:
        return
    for order in orders.values():
        assert sorted(order) == exact
        moved, compiled = reorder_plan(plan, problem, order), compile_plan(problem, rest=order)
        assert all(getattr(moved, name) == getattr(compiled, name) for name in plan.__slots__)


@st.composite
def permuted(draw: st.DrawFn) -> tuple[Problem[Key], Problem[Key]]:
    """A small problem and the same one with its primary items, its secondary items and each
    option's items declared in other orders (the options and their keys as they were)."""
    problem, raw = draw(problems())
    primary = draw(st.permutations(raw.primary))
    secondary = draw(st.permutations(raw.secondary))
    options = [(key, tuple(draw(st.permutations(items)))) for key, items in raw.options]
    return problem, Problem.from_options(primary, options, secondary)


@pytest.mark.parametrize("core", CORES)
@pytest.mark.parametrize("choose", CHOICES)
@settings(max_examples=60, deadline=None)
@given(permuted())
def test_permuting_the_items_leaves_the_count_and_the_solutions(
    choose: str, core: str, pair: tuple[Problem[Key], Problem[Key]]
) -> None:
    problem, twin = pair
    with mock.patch.object(zdd_compiled, "PROBE_NODES", 2):  # auto's estimates decide
        one = zdd(problem, choose=choose, core=core)  # type: ignore[arg-type]
        other = zdd(twin, choose=choose, core=core)  # type: ignore[arg-type]
    assert one.count() == other.count() == dlx.count(problem)
    family = Counter(frozenset(solution) for solution in one.solutions())
    assert family == Counter(frozenset(solution) for solution in other.solutions())
    assert set(family) == {frozenset(solution) for solution in dlx.solve(problem)}
    assert max(family.values(), default=1) == 1


@COMPILED
@settings(max_examples=100, deadline=None)
@given(problems(), st.sampled_from([0.0, 1.0]))
def test_auto_is_the_chosen_orders_zdd_when_another_order_wins(
    drawn: tuple[Problem[object], object], bias: float
) -> None:
    """With the orders' bias taken down, auto keeps whichever probe estimated least: its ZDD
    is then that choice's own, node for node."""
    problem, _ = drawn
    with (
        mock.patch.object(zdd_compiled, "PROBE_NODES", 2),
        mock.patch.object(zdd_compiled, "ORDER_BIAS", bias),
    ):
        auto = zdd(problem, choose="auto")
    chosen = zdd(problem, choose=auto.stats.choice, core="python")  # type: ignore[arg-type]
    assert (auto.var, auto.lo, auto.hi, auto.root) == (
        chosen.var,
        chosen.lo,
        chosen.hi,
        chosen.root,
    )
    assert auto.count() == dlx.count(problem)


def probe(choice: str, estimated: float) -> zdd_compiled.Probe:
    """A probe that estimates `estimated` nodes (1,000 searched)."""
    plan = compile_plan(dominoes(2, 2))
    return choice, plan, 1000, 0, 1000 / estimated if estimated else 0.0


def test_another_order_is_kept_only_when_estimated_the_bias_times_cheaper() -> None:
    bias = zdd_compiled.ORDER_BIAS
    given = probe("frontier", 1e6)
    near, far = probe("sweep", 1.01e6 / bias), probe("rcm", 0.99e6 / bias)
    assert zdd_compiled.cheapest([given, near])[0] == "frontier"
    assert zdd_compiled.cheapest([given, near, far])[0] == "rcm"
    assert zdd_compiled.cheapest([probe("frontier", 0), near])[0] == "sweep"
    assert zdd_compiled.cheapest([given, probe("sweep", 0)])[0] == "frontier"
    assert zdd_compiled.cheapest([given])[0] == "frontier"


@COMPILED
def test_a_derived_order_that_ends_within_its_probe_is_the_answer() -> None:
    problem = parse_dlx(listed(8, 30, "rows")).problem
    diagram = zdd(problem, choose="auto")
    swept = zdd(problem, choose="sweep")
    assert diagram.stats.choice == "sweep" and diagram.stats.nodes < zdd_compiled.PROBE_NODES
    assert (diagram.var, diagram.lo, diagram.hi) == (swept.var, swept.lo, swept.hi)


@COMPILED
def test_mrv_searches_at_once_where_it_is_estimated_within_a_probe() -> None:
    """Inkala's sudoku: the frontier passes its probe, MRV's walks estimate fewer nodes than a
    probe, so no other order is derived or probed (3,615 nodes)."""
    root = ROOT
    problem = sudoku.problem(sudoku.parse((root / "corpus/sudoku/inkala.txt").read_text()))
    with mock.patch("dlx.engines.zdd.engine.derived_orders", side_effect=AssertionError("derived")):
        diagram = zdd(problem, choose="auto")
    assert diagram.stats.choice == "mrv" and diagram.count() == 1
    assert diagram.stats.nodes < zdd_compiled.PROBE_NODES


@COMPILED
def test_solve_counts_the_long_listing_from_the_shell_and_writes_its_zdd(tmp_path: Path) -> None:
    """`dlx solve --count --zdd` (its plain form, without typer) on 8 x 30 listed along the 30,
    within 1 GB of address space (the file's order took 3 GB and did not end); the ZDD
    `--zdd-out` writes, read back, holds every tiling."""
    path = tmp_path / "8x30.dlx"
    path.write_text(listed(8, 30, "rows"))
    command = [sys.executable, "-m", "dlx", "solve", "--count", "--zdd", str(path)]
    done = subprocess.run(
        command,
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=_gigabyte,
        check=False,
        cwd=tmp_path,  # the dlx this interpreter installed, not a source tree's without its core
    )
    assert (done.returncode, done.stdout) == (0, f"{transfer_matrix(8, 30)}\n")
    out = tmp_path / "8x30.zdd"
    args = ["solve", "--count", "--zdd", "--stats", "--zdd-out", str(out), str(path)]
    typed = invoke_dlx(args)
    assert typed.exit_code == 0 and re.search(r"choice: sweep$", typed.stderr.strip())
    assert counted(out.read_text()) == transfer_matrix(8, 30)


def _gigabyte() -> None:
    """Limit the process's address space to 1 GB, except under AddressSanitizer (CI's sanitizer
    step preloads it), whose shadow memory alone reserves terabytes of address space."""
    if "libasan" not in os.environ.get("LD_PRELOAD", ""):
        resource.setrlimit(resource.RLIMIT_AS, (2**30, 2**30))


def counted(text: str) -> int:
    """The number of solutions of a ZDD in DLX6's text, each line's children met before it."""
    counts = {0: 0, 1: 1}
    lines = text.splitlines()
    for line in lines:
        found = re.fullmatch(r"([0-9a-f]+): \(~(\d+)\?([0-9a-f]+):([0-9a-f]+)\)", line)
        assert found is not None
        node, lo, hi = (int(found[k], 16) for k in (1, 3, 4))
        counts[node] = counts[lo] + counts[hi]
    return counts[int(lines[-1].split(":")[0], 16)]


@pytest.mark.parametrize("choose", ["sweep", "rcm"])
def test_random_solutions_of_a_derived_order_are_uniform(choose: str) -> None:
    problem = parse_dlx(listed(4, 4, "shuffled")).problem
    diagram = zdd(problem, choose=choose)  # type: ignore[arg-type]
    family = list(diagram.solutions())
    assert len(family) == 36
    rng = random.Random(2026)
    seen = Counter(diagram.random(rng) for _ in range(200 * len(family)))
    assert set(seen) <= set(family)
    chi2 = sum((seen[s] - 200) ** 2 / 200 for s in family)
    assert chi2 < 66.6  # 35 degrees of freedom: exceeded by chance one time in a thousand


def test_tile_derives_its_order_from_the_options_when_asked(tmp_path: Path) -> None:
    """`--zdd-choose sweep` and `rcm` leave `dlx tile`'s own lines out: the order is derived
    from the options alone (the same nodes as the library's choice on the same problem)."""
    spec = tmp_path / "board.txt"
    spec.write_text("[0-3][0-9]\n20|D 00 01\n")
    for choose in ("sweep", "rcm"):
        args = ["tile", str(spec), "--count", "--zdd", "--stats", "--zdd-choose", choose]
        done = invoke_dlx(args)
        assert done.stdout == f"{transfer_matrix(4, 10)}\n"
        nodes = int(re.match(r"dlx: (\d+) nodes", done.stderr)[1])  # type: ignore[index]
        assert re.search(rf"choice: {choose}$", done.stderr.strip())
        problem = build(read_spec(spec.read_text(), "square")).problem
        assert nodes == zdd(problem, choose=choose).stats.nodes
