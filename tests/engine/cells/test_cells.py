"""The cells engine (Knuth's SSXCC, dancing cells): SSXCC's own figures on the reference files,
both cores against each other and against the links engine (Hypothesis), budgets, refusals, CLI."""

from __future__ import annotations

import dataclasses
import json
import signal
from collections.abc import Hashable, Iterator, Sequence
from pathlib import Path
from types import FrameType
from typing import Any

import pytest
from commands import invoke_dlx
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles import brute_force_coloured
from places import ROOT, SHARED
from strategies import RawColouredProblem, coloured_raw_problems

from dlx import (
    EngineOptionError,
    FailureMemo,
    Problem,
    Stats,
    Status,
    core_name,
    count,
    solve,
    verify,
)
from dlx.engines.cells.engine import COMPILED as CELLS_COMPILED
from dlx.engines.cells.engine import pick_core as cells_core
from dlx.errors import CoreUnavailableError
from dlx.knuth import format_dlx, read_dlx

REFERENCE = next(
    (up / "shared" / "dlx-reference" for up in Path(__file__).resolve().parents
     if (up / "shared" / "dlx-reference").is_dir()),
    SHARED / "dlx-reference",
)  # fmt: skip
"""../shared/dlx-reference beside the clone (or a worktree's clone), if there is one."""
CORPUS = ROOT / "corpus" / "dlx"
SSXCC_FIGURES = {  # solutions, nodes, updates, as SSXCC reports them (../shared/dlx-reference)
    "queens8": (92, 947, 20078),
    "queens12": (14200, 251387, 5812039),
    "sudoku_inkala": (1, 2503, 46667),
    "pent8x8_hole": (520, 94345, 83372706),
    "pent6x10_sym": (2339, 302438, 256721045),
}
CORES = ["python", "compiled"] if CELLS_COMPILED else ["python"]
compiled_only = pytest.mark.skipif(not CELLS_COMPILED, reason="the cells core was not built")
SLOW_ON_PYTHON = {"pent8x8_hole"}
some = settings(max_examples=150, deadline=None)

Solution = tuple[Hashable, ...]


def reference(name: str) -> Problem[Any]:
    """The reference problem `name`, skipping the test when the shared files are absent."""
    path = REFERENCE / f"{name}.dlx"
    if not path.is_file():
        pytest.skip(f"no {path}")
    return read_dlx(path).problem


def run(problem: Problem[Any], core: str, **options: Any) -> tuple[list[Solution], Stats]:
    """Every solution of a cells search on `core`, and its statistics."""
    stats = Stats()
    found = list(solve(problem, engine="cells", core=core, stats=stats, **options))  # type: ignore[arg-type]
    return found, stats


def figures(stats: Stats) -> tuple[Any, ...]:
    """What both cores must agree on, beyond the solutions."""
    return stats.solutions, stats.nodes, stats.updates, stats.status, stats.profile


def levels(problem: Problem[Any], solution: Solution) -> list[frozenset[Hashable]]:
    """A solution as the item sets of its options, level by level (SSXCC prints it so)."""
    return [frozenset(problem.option_items(key)) for key in solution]


# SSXCC's figures and order on the reference files


def reference_cases() -> Iterator[Any]:
    """(name, core) for each reference file and core; the long ones on Python marked slow."""
    for name in SSXCC_FIGURES:
        for core in CORES:
            if name == "pent6x10_sym" and core == "python":
                continue  # 256 million updates: left to the compiled core
            marks = [pytest.mark.slow] if core == "python" and name in SLOW_ON_PYTHON else []
            yield pytest.param(name, core, marks=marks, id=f"{name}-{core}")


@pytest.mark.parametrize(("name", "core"), list(reference_cases()))
def test_ssxcc_figures_on_the_reference_files(name: str, core: str) -> None:
    """Solutions, nodes and updates exactly as SSXCC reports them; every solution verified."""
    problem = reference(name)
    found, stats = run(problem, core)
    for solution in found:
        verify(problem, solution)
    assert (len(found), stats.nodes, stats.updates) == SSXCC_FIGURES[name]
    assert stats.status is Status.EXHAUSTED and sum(stats.profile) == stats.nodes
    assert (stats.engine, stats.core) == ("cells", core)


