"""dlx.zdd (Knuth's Algorithm Z): counts, listings, random draws and the text DLX6 prints, against
the enumerating engines, a transfer-matrix count of domino tilings, and the Python reference
for the compiled search; `dlx solve --zdd` and `dlx tile --zdd` through the command line."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from commands import invoke_dlx
from hypothesis import given, settings
from hypothesis import strategies as st
from places import ROOT, SHARED
from strategies import coloured_raw_problems, problems

import dlx
from dlx import BudgetError, Problem, ZddUnsupportedError, verify, zdd
from dlx.cli.zdd import MEMO_MB
from dlx.engines.zdd.compiled import COMPILED as ZDD_COMPILED
from dlx.engines.zdd.engine import MEMO_MB as ZDD_MEMO_MB
from dlx.knuth import decode, parse_dlx
from dlx.stats import Stats, Status

SHARED = SHARED
FILES = sorted((ROOT / "corpus" / "dlx").glob("*.dlx")) + [
    path
    for folder in ("dlx-reference", "dlx-peer")
    for path in sorted((SHARED / folder).glob("*.dlx"))
]
CORES = ["python", "compiled"] if ZDD_COMPILED else ["python"]


def dominoes(rows: int, columns: int) -> Problem[tuple[int, int, str]]:
    """The domino tilings of a rows x columns board: cells in reading order."""
    problem: Problem[tuple[int, int, str]] = Problem(
        [(r, c) for r in range(rows) for c in range(columns)]
    )
    for r in range(rows):
        for c in range(columns):
            if c + 1 < columns:
                problem.add_option((r, c, "-"), [(r, c), (r, c + 1)])
            if r + 1 < rows:
                problem.add_option((r, c, "|"), [(r, c), (r + 1, c)])
    return problem


def transfer_matrix(rows: int, columns: int) -> int:
    """The domino tilings of a rows x columns board, column by column: a state is the set of
    cells of the next column already covered by horizontal dominoes."""
    ways = {0: 1}
    for _ in range(columns):
        after: dict[int, int] = {}
        for covered, count in ways.items():
            for nxt in _fillings(covered, rows):
                after[nxt] = after.get(nxt, 0) + count
        ways = after
    return ways.get(0, 0)


def _fillings(covered: int, rows: int, row: int = 0, nxt: int = 0) -> list[int]:
    """The next column's states after filling one column whose `covered` cells are taken."""
    if row == rows:
        return [nxt]
    if covered >> row & 1:
        return _fillings(covered, rows, row + 1, nxt)
    found = _fillings(covered, rows, row + 1, nxt | 1 << row)  # a horizontal domino
    if row + 1 < rows and not covered >> (row + 1) & 1:
        found += _fillings(covered, rows, row + 2, nxt)  # a vertical one
    return found


def test_the_default_memo_cap_is_the_libraries():
    assert MEMO_MB == ZDD_MEMO_MB


@pytest.mark.parametrize("n", range(1, 15))
def test_domino_tilings_match_a_transfer_matrix(n: int) -> None:
    expected = transfer_matrix(n, n)
    assert zdd(dominoes(n, n)).count() == expected
    if n == 14:
        assert expected == 112_202_208_776_036_178_000_000


def test_an_8_by_30_board_counted_exactly_by_sweeping() -> None:
    expected = transfer_matrix(8, 30)
    assert expected == 12_457_255_314_954_679_645_007_780_869
    assert zdd(dominoes(8, 30), choose="sweep").count() == expected
    assert zdd(dominoes(30, 8)).count() == expected


@pytest.mark.parametrize("core", CORES)
@settings(max_examples=100, deadline=None)
@given(problems())
def test_the_listing_is_the_first_item_search(
    core: str, drawn: tuple[Problem[int], object]
) -> None:
    problem, _ = drawn
    diagram = zdd(problem, core=core)  # type: ignore[arg-type]
    listed = list(diagram.solutions())
    assert listed == list(dlx.solve(problem, choose="first"))
    assert diagram.count() == len(listed)
    counts = Counter(key for solution in listed for key in solution)
    assert diagram.option_counts() == {key: counts[key] for key in problem.keys}


