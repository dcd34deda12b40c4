"""Benchmark: the inputs of issue 36 at their limits, each answered in seconds and linear time.

Run: `.venv/bin/python tests/benchmarks/bench_limits.py`. Three figures, each beside a reference
measured in the same run:

- `dlx tile` spec lines: the seconds to read and build 20,000 and 200,000 lines naming one piece;
  linear time keeps the ratio near 10 (it was 1.7 ms a line at 200,000, growing).
- `dlx queens N`: the nodes before the first board for the order shipped, beside the natural
  order (capped at 2,000,000 nodes: `-` means not found), for N past NATURAL_UP_TO.
- Knuth's format: the peak memory of `dlx solve` refusing a 64 MiB line of one repeated word,
  beside the file's size (it took 4.1 to 5.6 GB).

Exit 1 when the spec lines' ratio passes 20 or a shipped queens board takes over 40,000 nodes.
"""

from __future__ import annotations

import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from dlx import Problem, Stats, solve
from dlx.puzzles import queens
from dlx.tiling.build import build
from dlx.tiling.spec import read_spec

QUEENS = [57, 59, 100, 150, 200, 379, 400, 800]
CAP = 2_000_000


def spec_seconds(lines: int) -> float:
    """Seconds to read and build a spec of `lines` lines each naming one piece."""
    started = time.perf_counter()
    build(read_spec("00\n" + "A 00\n" * lines, "square"))
    return time.perf_counter() - started


def natural_queens(n: int) -> Problem[queens.Square]:
    """The queens problem with rows, columns and squares in their natural order."""
    names = [f"r{k}" for k in range(n)] + [f"c{k}" for k in range(n)]
    diagonals = [f"a{d}" for d in range(2 * n - 1)] + [f"b{d}" for d in range(2 * n - 1)]
    problem: Problem[queens.Square] = Problem(names, diagonals)
    for r in range(n):
        for c in range(n):
            problem.add_option((r, c), [f"r{r}", f"c{c}", f"a{r + c}", f"b{r - c + n - 1}"])
    return problem


def first_board_nodes(problem: Problem[queens.Square]) -> int | None:
    """Nodes to the first solution, None when not found within CAP."""
    stats = Stats()
    found = list(solve(problem, limit=1, max_nodes=CAP, stats=stats))
    return stats.nodes if found else None


def long_line_peak() -> tuple[int, float]:
    """The size of a 64 MiB one-line Knuth file and the peak memory (MB) refusing it."""
    with tempfile.TemporaryDirectory() as folder:
        file = Path(folder) / "line.dlx"
        file.write_text("aa\n" + "aa " * (64 * 1024 * 1024 // 3 - 2) + "\n")
        subprocess.run(
            [sys.executable, "-m", "dlx", "solve", str(file)], capture_output=True, check=False
        )
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        return file.stat().st_size, peak


def main() -> int:
    short, long = spec_seconds(20_000), spec_seconds(200_000)
    print(f"spec lines: 20,000 in {short:.2f} s, 200,000 in {long:.2f} s: ratio {long / short:.1f}")
    worst = 0
    print(f"{'queens N':>9} {'shipped':>8} {'natural':>8}")
    for n in QUEENS:
        shipped = first_board_nodes(queens.problem(n)) or CAP
        natural = first_board_nodes(natural_queens(n))
        worst = max(worst, shipped)
        print(f"{n:>9} {shipped:>8} {natural if natural is not None else '-':>8}")
    size, peak = long_line_peak()
    print(f"one line of {size / 2**20:.0f} MiB refused at a peak of {peak:.0f} MB")
    return 0 if long / short <= 20 and worst <= 40_000 else 1


if __name__ == "__main__":
    sys.exit(main())