QUEENS8_LAST = [  # SSXCC's 92nd solution (`ssxcc m1 < queens8.dlx`), level by level
    "R0 C7 A7 B0", "R1 C1 A2 B7", "R2 C4 A6 B5", "R4 C0 A4 B11",
    "R3 C2 A5 B8", "C6 A11 B6 R5", "C3 A9 B10 R6", "R7 C5 A12 B9",
]  # fmt: skip
PENT8X8_FIRST = [  # SSXCC's first solution of pent8x8_hole.dlx
    "X r0c2 r1c1 r1c2 r1c3 r2c2", "r0c1 r1c0 r2c0 r2c1 U r0c0", "r0c3 r0c4 r0c5 r0c6 r0c7 I",
    "r2c3 r2c4 r2c5 r3c5 r3c6 N", "r1c4 r1c5 r1c6 r1c7 r2c6 Y", "r2c7 r3c7 r4c5 r4c6 r4c7 V",
    "r3c0 r3c1 r3c2 r4c1 r5c1 T", "r4c0 r5c0 r6c0 r7c0 r7c1 L", "r4c2 r5c2 r5c3 r6c1 r6c2 F",
    "r7c2 r7c3 W r5c4 r6c3 r6c4", "r7c4 r7c5 Z r5c5 r5c6 r6c5", "P r5c7 r6c6 r6c7 r7c6 r7c7",
]  # fmt: skip


@pytest.mark.parametrize("core", CORES)
def test_the_order_of_solutions_is_ssxccs(core: str) -> None:
    """The same options at the same levels as SSXCC prints them."""
    queens = reference("queens8")
    found, _ = run(queens, core)
    assert levels(queens, found[-1]) == [frozenset(line.split()) for line in QUEENS8_LAST]
    pentominoes = reference("pent8x8_hole")
    found, _ = run(pentominoes, core, limit=1)
    assert levels(pentominoes, found[0]) == [frozenset(line.split()) for line in PENT8X8_FIRST]


# Against the links engine and a brute-force oracle, and the cores against each other


def without_bounds(raw: RawColouredProblem) -> RawColouredProblem:
    """`raw` with every primary item covered exactly once (cells take no multiplicities)."""
    return dataclasses.replace(raw, bounds=())


@some
@given(coloured_raw_problems().map(without_bounds))
def test_cells_find_exactly_the_covers_with_colours(raw: RawColouredProblem) -> None:
    """Each core finds the brute-force oracle's solutions, each once."""
    expected = brute_force_coloured(raw.primary, raw.secondary, raw.options, {}, raw.colour_maps())
    problem = raw.build()
    for core in CORES:
        found, stats = run(problem, core)
        assert len(found) == len(set(found)) == stats.solutions
        assert {frozenset(solution) for solution in found} == expected


@st.composite
def larger_problems(draw: st.DrawFn) -> Problem[int]:
    """Up to 14 primary and 6 secondary items, up to 60 options of 1-5 items, some coloured:
    big enough for forced moves, failed hides and saved sizes several levels deep."""
    primary = [f"p{n}" for n in range(draw(st.integers(1, 14)))]
    secondary = [f"s{n}" for n in range(draw(st.integers(0, 6)))]
    problem: Problem[int] = Problem(primary, secondary)
    palette = draw(st.lists(st.sampled_from("abc"), min_size=1, max_size=3))
    items = st.lists(st.sampled_from(primary + secondary), min_size=1, max_size=5, unique=True)
    for key, names in enumerate(draw(st.lists(items, max_size=60))):
        paint = {
            name: draw(st.sampled_from(palette))
            for name in names
            if name in secondary and draw(st.booleans())
        }
        problem.add_option(key, names, paint)
    return problem


@some
@given(larger_problems())
def test_cells_agree_with_links_and_the_cores_with_each_other(problem: Problem[int]) -> None:
    """The links engine's solution set; the same sequence and figures on both cores."""
    expected = {frozenset(solution) for solution in solve(problem)}
    runs = {core: run(problem, core) for core in CORES}
    for found, _ in runs.values():
        assert {frozenset(solution) for solution in found} == expected
    (python, py_stats), *others = runs.values()
    for found, stats in others:
        assert (found, figures(stats)) == (python, figures(py_stats))


@some
@given(larger_problems(), st.data())
def test_givens_lead_every_solution(problem: Problem[int], data: st.DataObject) -> None:
    """A prefix of options chosen first: the links engine's solutions holding them, led by
    them, the same on both cores (a clash leaves none, exhausted at once)."""
    keys = problem.keys
    givens = data.draw(st.lists(st.sampled_from(keys), max_size=3)) if keys else []
    expected = {frozenset(solution) for solution in solve(problem, givens=givens)}
    runs = [run(problem, core, givens=givens) for core in CORES]
    for found, stats in runs:
        assert {frozenset(solution) for solution in found} == expected
        assert all(list(solution[: len(givens)]) == givens for solution in found)
        assert stats.status is Status.EXHAUSTED
    assert all(
        (found, figures(stats)) == (runs[0][0], figures(runs[0][1])) for found, stats in runs
    )


