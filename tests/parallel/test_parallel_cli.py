"""`dlx solve --jobs/--checkpoint/--scheduler`, `--jobs` on the puzzles, and `dlx estimate`:
the same output as the sequential search, resumed runs, refusals and their messages."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from commands import invoke_dlx
from places import ROOT

import dlx
from dlx.parallel import Progress, count_parallel
from dlx.puzzles import queens

REFERENCE = ROOT / "corpus" / "dlx" / "reference"
"""Small reference problems shipped with the project (their sources: its README)."""
QUEENS8 = REFERENCE / "queens8.dlx"
PLAIN = {"NO_COLOR": "1", "FORCE_COLOR": None, "COLUMNS": "120"}
FILES = [
    ROOT / "corpus" / "dlx" / "knuth_example.dlx",
    ROOT / "corpus" / "dlx" / "queens4.dlx",
    QUEENS8,
    REFERENCE / "xcover_langford8.dlx",
    REFERENCE / "knuth_dlx2_doc_example.dlx",
]


def pentominoes_dlx(board: str) -> str:
    """The twelve pentominoes on `board` (6x10, or 8x8 less its centre) in Knuth's format, as his
    polyomino-dlx writes them (every rotation and reflection kept)."""
    from dlx.tiling.build import build, knuth_text
    from dlx.tiling.drawn import read_picture

    name = "8x8-hole" if board == "8x8" else board
    return knuth_text(build(read_picture(f"board {name}\npieces pentominoes\n")))


@pytest.mark.parametrize("file", FILES, ids=lambda f: f.stem)
def test_solve_in_parallel_prints_what_the_sequential_search_prints(file: Path) -> None:
    """Solutions, their order and the JSON counters: the same with --jobs 2 (the first
    solution, and every one)."""
    for every in ([], ["--all"]):
        alone = invoke_dlx(["solve", *every, str(file)]).stdout
        assert invoke_dlx(["solve", "--jobs", "2", *every, str(file)]).stdout == alone
    both = [
        json.loads(invoke_dlx(["solve", "--json", "--all", *jobs, str(file)]).stdout)
        for jobs in ([], ["--jobs", "2"])
    ]
    assert both[0]["solutions"] == both[1]["solutions"]
    assert both[0]["nodes"] == both[1]["nodes"] and both[0]["count"] == both[1]["count"]


def test_count_and_limit_in_parallel() -> None:
    """--count prints the number alone; --limit stops after that many, in order."""
    assert invoke_dlx(["solve", "--count", "--jobs", "2", str(QUEENS8)]).stdout == "92\n"
    first = invoke_dlx(["solve", "--limit", "3", str(QUEENS8)]).stdout
    assert invoke_dlx(["solve", "--limit", "3", "--jobs", "0", str(QUEENS8)]).stdout == first


def test_stats_tell_how_the_tree_was_cut(tmp_path: Path) -> None:
    """--stats adds two lines to the sequential statistics line: how the tree was cut (parts
    stopped by their time slices and split, never expanded, nothing wasted, with the compiled
    core) and where the workers' time went. How often a slice runs out depends on the
    machine's speed and load (8 queens is mostly one part, 12 queens mostly several): the test
    holds what is true at any speed."""
    from dlx.knuth import format_dlx

    twelve = tmp_path / "queens12.dlx"
    twelve.write_text(format_dlx(queens.problem(12)))
    for file, nodes, count in ((QUEENS8, 1199, 92), (twelve, 327813, 14200)):
        result = invoke_dlx(["solve", "--count", "--stats", "--jobs", "2", str(file)])
        assert result.stdout == f"{count}\n"
        lines = result.stderr.splitlines()
        assert lines[0].startswith(f"dlx: {nodes} nodes, ")
        if dlx.core_name() == "compiled":
            cut = re.fullmatch(
                r"dlx: (\d+) parts searched, 0 expanded, (\d+) split at their budget, 0 from "
                r"the checkpoint, 0 nodes wasted, 0 restarts",
                lines[1],
            )
            assert cut is not None and int(cut[1]) > int(cut[2])  # (the last parts run out)
        else:  # the pure-Python core cannot tell where its budget stopped it: parts expanded
            assert re.fullmatch(r"dlx: \d+ parts searched, \d+ expanded, 0 split .*", lines[1])
        assert re.fullmatch(TIMES, lines[2])


TIMES = (
    r"dlx: 2 workers busy \d+\.\d% of \d+\.\d{3} s \(on a processor \d+\.\d% of that\); idle a "
    r"worker: \d+\.\d{3} s at the start, \d+\.\d{3} s between parts, \d+\.\d{3} s at the end "
    r"\(most \d+\.\d{3} s\); [1-9]\d* parts sent, \d+ a second; the parent's own work "
    r"\d+\.\d{3} s of processor"
)
"""The line --stats adds on the workers' time (its figures vary from run to run)."""


