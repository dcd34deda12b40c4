"""Benchmark: fillit's once-per-node check alone: compiled whole, with its compiled cell tests,
and in pure Python.

Run: `.venv/bin/python tests/benchmarks/bench_pruner.py [FILE.txt ...]` (default: the hardest
inputs of ../shared/fillit-bench). For each file it records every call the engine makes to the
check (`prune` and `learn`) while `arrange_fast` solves it, then replays those calls on fresh
boards three ways: `fillit.solver.board._board.Pruner` (the whole check compiled, called from Python
here, so each call still builds a list), `StatePruner` over `fillit.solver.board._board`'s cell
tests, and `StatePruner` over `fillit.solver.board.empty_cells`' pure-Python tests (best of 3 each,
alternating; processor time, steadier than wall-clock time on a shared machine). It prints the
times, the ratio of the pure-Python one to the whole compiled one, and whether all answered alike at
every node (exit 1 if not). Boards with projection tests are replayed without them (the compiled
check does not run them), all three alike.
"""

from __future__ import annotations

import dataclasses
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from unittest.mock import patch

import fillit.solver.board.packing
from fillit.parse import parse
from fillit.pieces import Piece
from fillit.solver.arrange import arrange_fast
from fillit.solver.board import empty_cells
from fillit.solver.board.failures import FailedStates
from fillit.solver.board.packing import Packing
from fillit.solver.board.pruner import Board, Check, Failures, StatePruner, new_failures, new_pruner

BENCH = Path(__file__).resolve().parents[3] / "shared" / "fillit-bench"
DEFAULT = ["hard_L28-1-n-1-n_file3", "hard_pbondoer_difficile", "hard_bleplat_topic4237"]

Trace = list[tuple[int, int, tuple[int, ...] | None, list[tuple[bool, tuple[int, ...]]]]]
"""Per search: the board's size, the givens' count, the floors, and each call (True: prune) with
`chosen`."""


def record(pieces: Sequence[Piece]) -> Trace:
    """Every call of every search `arrange_fast` makes, in order."""
    trace: Trace = []

    class Recording(StatePruner):
        def __init__(
            self,
            board: Board,
            failures: Failures,
            base: int,
            floors: tuple[int, ...] | None = None,
        ) -> None:
            super().__init__(board, failures, base, floors)
            self.calls: list[tuple[bool, tuple[int, ...]]] = []
            trace.append((board.stride - 1, base, floors, self.calls))

        def __call__(self, chosen: Sequence[int]) -> bool:
            self.calls.append((True, tuple(chosen)))
            return super().__call__(chosen)

        def learn(self, chosen: Sequence[int]) -> None:
            self.calls.append((False, tuple(chosen)))
            super().learn(chosen)

    with patch.object(fillit.solver.board.packing, "new_pruner", Recording):
        arrange_fast(pieces)
    return trace


KINDS = ("pruner", "cells", "python")
"""The checks replayed: compiled whole, StatePruner over compiled cell tests, pure Python."""


def fresh(pieces: Sequence[Piece], size: int, kind: str) -> tuple[Board, Failures]:
    """A board of `size` (without projection tests) checked the `kind` way, and its failures."""
    board = dataclasses.replace(Packing(pieces, size).board, line_tests=[])
    if kind == "python":
        tests = [list(zip(m, bound.weights(), strict=True)) for bound, m in board.colour_tests]
        board.__dict__["cells"] = empty_cells.python_cells(
            board.stride, board.full, board.offsets, tests
        )
    return board, new_failures(board) if kind == "pruner" else FailedStates()


def replay(pieces: Sequence[Piece], trace: Trace, kind: str) -> tuple[float, list[bool]]:
    """The seconds the calls take on fresh boards (built outside the clock), and the answers."""
    boards = {size: fresh(pieces, size, kind) for size, _, _, _ in trace}
    answers: list[bool] = []
    seconds = 0.0
    for size, base, floors, calls in trace:
        board, failures = boards[size]
        pruner: Check = new_pruner(board, failures, base, floors)
        started = time.process_time()
        for prune, chosen in calls:
            if prune:
                answers.append(pruner(chosen))
            else:
                pruner.learn(chosen)
        seconds += time.process_time() - started
    return seconds, answers


def main(paths: list[Path]) -> int:
    """Print each file's figures; 1 when the checks disagree anywhere."""
    if not empty_cells.COMPILED_AVAILABLE:
        print("fillit.solver.board._board was not built: nothing to compare")
        return 1
    print(f"{'file':40} {'calls':>7} {'pruner':>7} {'cells':>7} {'python':>7} {'ratio':>6}  same")
    wrong = 0
    for path in paths:
        pieces = parse(path.read_text())
        trace = record(pieces)
        best = dict.fromkeys(KINDS, 99.0)
        found: dict[str, list[bool]] = {}
        for _ in range(3):
            for kind in KINDS:
                seconds, found[kind] = replay(pieces, trace, kind)
                best[kind] = min(best[kind], seconds)
        same = found["pruner"] == found["cells"] == found["python"]
        wrong += not same
        calls = sum(prune for _, _, _, c in trace for prune, _ in c)
        ratio = best["python"] / best["pruner"]
        times = " ".join(f"{best[kind]:7.3f}" for kind in KINDS)
        print(f"{path.stem:40} {calls:7} {times} {ratio:6.2f}  {same}")
    return 1 if wrong else 0


if __name__ == "__main__":
    names = sys.argv[1:] or [str(BENCH / f"{stem}.txt") for stem in DEFAULT]
    sys.exit(main([Path(name) for name in names]))
