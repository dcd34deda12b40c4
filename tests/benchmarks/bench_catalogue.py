"""Benchmark: `dlx tile --count` across a catalogue of tiling puzzles, beside Knuth's SSXCC on the
problem `dlx tile --dlx` writes for each (issue 59).

Run: `.venv/bin/python tests/benchmarks/bench_catalogue.py [--ssxcc PATH] [--repeat N]
[--only NAME ...]`. SSXCC is a build the user made from Knuth's CWEB source (ascherer/cwebtest:
`ctangle ssxcc.w`, `cc -O3 ssxcc.c gb_flip.c -o ssxcc`); its path comes from the option or the
environment variable SSXCC, and without it only our figures print. This project never builds
or ships it.

The catalogue: rectangles, boards with holes, trapezoids (one that a colouring refutes),
rhombi, a hexagon of hexagons and boxes of cubes, each with a count the two programs must agree
on (and, where one is published, that count). Each command runs as a whole process, start-up
included, `--repeat` times (default 1), taking turns with its peer; the best time of each
prints, in wall seconds, with ours over SSXCC's. The target: where SSXCC takes 0.1 s or more,
ours within 0.35 times its time plus 0.04 s (start-up is 0.03 s here, and no target). Exit 1
when a count disagrees.
"""

from __future__ import annotations

import argparse
import math
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_tiling import PENTOMINOES, _flat

ROOT = Path(__file__).resolve().parents[2]
RATIO, SLACK, COUNTED = 0.35, 0.04, 0.1
"""Ours within RATIO x SSXCC's time + SLACK seconds, where SSXCC takes COUNTED seconds or more."""


def rows(*lines: str) -> str:
    """A board drawn a row a line."""
    return "board\n" + "\n".join(lines) + "\n"


def square(r: int, c: int, holes: set[tuple[int, int]] = frozenset()) -> str:  # type: ignore[assignment]
    """An r x c board less `holes`, drawn."""
    return rows(*("".join(".#"[(i, j) not in holes] for j in range(c)) for i in range(r)))


def trapezoid(height: int, top: int) -> str:
    """A trapezoid of triangles: `height` rows, the top one `top` triangles long."""
    return "grid triangle\n" + rows(
        *("." * (height - k) + "#" * (top + 2 * k) for k in range(height))
    )


CENTRE = {(3, 3), (3, 4), (4, 3), (4, 4)}
CORNERS = {(0, 0), (0, 7), (7, 0), (7, 7)}
PENT = "pieces pentominoes\n"
HEXI = "pieces hexiamonds\n"
SOLID = "{}\n" + _flat(PENTOMINOES)
"""The pentominoes as solid pieces (pentacubes in a plane) in a box, as Knuth's spec lines."""

CATALOGUE: dict[str, tuple[str, str | None]] = {
    # name: (the puzzle as `dlx tile` reads it, its published count or None)
    "pentominoes 3x20": ("board 3x20\n" + PENT, "8"),
    "pentominoes 4x15": ("board 4x15\n" + PENT, "1472"),
    "pentominoes 5x12": ("board 5x12\n" + PENT, "4040"),
    "pentominoes 6x10": ("board 6x10\n" + PENT, "9356"),
    "8x8 less its centre": (square(8, 8, CENTRE) + PENT, "520"),
    "8x8 less its corners": (square(8, 8, CORNERS) + PENT, None),
    "8x8 less four cells, a": (square(8, 8, {(2, 2), (2, 5), (5, 2), (5, 5)}) + PENT, None),
    "8x8 less four cells, b": (square(8, 8, {(0, 3), (3, 7), (7, 4), (4, 0)}) + PENT, None),
    "8x8 less four cells, c": (square(8, 8, {(1, 1), (1, 6), (6, 1), (6, 6)}) + PENT, None),
    "Scott's 8x8": ("board 8x8\n" + PENT + "piece O\n##\n##\n", "129168"),
    "hexiamonds 4x9": ("grid triangle\nboard 4x9\n" + HEXI, None),
    "hexiamonds 6x6": ("grid triangle\nboard 6x6\n" + HEXI, "624"),
    "hexiamonds trapezoid 4 rows": (trapezoid(4, 15) + HEXI, "152"),
    "hexiamonds trapezoid 6 rows": (trapezoid(6, 7) + HEXI, "0"),
    "trihexes, tetrahexes hexagon-4": (
        "grid hex\nboard hexagon-4\npieces trihexes tetrahexes\n",
        "147480",
    ),
    "Soma 3x3x3": ("grid cube\nboard 3x3x3\npieces soma\n", "11520"),
    "tetracubes 2x4x4": ("grid cube\nboard 2x4x4\npieces tetracubes\n", None),
    "solid pentominoes 2x3x10": (SOLID.format("[0-1][0-2][0-9]"), None),
    "solid pentominoes 2x5x6": (SOLID.format("[0-1][0-4][0-5]"), "2112"),
    "solid pentominoes 3x4x5": (SOLID.format("[0-2][0-3][0-4]"), None),
}