def test_a_checkpoint_is_resumed_and_a_foreign_one_refused(tmp_path: Path) -> None:
    """The same command on the same file takes every part from it; another problem's file is
    refused with a message (exit 1)."""
    file = tmp_path / "q.ckpt"
    args = ["solve", "--stats", "--jobs", "2", "--checkpoint", str(file), str(QUEENS8)]
    first, again = invoke_dlx(args), invoke_dlx(args)
    assert first.stdout == again.stdout == invoke_dlx(["solve", str(QUEENS8)]).stdout
    parts = len(file.read_text().splitlines()) - 1  # after the header, one line a part
    assert f"{parts} from the checkpoint" in again.stderr
    langford = REFERENCE / "xcover_langford8.dlx"
    other = invoke_dlx(["solve", "--count", "--checkpoint", str(file), str(langford)])
    assert other.exit_code == 1
    assert "is the checkpoint of another problem or other options" in other.stderr


def test_budgets_and_listing_boards_are_refused_in_parallel() -> None:
    """--max-nodes and --timeout belong to the sequential search; a puzzle's --jobs counts."""
    result = invoke_dlx(["solve", "--jobs", "2", "--max-nodes", "9", str(QUEENS8)])
    assert result.exit_code == 2 and "apply to the search without --jobs" in result.stderr
    result = invoke_dlx(["queens", "8", "--jobs", "2"])
    assert result.exit_code == 2 and "give --count too" in result.stderr


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["queens", "8", "--count", "--jobs", "2"], "92\n"),
        (["pentomino", "3x20", "--count", "--jobs", "2"], "8\n"),
        (["pentomino", "3x20", "--unique", "--count", "--jobs", "2"], "2\n"),
        (["skyscrapers", "4 3 2 1 1 2 2 2 4 3 2 1 1 2 2 2", "--count", "--jobs", "2"], "1\n"),
        (["skyscrapers", "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0", "--count", "--jobs", "2"], "576\n"),
        (
            ["sudoku", str(ROOT / "corpus" / "sudoku" / "inkala.txt"), "--count", "--jobs", "2"],
            "1\n",
        ),
        (
            [
                "polyomino",
                str(ROOT / "corpus" / "polyomino" / "flip_needed.txt"),
                "--count",
                "--jobs",
                "2",
            ],
            None,
        ),
    ],
)
def test_puzzles_count_in_parallel(args: list[str], expected: str | None) -> None:
    """The puzzle commands that count take --jobs and count what they count alone."""
    result = invoke_dlx(args)
    alone = invoke_dlx([a for a in args if a not in ("--jobs", "2")]).stdout
    assert result.exit_code == 0 and result.stdout == alone
    assert expected is None or result.stdout == expected


def test_multiplicities_are_refused_in_parallel_with_the_reason() -> None:
    """Algorithm M's problems do not split by options: one message, exit 1, no traceback."""
    file = ROOT / "corpus" / "dlx" / "colours_and_multiplicity.dlx"
    result = invoke_dlx(["solve", "--jobs", "2", str(file)])
    assert result.exit_code == 1
    assert result.stderr.startswith("dlx: problems with multiplicities cannot be split")


def test_bad_puzzle_input_in_parallel_is_the_usual_message() -> None:
    """Bad clues with --jobs: skyscrapers still prints `Error` and exits 1."""
    result = invoke_dlx(["skyscrapers", "1 2 3", "--count", "--jobs", "2"])
    assert result.exit_code == 1 and result.stdout == "Error\n"


