"""Benchmark: the nodes a `dlx tile --count --jobs N` search visits beside one search's (issue 59).

Run: `.venv/bin/python tests/benchmarks/bench_jobs_nodes.py [--jobs 2 ...] [--only NAME ...]`.

The bitset engine's memo of failures makes a leaf of every dead end met before, so a parallel
search's tree depends on which dead ends its workers met first, and on whether they told each
other (the workers of this machine share one memo: `dlx.parallel.memo_block`). For each puzzle
the program runs `dlx tile --count --stats` alone, then with `--jobs N` for each N, as whole
processes, and prints each run's nodes and seconds, and the nodes over the alone run's. The
target: at most 1.03 times. Exit 1 when a count disagrees.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_catalogue import CATALOGUE

ROOT = Path(__file__).resolve().parents[2]
PUZZLES = ["pentominoes 6x10", "8x8 less its corners", "Scott's 8x8", "solid pentominoes 2x5x6"]
TARGET = 1.03


def run(puzzle: Path, jobs: int | None) -> tuple[str, int, float]:
    """The count, the nodes and the wall seconds of one `dlx tile --count --stats` process."""
    command = [sys.executable, "-m", "dlx", "tile", "--count", "--stats", str(puzzle)]
    command += [] if jobs is None else ["--jobs", str(jobs)]
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, check=False)
    seconds = time.perf_counter() - started
    nodes = re.search(r"dlx: (\d+) nodes", done.stderr)
    return done.stdout.strip(), int(nodes.group(1)) if nodes else -1, seconds


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, nargs="+", default=[2], help="workers (default 2)")
    parser.add_argument("--only", action="append", choices=list(CATALOGUE), help="this one only")
    args = parser.parse_args(argv)
    print(f"dlx tile --count: nodes with --jobs N over one search's (target {TARGET}x at most)")
    agree = True
    with tempfile.TemporaryDirectory() as folder:
        for name in args.only or PUZZLES:
            puzzle = Path(folder) / "puzzle.txt"
            puzzle.write_text(CATALOGUE[name][0])
            count, alone, seconds = run(puzzle, None)
            print(f"{name:28} alone    {alone:>11,} nodes {seconds:7.2f} s  count {count}")
            for jobs in args.jobs:
                counted, nodes, took = run(puzzle, jobs)
                agree &= counted == count
                ratio = nodes / alone if alone > 0 else float("nan")
                met = "met" if ratio <= TARGET else "NOT met"
                print(
                    f"{'':28} --jobs {jobs:<2} {nodes:>11,} nodes {took:7.2f} s  {ratio:.3f}x {met}"
                )
    return 0 if agree else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