def timed(command: list[str], stdin: Path | None = None) -> tuple[float, str]:
    """The wall seconds `command` took and its output (standard output, then error)."""
    started = time.perf_counter()
    with stdin.open() if stdin is not None else open(os.devnull) as given:
        done = subprocess.run(command, stdin=given, capture_output=True, text=True, cwd=ROOT)
    return time.perf_counter() - started, done.stdout + done.stderr


def ssxcc_count(output: str) -> str:
    """The number of solutions SSXCC reports ("Altogether N solutions")."""
    for line in output.splitlines():
        if line.startswith("Altogether"):
            return line.split()[1]
    return "?"


def measure(name: str, folder: Path, args: argparse.Namespace) -> bool:
    """One puzzle's line; whether every count agrees."""
    text, published = CATALOGUE[name]
    puzzle = folder / f"{name.replace(' ', '_').replace(',', '')}.txt"
    puzzle.write_text(text)
    ours = [sys.executable, "-m", "dlx", "tile", "--count", str(puzzle)]
    problem = None
    if args.ssxcc:
        problem = puzzle.with_suffix(".dlx")
        written = subprocess.run(
            [sys.executable, "-m", "dlx", "tile", "--dlx", str(puzzle)],
            capture_output=True,
            text=True,
            cwd=ROOT,
        )
        problem.write_text(written.stdout)
    best: dict[str, float] = {}
    counts: dict[str, str] = {}
    for _ in range(args.repeat):
        seconds, output = timed(ours)
        best["ours"] = min(seconds, best.get("ours", math.inf))
        counts["ours"] = output.split("\n", 1)[0].strip()
        if problem is not None:
            seconds, output = timed([args.ssxcc], problem)
            best["ssxcc"] = min(seconds, best.get("ssxcc", math.inf))
            counts["ssxcc"] = ssxcc_count(output)
    if published is not None:
        counts["published"] = published
    agree = len(set(counts.values())) == 1
    line = f"{name:32} {counts['ours']:>7}  ours {best['ours']:7.3f} s"
    if "ssxcc" in best:
        ours_s, theirs = best["ours"], best["ssxcc"]
        line += f"  SSXCC {theirs:7.3f} s  {ours_s / theirs:5.2f}x"
        if theirs >= COUNTED:
            met = ours_s <= RATIO * theirs + SLACK
            line += f"  (target {RATIO * theirs + SLACK:.3f} s: {'met' if met else 'NOT met'})"
        else:
            line += "  (under 0.1 s)"
    if not agree:
        line += f"  COUNTS DISAGREE: {counts}"
    print(line, flush=True)
    return agree


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=1, help="best of this many runs")
    parser.add_argument("--only", action="append", choices=list(CATALOGUE), help="this one only")
    parser.add_argument("--ssxcc", default=os.environ.get("SSXCC"), help="Knuth's SSXCC")
    args = parser.parse_args(argv)
    print(f"dlx tile --count beside SSXCC, wall seconds, best of {args.repeat}")
    agree = True
    with tempfile.TemporaryDirectory() as folder:
        for name in args.only or list(CATALOGUE):
            agree &= measure(name, Path(folder), args)
    return 0 if agree else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