@pytest.mark.skipif(not ZDD_COMPILED, reason="the compiled ZDD search was not built")
@settings(max_examples=100, deadline=None)
@given(problems(), st.sampled_from([1e-5, 1024.0]), st.sampled_from(["frontier", "mrv"]))
def test_the_compiled_search_makes_the_references_nodes(
    drawn: tuple[Problem[int], object], memo_mb: float, choose: str
) -> None:
    problem, _ = drawn
    python = zdd(problem, core="python", memo_mb=memo_mb, choose=choose)  # type: ignore[arg-type]
    compiled = zdd(problem, core="compiled", memo_mb=memo_mb, choose=choose)  # type: ignore[arg-type]
    assert (compiled.var, compiled.lo, compiled.hi) == (python.var, python.lo, python.hi)
    assert compiled.root == python.root
    assert list(compiled.lines()) == list(python.lines())


@pytest.mark.skipif(not ZDD_COMPILED, reason="the compiled ZDD search was not built")
@settings(max_examples=100, deadline=None)
@given(
    coloured_raw_problems(), st.sampled_from([1e-5, 1024.0]), st.sampled_from(["frontier", "mrv"])
)
def test_the_compiled_search_keeps_colours_and_tallies_as_the_reference(
    raw: object, memo_mb: float, choose: str
) -> None:
    problem = raw.build()  # type: ignore[attr-defined]
    try:
        python = zdd(problem, core="python", memo_mb=memo_mb, choose=choose)  # type: ignore[arg-type]
    except ZddUnsupportedError:
        return
    compiled = zdd(problem, core="compiled", memo_mb=memo_mb, choose=choose)  # type: ignore[arg-type]
    assert compiled.stats.core == "compiled"
    assert (compiled.var, compiled.lo, compiled.hi) == (python.var, python.lo, python.hi)
    assert compiled.root == python.root


@settings(max_examples=100, deadline=None)
@given(coloured_raw_problems(), st.sampled_from(["frontier", "sweep", "mrv"]))
def test_colours_and_multiplicities_count_as_the_engine(raw: object, choose: str) -> None:
    problem = raw.build()  # type: ignore[attr-defined]
    try:
        diagram = zdd(problem, choose=choose)  # type: ignore[arg-type]
    except ZddUnsupportedError:
        assert problem.has_multiplicities
        return
    found = {frozenset(s) for s in dlx.solve(problem)}
    assert {frozenset(s) for s in diagram.solutions()} == found
    assert diagram.count() == len(found)
    for solution in diagram.solutions():
        verify(problem, solution)


@pytest.mark.parametrize("core", CORES)
def test_a_memo_past_its_cap_gives_entries_up_and_counts_exactly(core: str) -> None:
    n = 6 if core == "python" else 8  # a cap of 8 entries in Python, 512 in C
    diagram = zdd(dominoes(n, n), memo_mb=0.001, core=core)  # type: ignore[arg-type]
    assert diagram.count() == transfer_matrix(n, n)
    assert diagram.stats.given_up > 0
    assert diagram.stats.hits > 0


@pytest.mark.skipif(not ZDD_COMPILED, reason="the compiled ZDD search was not built")
def test_a_memo_that_never_answers_is_given_up_and_counts_stay_exact() -> None:
    """Ten items of four options each, every option with a secondary item of its own: no state
    is met twice, so past its first 65,536 entries (csrc/memo.c's MEMO_TRIAL) the compiled search
    gives its memo up; the ZDD is the same, ten chains of four."""
    options = [((i, j), [f"p{i}", f"s{i}.{j}"]) for i in range(10) for j in range(4)]
    secondary = [f"s{i}.{j}" for i in range(10) for j in range(4)]
    problem = Problem.from_options([f"p{i}" for i in range(10)], options, secondary=secondary)
    diagram = zdd(problem, core="compiled")
    assert diagram.count() == 4**10 and diagram.node_count == 40
    assert diagram.stats.hits == 0 and diagram.stats.given_up == diagram.stats.entries == 2**16


