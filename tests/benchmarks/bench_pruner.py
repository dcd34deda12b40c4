"""Benchmark: fillit's once-per-node check alone, its compiled cell tests beside the Python ones.

Run: `.venv/bin/python tests/benchmarks/bench_pruner.py [FILE.txt ...]` (default: the hardest
inputs of ../shared/fillit-bench). For each file it records every call the engine makes to the
check (`prune` and `learn`) while `arrange_fast` solves it, then replays those calls on fresh
boards, once with `fillit._board` and once with `fillit.cells`' pure-Python tests (best of 3
each, alternating; processor time, steadier than wall-clock time on a shared machine), and
prints both times, their ratio, and whether both answered alike at every node (exit 1 if not).
"""

from __future__ import annotations

import dataclasses
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from unittest.mock import patch

import fillit.packing
from fillit import cells
from fillit.failures import FailedStates
from fillit.fast import arrange_fast
from fillit.packing import Packing
from fillit.parse import parse
from fillit.pieces import Piece
from fillit.pruner import Board, StatePruner

BENCH = Path(__file__).resolve().parents[3] / "shared" / "fillit-bench"
DEFAULT = ["hard_L28-1-n-1-n_file3", "hard_pbondoer_difficile", "hard_bleplat_topic4237"]

Trace = list[tuple[int, int, list[tuple[bool, tuple[int, ...]]]]]
"""Per search: the board's size, the givens' count, and each call (True: prune) with `chosen`."""


def record(pieces: Sequence[Piece]) -> Trace:
    """Every call of every search `arrange_fast` makes, in order."""
    trace: Trace = []

    class Recording(StatePruner):
        def __init__(self, board: Board, failures: FailedStates, base: int) -> None:
            super().__init__(board, failures, base)
            self.calls: list[tuple[bool, tuple[int, ...]]] = []
            trace.append((board.stride - 1, base, self.calls))

        def __call__(self, chosen: Sequence[int]) -> bool:
            self.calls.append((True, tuple(chosen)))
            return super().__call__(chosen)

        def learn(self, chosen: Sequence[int]) -> None:
            self.calls.append((False, tuple(chosen)))
            super().learn(chosen)

    with patch.object(fillit.packing, "StatePruner", Recording):
        arrange_fast(pieces)
    return trace


def replay(pieces: Sequence[Piece], trace: Trace, compiled: bool) -> tuple[float, list[bool]]:
    """The seconds the calls take on fresh boards (built outside the clock), and the answers."""
    boards = {}
    for size, _, _ in trace:
        if size not in boards:
            board = Packing(pieces, size).board
            tests = [list(zip(m, bound.weights(), strict=True)) for bound, m in board.colour_tests]
            make = cells._board.Cells if compiled else cells.python_cells
            copy = dataclasses.replace(board)
            copy.__dict__["cells"] = make(board.stride, board.full, board.offsets, tests)
            boards[size] = (copy, FailedStates())
    answers: list[bool] = []
    seconds = 0.0
    for size, base, calls in trace:
        board, failures = boards[size]
        pruner = StatePruner(board, failures, base)
        started = time.process_time()
        for prune, chosen in calls:
            if prune:
                answers.append(pruner(chosen))
            else:
                pruner.learn(chosen)
        seconds += time.process_time() - started
    return seconds, answers


def main(paths: list[Path]) -> int:
    """Print each file's figures; 1 when the two checks disagree anywhere."""
    if not cells.COMPILED_AVAILABLE:
        print("fillit._board was not built: nothing to compare")
        return 1
    print(f"{'file':44} {'calls':>7} {'compiled':>9} {'python':>8} {'ratio':>6}  same")
    wrong = 0
    for path in paths:
        pieces = parse(path.read_text())
        trace = record(pieces)
        best = {True: 9.0, False: 9.0}
        found: dict[bool, list[bool]] = {}
        for _ in range(3):
            for compiled in (True, False):
                seconds, found[compiled] = replay(pieces, trace, compiled)
                best[compiled] = min(best[compiled], seconds)
        same = found[True] == found[False]
        wrong += not same
        calls = sum(prune for _, _, c in trace for prune, _ in c)
        ratio = best[False] / best[True]
        print(f"{path.stem:44} {calls:7} {best[True]:9.3f} {best[False]:8.3f} {ratio:6.2f}  {same}")
    return 1 if wrong else 0


if __name__ == "__main__":
    names = sys.argv[1:] or [str(BENCH / f"{stem}.txt") for stem in DEFAULT]
    sys.exit(main([Path(name) for name in names]))
