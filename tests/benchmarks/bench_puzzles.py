"""Benchmark: `dlx solve --count` on the puzzle problems, beside Knuth's DLX1 where measured.

Run: `.venv/bin/python tests/benchmarks/bench_puzzles.py [--quick]`. Each problem is built by its
puzzle module, written in Knuth's format to a temporary file, and counted by `python -m dlx solve
--count --stats` as a whole process. It prints the count (and whether it is the known one), the
wall-clock seconds, the engine's updates per second, and DLX1's time on this machine where the
reference measured it, so the ratio is visible. `--quick` leaves out the runs over a minute.
Exit 1 when a count is wrong.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from dlx.knuth import format_dlx

ROOT = Path(__file__).resolve().parents[2]


def cases() -> list[tuple[str, Callable[[], Any], int, float | None, bool]]:
    """(name, problem builder, known count, DLX1 seconds or None, slow)."""
    from dlx.puzzles import pentomino, queens, skyscrapers, sudoku

    inkala = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
    return [
        ("queens 8", lambda: queens.problem(8), 92, None, False),
        ("queens 10", lambda: queens.problem(10), 724, None, False),
        ("queens 12", lambda: queens.problem(12), 14200, 0.05, False),
        ("sudoku inkala", lambda: sudoku.problem(sudoku.parse(inkala)), 1, None, False),
        ("latin squares 5", lambda: skyscrapers.latin_problem(5), 161280, None, True),
        ("pentominoes 8x8 minus centre", lambda: pentomino.problem(8, 8), 520, 0.54, False),
        ("pentominoes 6x10 unique", lambda: pentomino.problem(6, 10, unique=True), 2339, 2.0, True),
        ("pentominoes 6x10 all", lambda: pentomino.problem(6, 10), 9356, 7.5, True),
    ]


def count(path: Path) -> tuple[int, float, float]:
    """The count of `dlx solve --count --stats`, its wall-clock seconds and updates per second."""
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "dlx", "solve", "--count", "--stats", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    seconds = time.perf_counter() - started
    match = re.search(r"(\d+) nodes, (\d+) updates, ([\d.]+) s", done.stderr)
    rate = int(match.group(2)) / max(float(match.group(3)), 1e-9) if match else 0.0
    return int(done.stdout.strip() or -1), seconds, rate


def main(args: list[str]) -> int:
    quick = "--quick" in args
    wrong = 0
    heading = f"{'problem':30} {'count':>8} {'ok':>3} {'seconds':>8} {'Mupd/s':>7}"
    print(heading + f" {'DLX1 s':>7} {'ratio':>6}")
    with tempfile.TemporaryDirectory() as folder:
        for name, build, known, dlx1, slow in cases():
            if quick and slow:
                continue
            path = Path(folder) / (name.replace(" ", "_") + ".dlx")
            path.write_text(format_dlx(build()))
            found, seconds, rate = count(path)
            wrong += found != known
            line = f"{name:30} {found:>8} {'ok' if found == known else 'NO':>3} {seconds:>8.2f}"
            line += f" {rate / 1e6:>7.2f}"
            if dlx1 is not None:
                line += f" {dlx1:>7.2f} {seconds / dlx1:>5.0f}x"
            print(line, flush=True)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