# Budgets, limits and the generator contract


@pytest.mark.parametrize("core", CORES)
@pytest.mark.parametrize("max_nodes", [1, 2, 100, 4097, 20000])
def test_a_node_budget_stops_at_exactly_that_many_nodes(core: str, max_nodes: int) -> None:
    """At most `max_nodes` nodes, status BUDGET, the same figures on both cores."""
    queens = reference("queens12")
    found, stats = run(queens, core, max_nodes=max_nodes)
    assert stats.status is Status.BUDGET and stats.nodes == max_nodes
    assert len(found) == stats.solutions
    python = run(queens, "python", max_nodes=max_nodes)
    assert (found, figures(stats)) == (python[0], figures(python[1]))


@pytest.mark.parametrize("core", CORES)
def test_limit_and_close_say_how_the_search_ended(core: str) -> None:
    """A limit gives LIMIT after that many solutions; closing early gives CLOSED; the figures
    are published either way, and a search run again starts afresh."""
    queens = reference("queens8")
    found, stats = run(queens, core, limit=5)
    assert (len(found), stats.solutions, stats.status) == (5, 5, Status.LIMIT)
    stats = Stats()
    search = solve(queens, engine="cells", core=core, stats=stats)  # type: ignore[arg-type]
    first = next(search)
    search.close()
    assert stats.status is Status.CLOSED and stats.solutions == 1 and stats.nodes > 0
    assert run(queens, core)[0][0] == first


@pytest.mark.parametrize("core", CORES)
def test_a_timeout_and_progress(core: str) -> None:
    """A timeout stops the search with BUDGET; a progress display sees the figures grow."""
    queens = reference("queens12")
    seen: list[int] = []
    _, stats = run(queens, core, progress=lambda s: seen.append(s.nodes))
    assert seen == sorted(seen) and len(seen) >= stats.nodes // 4096
    _, stats = run(queens, core, timeout=1e-9)
    assert stats.status is Status.BUDGET


class Interrupted(Exception):
    """Raised by a test's alarm."""


@compiled_only
def test_a_signal_reaches_the_compiled_dance() -> None:
    """The compiled core polls for signals while it runs without the GIL (Ctrl-C)."""
    problem = reference("pent6x10_sym")

    def ring(signum: int, frame: FrameType | None) -> None:
        raise Interrupted

    old = signal.signal(signal.SIGALRM, ring)
    stats = Stats()
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.05)
        with pytest.raises(Interrupted):
            count(problem, engine="cells", core="compiled", stats=stats)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    assert stats.status is Status.CLOSED and 0 < stats.nodes < SSXCC_FIGURES["pent6x10_sym"][1]


# What the cells engine refuses


def small() -> Problem[str]:
    """Two primary items and a secondary one: two solutions."""
    options = [("ab", ["a", "b", "x"]), ("a", ["a"]), ("b", ["b", "x"])]
    return Problem.from_options(["a", "b"], options, ["x"])


@pytest.mark.parametrize(
    "options",
    [
        {"prune": lambda chosen: True},
        {"learn": lambda chosen: None},
        {"memo": FailureMemo()},
        {"choose": "sweep"},
        {"prefer": ["a"]},
        {"item_order": ["b"]},
        {"engine": "knuth"},
    ],
    ids=lambda options: next(iter(options)),
)
def test_what_cells_cannot_honour_is_refused_at_once(options: dict[str, Any]) -> None:
    """Each refused at the call, before a solution is asked for, naming what was refused."""
    settings_ = {"engine": "cells", **options}
    with pytest.raises(EngineOptionError, match=next(iter(options)).split("_")[0]):
        solve(small(), **settings_)


def test_multiplicities_are_refused() -> None:
    with pytest.raises(EngineOptionError, match="multiplicities"):
        solve(Problem(["a"], bounds={"a": (1, 2)}), engine="cells")


def test_the_cores_are_picked_as_for_links(monkeypatch: pytest.MonkeyPatch) -> None:
    """DLX_CORE picks the core when none is named; an unknown one is refused."""
    monkeypatch.setenv("DLX_CORE", "python")
    assert cells_core() == "python"
    stats = Stats()
    assert count(small(), engine="cells", stats=stats) == 2 and stats.core == "python"
    with pytest.raises(CoreUnavailableError):
        cells_core("fast")


