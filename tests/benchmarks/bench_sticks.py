"""Benchmark: `dlx tile --count` on polysticks beside Knuth's SSXCC and DLX2 on the problem
`dlx tile --dlx` writes for the same puzzle (issue 58).

Run: `.venv/bin/python tests/benchmarks/bench_sticks.py [--repeat N] [--cpu] [--ssxcc PATH]
[--dlx2 PATH]`. Knuth's programs are builds the user made from his CWEB sources
(ascherer/cwebtest: `ctangle ssxcc.w`, `cc -O3 ssxcc.c gb_flip.c -o ssxcc`; likewise dlx2.w);
their paths come from the options or from the environment variables SSXCC and DLX2. This
project never builds or ships them. Without them only our figures print.

The puzzles: Polyform Puzzler's 16 tetrasticks less one of H, J, L, N, Y on every edge of a
5 x 5 square, no two pieces crossing, up to the board's symmetry (`--unique`: 72, 382, 607,
530, 204; 1,795 in all, which the issue asks for in under a minute); and the first of them
without `--unique` (576: each solution's eight images). Both peers get the same problem, the
symmetry broken in it as ours is, the crossing points secondary items.

Each command runs as a whole process, start-up included, `--repeat` times (default 3),
alternating with its peers; the best time of each prints, with ours over each peer's. `--cpu`
measures processor seconds (user and system) instead of wall-clock seconds. Exit 1 when a count
disagrees.
"""

from __future__ import annotations

import argparse
import math
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from bench_tiling import ROOT, ssxcc_count, timed

from dlx.tiling.library import STICK_SETS

PUZZLES = {
    "no-H": ("H", ["--unique"], "72"),
    "no-J": ("J", ["--unique"], "382"),
    "no-L": ("L", ["--unique"], "607"),
    "no-N": ("N", ["--unique"], "530"),
    "no-Y": ("Y", ["--unique"], "204"),
    "no-H-all": ("H", [], "576"),
}
"""Name: (the tetrastick left out, our options, the count)."""


def picture(left_out: str) -> str:
    """The puzzle as a picture: the 5 x 5 square's edges and the fifteen pieces drawn."""
    lines = ["grid sticks", "board 5x5"]
    for name, drawing in STICK_SETS["tetrasticks"]:
        if name != left_out:
            lines += [f"piece {name}", *drawing.split("/")]
    return "\n".join(lines) + "\n"


def measure(name: str, folder: Path, args: argparse.Namespace) -> tuple[bool, float]:
    """Run one puzzle: print our best time and each peer's; whether every count agrees, and
    our time."""
    left_out, extra, expected = PUZZLES[name]
    puzzle = folder / f"{name}.txt"
    puzzle.write_text(picture(left_out))
    problem = folder / f"{name}.dlx"
    written = [sys.executable, "-m", "dlx", "tile", "--dlx", *extra, str(puzzle)]
    problem.write_text(subprocess.run(written, capture_output=True, text=True, check=True).stdout)
    ours = [sys.executable, "-m", "dlx", "tile", "--count", *extra, str(puzzle)]
    peers = {peer: path for peer, path in (("SSXCC", args.ssxcc), ("DLX2", args.dlx2)) if path}
    best: dict[str, float] = {}
    counts: dict[str, str] = {}
    for _ in range(args.repeat):
        seconds, output = timed(ours, None, args.cpu)
        best["ours"] = min(seconds, best.get("ours", math.inf))
        counts["ours"] = output.strip().splitlines()[-1] if output.strip() else "?"
        for peer, path in peers.items():
            seconds, output = timed([path], problem, args.cpu)
            best[peer] = min(seconds, best.get(peer, math.inf))
            counts[peer] = ssxcc_count(output)
    agree = all(count == expected for count in counts.values())
    line = f"{name:9} {expected:>4}  ours {best['ours']:6.3f} s"
    for peer in peers:
        line += f"  {peer} {best[peer]:6.3f} s {best['ours'] / best[peer]:5.2f}x"
    if not agree:
        line += f"  COUNTS DISAGREE: {counts}"
    print(line, flush=True)
    return agree, best["ours"]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="best of this many runs")
    parser.add_argument("--cpu", action="store_true", help="processor seconds instead")
    for name, variable in (("ssxcc", "SSXCC"), ("dlx2", "DLX2")):
        parser.add_argument(f"--{name}", default=os.environ.get(variable), help=f"(${variable})")
    args = parser.parse_args(argv)
    compiled = [sys.executable, "-m", "compileall", "-q", str(ROOT / "dlx")]
    subprocess.run(compiled, capture_output=True, check=False)  # started as installed
    unit = "processor seconds" if args.cpu else "seconds"
    print(f"dlx tile --count on polysticks beside SSXCC and DLX2 ({unit}, best of {args.repeat})")
    wrong, unique = False, 0.0
    with tempfile.TemporaryDirectory() as folder:
        for name in PUZZLES:
            agree, seconds = measure(name, Path(folder), args)
            wrong |= not agree
            unique += seconds if "--unique" in PUZZLES[name][1] else 0.0
    print(f"the 1,795 of the five puzzles up to symmetry: {unique:.2f} s in all (target: a minute)")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