@pytest.mark.parametrize("core", CORES)
def test_max_nodes_stops_the_search(core: str) -> None:
    with pytest.raises(BudgetError, match="max_nodes"):
        zdd(dominoes(8, 8), max_nodes=10, core=core)  # type: ignore[arg-type]


@pytest.mark.parametrize("path", FILES, ids=lambda path: f"{path.parent.name}/{path.stem}")
def test_counts_match_the_engine_on_every_small_file(path: Path) -> None:
    problem = parse_dlx(decode(path.read_bytes())).problem
    stats = Stats()
    expected = dlx.count(problem, max_nodes=100_000, stats=stats)
    if stats.status is Status.BUDGET:
        pytest.skip(f"{path.name}: over 100,000 nodes for the enumerating engine")
    try:
        diagram = zdd(problem, max_nodes=300_000)
    except ZddUnsupportedError:
        assert problem.has_multiplicities
        pytest.skip(f"{path.name}: a multiplicity the ZDD search cannot branch on")
    except BudgetError:
        pytest.skip(f"{path.name}: over 300,000 nodes for the ZDD search in declaration order")
    assert diagram.count() == expected


def test_random_solutions_are_uniform() -> None:
    diagram = zdd(dominoes(4, 4))
    family = list(diagram.solutions())
    assert len(family) == 36
    rng = random.Random(2026)
    draws = 200 * len(family)
    seen = Counter(diagram.random(rng) for _ in range(draws))
    assert set(seen) <= set(family)
    chi2 = sum((seen[s] - 200) ** 2 / 200 for s in family)
    assert chi2 < 66.6  # 35 degrees of freedom: exceeded by chance one time in a thousand


def test_no_solution_draws_none() -> None:
    problem = Problem.from_options(["a", "b"], [("a", ["a"])])
    diagram = zdd(problem)
    assert diagram.count() == 0 and diagram.random(random.Random(1)) is None
    assert list(diagram.solutions()) == []
    assert list(diagram.lines()) == ["2: (~0?0:0)"]


def test_the_text_is_dlx6s(tmp_path: Path) -> None:
    path = ROOT / "corpus" / "dlx" / "knuth_example.dlx"
    diagram = zdd(parse_dlx(decode(path.read_bytes())).problem)
    out = tmp_path / "example.zdd"
    diagram.write(out)
    assert out.read_text() == (ROOT / "corpus" / "dlx" / "knuth_example.zdd").read_text()


@settings(max_examples=100, deadline=None)
@given(problems())
def test_every_line_names_nodes_made_before(drawn: tuple[Problem[int], object]) -> None:
    diagram = zdd(drawn[0])
    lines = list(diagram.lines())
    for number, line in enumerate(lines, start=2):
        found = re.fullmatch(r"([0-9a-f]+): \(~(\d+)\?([0-9a-f]+):([0-9a-f]+)\)", line)
        assert found is not None
        node, var, lo, hi = found[1], int(found[2]), int(found[3], 16), int(found[4], 16)
        assert int(node, 16) == number and lo < number and hi < number
        assert (var == 0) == (number == len(lines) + 1)


