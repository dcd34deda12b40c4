"""Benchmark: how long a tiling puzzle takes to pose, apart from start-up and search (issue 59).

Run: `.venv/bin/python tests/benchmarks/bench_posing.py [--base DIR] [--runs N]`. Posing is
what `dlx.tiling.Puzzle` does before its first search node: read the puzzle, make every
placement, break the symmetry (`--unique`), assemble the exact-cover problem, choose the engine
and build its table. Each puzzle is posed N times (default 7) in one process whose imports a
first puzzle already paid for, a fresh `Puzzle` each time; the least time prints in
milliseconds, beside the issue's target (10 ms for a board of at most 256 cells) and, with
`--base DIR` (another checkout, its compiled cores built in place), the same measured there in
the same run, and their ratio.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PUZZLES = {
    "pentominoes 6x10": ("6x10", "pentominoes", None, False),
    "pentominoes 6x10 --unique": ("6x10", "pentominoes", None, True),
    "pentominoes 8x8-hole --unique": ("8x8-hole", "pentominoes", None, True),
    "hexiamonds 6x6 --unique": ("6x6", "hexiamonds", "triangle", True),
    "trihexes+tetrahexes hexagon-4": ("hexagon-4", "trihexes,tetrahexes", "hex", False),
    "soma 3x3x3 --unique": ("3x3x3", "soma", "cube", True),
    "tetracubes 2x4x4": ("2x4x4", "tetracubes", "cube", False),
}
"""Name: (board, pieces, grid, unique)."""
TARGET_MS = 10.0

POSE = """
import json, sys, time
from dlx.tiling import Puzzle
from dlx.tiling.build import engine_keywords
board, pieces, grid, unique, runs = json.loads(sys.argv[1])
engine_keywords(Puzzle(board="3x20", pieces="pentominoes").tiling(False))  # the imports
best = float("inf")
for _ in range(runs):
    started = time.perf_counter()
    engine_keywords(Puzzle(board=board, pieces=pieces, grid=grid).tiling(unique))
    best = min(best, time.perf_counter() - started)
print(best * 1000)
"""


def posing_ms(checkout: Path, puzzle: tuple[str, str, str | None, bool], runs: int) -> float:
    """The least milliseconds of `runs` posings of `puzzle` on `checkout`'s code."""
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    done = subprocess.run(
        [sys.executable, "-c", POSE, json.dumps([*puzzle, runs])],
        cwd=checkout,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return float(done.stdout.strip())


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", type=Path, help="another checkout to measure beside")
    parser.add_argument("--runs", type=int, default=7, help="posings of each puzzle")
    args = parser.parse_args(argv)
    print(f"posing, ms (least of {args.runs}, imports paid before; target {TARGET_MS:.0f} ms)")
    for name, puzzle in PUZZLES.items():
        ours = posing_ms(ROOT, puzzle, args.runs)
        line = f"{name:32} {ours:7.1f} ms  {ours / TARGET_MS:5.1f}x the target"
        if args.base is not None:
            try:
                base = posing_ms(args.base, puzzle, args.runs)
                line += f"   base {base:7.1f} ms  {ours / base:5.2f}x"
            except subprocess.CalledProcessError:  # (a checkout older than `dlx.tiling.Puzzle`)
                line += "   base: cannot pose it"
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