def test_the_statistics_name_the_engine_that_ran_last() -> None:
    """A Stats object reused by another engine names that one."""
    stats = Stats()
    count(small(), engine="cells", stats=stats)
    assert stats.engine == "cells" and stats.core in CORES
    count(small(), stats=stats)
    assert (stats.engine, stats.core) == ("links", core_name())


def test_no_primary_item_without_options_and_no_items_left() -> None:
    """An uncoverable primary item: no search at all (0 nodes, as SSXCC); a problem whose
    givens cover everything: one solution, the givens."""
    for core in CORES:
        found, stats = run(Problem.from_options(["a", "b"], [("a", ["a"])]), core)
        assert (found, stats.nodes, stats.status) == ([], 0, Status.EXHAUSTED)
        found, stats = run(small(), core, givens=["ab"])
        assert (found, stats.nodes) == ([("ab",)], 1)


# The command line


def cli(args: Sequence[str]) -> Any:
    return invoke_dlx(list(args))


@pytest.mark.parametrize("core", CORES)
def test_dlx_solve_engine_cells(core: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """--engine cells counts SSXCC's figures; --stats and --json name the engine and core."""
    monkeypatch.setenv("DLX_CORE", core)
    reference("queens8")
    path = str(REFERENCE / "queens8.dlx")
    result = cli(["solve", "--engine", "cells", "--count", "--stats", path])
    assert result.exit_code == 0 and result.stdout == "92\n"
    assert result.stderr.startswith("dlx: 947 nodes, 20078 updates, ")
    assert result.stderr.endswith(f"92 solutions (exhausted), engine: cells, core: {core}\n")
    report = json.loads(cli(["solve", "--engine", "cells", "--json", "--all", path]).stdout)
    assert (report["engine"], report["core"], report["nodes"], report["count"]) == (
        "cells",
        core,
        947,
        92,
    )
    assert json.loads(cli(["solve", "--json", "--count", path]).stdout)["engine"] == "links"


def test_dlx_solve_engine_cells_prints_the_solutions_as_links_does(tmp_path: Path) -> None:
    """The option lines of each solution; the links engine finds the same ones."""
    path = tmp_path / "small.dlx"
    path.write_text(format_dlx(small()))
    cells = cli(["solve", "--engine", "cells", str(path)])
    links = cli(["solve", str(path)])
    assert cells.exit_code == links.exit_code == 0
    assert sorted(cells.stdout.split("\n\n")) == sorted(links.stdout.split("\n\n"))


def test_cli_refusals_are_one_line() -> None:
    """Multiplicities are refused (exit 1); an unknown engine is a usage error."""
    reference("queens8")
    path = str(REFERENCE / "queens8.dlx")
    assert cli(["solve", "--engine", "knuth", path]).exit_code == 2
    bounded = str(CORPUS / "colours_and_multiplicity.dlx")
    refused = cli(["solve", "--engine", "cells", bounded])
    assert refused.exit_code == 1
    assert (
        refused.stderr == "dlx: the cells engine cannot take multiplicities (use engine='links')\n"
    )


# In parallel: the parts are prefixes of choices, whatever the engine


@pytest.mark.parametrize("budget", [None, 40])
def test_a_parallel_cells_search_finds_the_same_solutions(budget: int | None) -> None:
    """Every solution once, and the count, however the tree is cut (`budget` small: parts
    overrun it and are expanded)."""
    from dlx.parallel import Report, count_parallel, solve_parallel

    queens = reference("queens8")
    expected = {frozenset(solution) for solution in solve(queens, engine="cells")}
    report = Report()
    found = list(solve_parallel(queens, jobs=1, budget=budget, engine="cells", report=report))
    assert len(found) == len(expected) and {frozenset(s) for s in found} == expected
    assert report.stats.solutions == 92
    assert count_parallel(queens, jobs=1, budget=budget, engine="cells") == 92


def test_a_parallel_cells_search_refuses_what_cells_refuse() -> None:
    from dlx.parallel import count_parallel

    with pytest.raises(EngineOptionError, match="prune"):
        count_parallel(small(), jobs=1, budget=1, engine="cells", prune=bool)


def test_dlx_solve_engine_cells_jobs() -> None:
    """--jobs 2 with --engine cells: the count, and the statistics name the engine."""
    reference("queens8")
    result = cli(
        [
            "solve",
            "--engine",
            "cells",
            "--jobs",
            "2",
            "--count",
            "--stats",
            str(REFERENCE / "queens8.dlx"),
        ]
    )
    assert result.exit_code == 0 and result.stdout == "92\n"
    assert result.stderr.splitlines()[0].endswith("engine: cells, core: " + cells_core())
