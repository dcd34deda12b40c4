"""Every budget ends alike (issue 47, item 1): with `--json`, `--timeout` prints the object
`--max-nodes` prints, its status unknown, and exits 3, in `dlx solve`, `dlx tile`, the puzzles
and `fillit stats`; whether the search stopped itself at the deadline (a long search) or the
whole run's alarm ended the run first (a deadline passed before the search began)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from probes import ROOT, probe

DLX_KEYS = ["nodes", "updates", "seconds", "status", "exhausted", "engine", "core"]
FILLIT_KEYS = ["pieces", "size", "solved", "groups", "attempts", "canonical", "rows", "core"]
LONG = "board 10x12\npieces pentominoes pentominoes\n"
"""Two copies of each pentomino in a 10 x 12 box: hours of search, on any machine."""


def long_searches(tmp_path: Path) -> dict[str, list[str]]:
    """A command per kind, each searching far longer than its budget (`--all`: the first
    solution of each comes at once)."""
    puzzle = tmp_path / "long.txt"
    puzzle.write_text(LONG)
    twice = tmp_path / "pieces.txt"
    pieces = (ROOT / "corpus" / "polyomino" / "pentominoes_board_6x10.txt").read_text()
    twice.write_text(pieces.rstrip("\n") + "\n\n" + pieces)
    problem = probe("dlx", "tile", str(puzzle), "--dlx")
    knuth = tmp_path / "long.dlx"
    knuth.write_text(problem.stdout)
    return {
        "solve": ["dlx", "solve", "--all", str(knuth)],
        "solve-count": ["dlx", "solve", "--count", str(knuth)],
        "tile": ["dlx", "tile", "--all", str(puzzle)],
        "tile-count": ["dlx", "tile", "--count", str(puzzle)],
        "queens": ["dlx", "queens", "30", "--count"],
        "polyomino": ["dlx", "polyomino", "--all", str(twice), "--board", "10x12"],
    }


def unknown(done: object, keys: list[str]) -> dict[str, object]:
    """The one JSON object a budget's run printed, checked to say the answer is unknown."""
    stdout, code = done.stdout, done.returncode  # type: ignore[attr-defined]
    assert code == 3, done
    assert stdout.count("\n") == 1
    result: dict[str, object] = json.loads(stdout)
    assert list(result) == keys
    return result


@pytest.mark.parametrize(
    "kind", ["solve", "solve-count", "tile", "tile-count", "queens", "polyomino"]
)
def test_a_timeout_prints_the_json_a_node_budget_prints(kind: str, tmp_path: Path) -> None:
    """The search stops itself at the deadline: its counters so far, as `--max-nodes` gives.
    On a machine so busy that the run is still starting when the deadline passes, the alarm
    half a second later ends it instead, with the same object (its counters then zero)."""
    command = long_searches(tmp_path)[kind]
    by_nodes = unknown(probe(*command, "--json", "--max-nodes", "5000"), DLX_KEYS)
    by_time = probe(*command, "--json", "--timeout", "1.5")
    result = unknown(by_time, DLX_KEYS)
    assert result["status"] == by_nodes["status"] == "unknown"
    assert set(result) == set(by_nodes)
    if by_time.stderr != "dlx: unknown: the timeout ran out\n":
        assert by_time.stderr.startswith("dlx: unknown: stopped by a budget after ")
        assert isinstance(result["nodes"], int) and result["nodes"] > 0


@pytest.mark.parametrize("kind", ["solve", "tile", "polyomino"])
def test_a_deadline_passed_before_the_search_still_prints_the_json(
    kind: str, tmp_path: Path
) -> None:
    """A microsecond: the alarm ends the run while it reads, and the object still comes."""
    command = long_searches(tmp_path)[kind]
    done = probe(*command, "--json", "--timeout", "1e-6")
    result = unknown(done, DLX_KEYS)
    assert result["status"] == "unknown"
    assert done.stderr == "dlx: unknown: the timeout ran out\n"


def test_fillit_stats_json_says_unknown_whichever_budget_ran_out() -> None:
    hard = str(ROOT / "corpus" / "fillit" / "tail" / "few22_4s_10132.txt")
    by_nodes = unknown(probe("fillit", "stats", "--json", "--max-nodes", "1", hard), FILLIT_KEYS)
    by_time = unknown(probe("fillit", "stats", "--json", "--timeout", "1e-6", hard), FILLIT_KEYS)
    for result in (by_nodes, by_time):
        assert (result["size"], result["solved"], result["rows"]) == (None, False, None)