def test_a_missing_scheduler_is_a_message(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without Dask installed, --scheduler says how to install it (exit 1)."""
    monkeypatch.setitem(sys.modules, "distributed", None)
    result = invoke_dlx(["solve", "--count", "--scheduler", "tcp://127.0.0.1:9", str(QUEENS8)])
    assert result.exit_code == 1
    assert "pip install 'dlx-fillit[cluster]'" in result.stderr


def test_estimate_prints_knuths_estimate() -> None:
    """`dlx estimate` with a seed is reproducible: nodes, updates, solutions, one per line, each
    with its standard error, both to the error's two leading digits."""
    result = invoke_dlx(["estimate", "--probes", "50", "--seed", "3", str(QUEENS8)])
    assert result.stdout == "nodes 1237 ± 81\nupdates 21800 ± 850\nsolutions 107 ± 26\n"
    assert result.stderr == (
        "dlx: mean of 50 random paths (seed 3), ± one standard error; 15 reached a solution\n"
    )


def test_an_estimate_no_path_confirms_says_so() -> None:
    """Issue 32: where no random path reached a solution, the solutions are unknown, not 0
    (pentominoes 6x10 has 9,356, and 50 paths meet none)."""
    result = invoke_dlx(
        ["estimate", "--probes", "50", str(ROOT / "corpus" / "dlx" / "no_solution.dlx")]
    )
    assert result.stdout.splitlines()[2] == "solutions unknown"
    assert "none reached a solution, so how many there are is unknown" in result.stderr
    one = invoke_dlx(["estimate", "--probes", "1", str(QUEENS8)])
    assert one.exit_code == 0 and "±" not in one.stdout
    bad = invoke_dlx(["estimate", str(ROOT / "corpus" / "dlx" / "colours_and_multiplicity.dlx")])
    assert bad.exit_code == 1 and "multiplicities" in bad.stderr


def test_progress_is_told_the_share_done() -> None:
    """The progress hook sees the estimated share grow to the whole tree, and the solutions."""
    seen: list[Progress] = []
    assert count_parallel(queens.problem(8), jobs=2, progress=seen.append) == 92
    shares = [state.done for state in seen]
    assert shares == sorted(shares) and shares[-1] == pytest.approx(1.0)
    assert seen[-1].solutions == 92 and seen[-1].waiting == 0


def test_a_terminal_shows_a_progress_bar() -> None:
    """On a terminal (forced), standard error carries the bar with the solutions so far."""
    result = invoke_dlx(
        ["solve", "--count", "--jobs", "2", str(QUEENS8)],
        env={"FORCE_COLOR": "1", "TTY_COMPATIBLE": "1", "COLUMNS": "120"},
    )
    assert result.stdout == "92\n"
    assert "92 solutions" in result.stderr


def test_ctrl_c_stops_a_checkpointed_run_and_the_rerun_resumes(tmp_path: Path) -> None:
    """A run interrupted by SIGINT exits 130 with its finished parts on disk; the same command
    then takes them and counts the rest: the count is exact."""
    file = tmp_path / "pent.ckpt"
    args = [sys.executable, "-m", "dlx", "solve", "--count", "--stats", "--jobs", "2"]
    # About 10 seconds' work on either core, so the signal finds it running.
    pentominoes, count = ("6x10", "9356\n") if dlx.CORE == "compiled" else ("8x8", "520\n")
    problem = tmp_path / f"pent_{pentominoes}.dlx"
    problem.write_text(pentominoes_dlx(pentominoes))
    args += ["--checkpoint", str(file), str(problem)]
    env = {**os.environ, "NO_COLOR": "1"}
    process = subprocess.Popen(
        args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (
        not file.exists() or len(file.read_text().splitlines()) < 30
    ):
        time.sleep(0.05)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=30)
    assert process.returncode == 130 and "interrupted" in err
    kept = len(file.read_text().splitlines()) - 1
    done = subprocess.run(args, capture_output=True, text=True, env=env, timeout=120)
    assert done.stdout == count
    assert f"{kept} from the checkpoint" in done.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["queens", "3", "--count"],
        ["solve", "--count", str(ROOT / "corpus" / "dlx" / "no_solution.dlx")],
        ["solve", str(ROOT / "corpus" / "dlx" / "no_solution.dlx")],
    ],
    ids=["queens", "solve --count", "solve"],
)
def test_no_solution_in_parallel_exits_1_as_alone(args: list[str]) -> None:
    """A count of 0, or no solution, exits 1 with --jobs as it does without (same output)."""
    alone, parallel = invoke_dlx(args), invoke_dlx([*args, "--jobs", "2"])
    assert (parallel.exit_code, parallel.stdout) == (alone.exit_code, alone.stdout)
    assert parallel.exit_code == 1 and "no solution" in parallel.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["solve", "--count", "--limit", "5", str(QUEENS8)],
        ["queens", "6", "--count", "--limit", "1"],
    ],
    ids=["solve", "queens"],
)
def test_a_limit_counts_in_parallel_as_alone(args: list[str]) -> None:
    """--count --limit N prints at most N, with --jobs as without."""
    alone, parallel = invoke_dlx(args), invoke_dlx([*args, "--jobs", "2"])
    assert parallel.exit_code == alone.exit_code == 0
    assert parallel.stdout == alone.stdout == args[args.index("--limit") + 1] + "\n"


def test_a_malformed_scheduler_address_is_one_line() -> None:
    """--scheduler with an address Dask cannot read: one message, exit 1, no traceback."""
    pytest.importorskip("distributed")
    result = invoke_dlx(["solve", "--count", "--scheduler", "garbage", str(QUEENS8)])
    assert result.exit_code == 1
    assert result.stderr.startswith("dlx: no Dask scheduler answers at garbage")