def test_solve_counts_lists_and_draws(tmp_path: Path) -> None:
    path = str(ROOT / "corpus" / "dlx" / "queens4.dlx")
    plain = invoke_dlx(["solve", "--all", path])
    assert invoke_dlx(["solve", "--zdd", "--all", path]).stdout == plain.stdout
    first = invoke_dlx(["solve", "--zdd", path]).stdout
    assert first == invoke_dlx(["solve", path]).stdout == plain.stdout.split("\n\n")[0] + "\n"
    assert invoke_dlx(["solve", "--zdd", "--count", path]).stdout == "2\n"
    out = tmp_path / "q.zdd"
    done = invoke_dlx(["solve", "--zdd", "--count", "--stats", "--zdd-out", str(out), path])
    assert done.exit_code == 0
    assert re.fullmatch(r"[0-9a-f]+: \(~0\?0:[0-9a-f]+\)", out.read_text().splitlines()[-1])
    assert re.search(r"memo: \d+ hits, \d+ entries \(0 given up\), \d+ bytes", done.stderr)
    drawn = invoke_dlx(["solve", "--zdd", "--random", "5", "--seed", "7", path])
    again = invoke_dlx(["solve", "--zdd", "--random", "5", "--seed", "7", path])
    assert drawn.exit_code == 0 and drawn.stdout == again.stdout
    solutions = {block.strip() for block in plain.stdout.split("\n\n")}
    blocks = [block.strip() for block in drawn.stdout.split("\n\n")]
    assert len(blocks) == 5 and set(blocks) <= solutions


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--random", "2"], "--random, --seed, --zdd-out and --zdd-choose go with --zdd"),
        (["--zdd", "--jobs", "2"], "--jobs does not combine with --zdd"),
        (["--zdd", "--max-nodes", "9"], "--max-nodes does not combine with --zdd"),
        (["--zdd", "--count", "--random", "2"], "--count and --random: give one or the other"),
        (["--zdd", "--seed", "2"], "--seed goes with --random"),
    ],
)
def test_solve_refuses_what_zdd_does_not_take(args: list[str], message: str) -> None:
    done = invoke_dlx(["solve", *args, str(ROOT / "corpus" / "dlx" / "queens4.dlx")])
    assert done.exit_code == 2 and done.stderr == f"dlx: {message}\n"


def test_solve_refuses_a_multiplicity_it_cannot_branch_on() -> None:
    path = str(ROOT / "corpus" / "dlx" / "colours_and_multiplicity.dlx")
    done = invoke_dlx(["solve", "--zdd", "--count", path])
    assert done.exit_code == 1
    assert done.stderr.startswith("dlx: option 3 covers no primary item of multiplicity 1")
    assert done.stderr.count("\n") == 1


def test_no_solution_exits_1() -> None:
    path = str(ROOT / "corpus" / "dlx" / "no_solution.dlx")
    done = invoke_dlx(["solve", "--zdd", "--count", path])
    assert (done.exit_code, done.stdout, done.stderr) == (1, "0\n", "dlx: no solution\n")


def test_tile_counts_dominoes_and_draws_pictures(tmp_path: Path) -> None:
    spec = tmp_path / "board.txt"
    spec.write_text("[0-7][0-t]\n120|D 00 01\n")
    done = invoke_dlx(["tile", str(spec), "--count", "--zdd"])
    assert done.stdout == f"{transfer_matrix(8, 30)}\n"
    pentominoes = ["tile", "--board", "3x20", "--pieces", "pentominoes", "--plain"]
    assert invoke_dlx([*pentominoes, "--count", "--zdd"]).stdout == "8\n"
    every = invoke_dlx([*pentominoes, "--all"]).stdout
    listed = {board.strip() for board in every.split("\n\n")}
    drawn = invoke_dlx([*pentominoes, "--zdd", "--random", "3", "--seed", "1"])
    boards = [board.strip() for board in drawn.stdout.split("\n\n")]
    assert len(boards) == 3 and set(boards) <= listed


def test_a_timeout_stops_the_compiled_search_with_exit_3() -> None:
    puzzle = ["--board", "6x10", "--pieces", "pentominoes"]
    done = subprocess.run(
        [sys.executable, "-m", "dlx", "tile", *puzzle, "--count", "--zdd", "--timeout", "0.3"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert (done.returncode, done.stdout) == (3, "")
    assert done.stderr == "dlx: unknown: the timeout ran out\n"
