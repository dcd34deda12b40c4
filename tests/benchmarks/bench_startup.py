"""Benchmark: the start-up of the programs' small runs, beside another checkout in the same run.

Run: `.venv/bin/python tests/benchmarks/bench_startup.py [--base DIR] [--runs N]`. For each
command below it prints the processor time (user + system, of the whole process) of this
checkout's run, the least of N, and with `--base DIR` (another checkout of the project, say
`git worktree add /tmp/before HEAD~3`, with its compiled cores built in place) the same of that
checkout's run, taken turn about so that a busy machine slows both alike, and their ratio. The
target (issues 56, 57): each within 1.1x of the base. Processor time, not wall time: these runs
are a few tens of milliseconds, and wall time on a shared machine is mostly waiting.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
COMMANDS = {
    "fillit solve (README example)": ["fillit", "solve", "corpus/fillit/valid/readme_example.txt"],
    "dlx solve --count (queens 4)": ["dlx", "solve", "--count", "corpus/dlx/queens4.dlx"],
    "dlx solve (queens 4, first)": ["dlx", "solve", "corpus/dlx/queens4.dlx"],
    "dlx tile --count (small)": ["dlx", "tile", "--count", "corpus/tile/triangle_hexagon.txt"],
    "dlx tile (small, first)": ["dlx", "tile", "corpus/tile/triangle_hexagon.txt"],
    "dlx polyomino (seed square)": [
        "dlx", "polyomino", "corpus/polyomino/four_pieces_square.txt",
    ],
    # the same counts through typer (an option the plain starts leave to it): what the plain
    # starts of dlx.cli.plain save
    "dlx solve --count, through typer": [
        "dlx", "solve", "--count", "--limit", "1000000", "corpus/dlx/queens4.dlx",
    ],
    "dlx tile --count, through typer": [
        "dlx", "tile", "--count", "--limit", "1000000", "corpus/tile/triangle_hexagon.txt",
    ],
}  # fmt: skip


def processor_seconds(checkout: Path, command: list[str]) -> float:
    """User + system seconds of `python -m PROGRAM ARGS` run in `checkout` on its own code."""
    program, *args = command
    args = [str(ROOT / arg) if arg.startswith("corpus/") else arg for arg in args]  # (this one's)
    env = {**os.environ, "PYTHONPATH": str(checkout), "NO_COLOR": "1"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(
        [sys.executable, "-m", program, *args],
        cwd=checkout,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=False,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", type=Path, help="another checkout to measure beside this one")
    parser.add_argument("--runs", type=int, default=15)
    options = parser.parse_args()
    checkouts = [ROOT] + ([options.base.resolve()] if options.base else [])
    print(f"{'command':34} {'this':>9}" + (f" {'base':>9} {'ratio':>6}" if options.base else ""))
    for name, command in COMMANDS.items():
        best = [float("inf")] * len(checkouts)
        for _ in range(options.runs):
            for k, checkout in enumerate(checkouts):
                best[k] = min(best[k], processor_seconds(checkout, command))
        line = f"{name:34} {best[0] * 1000:7.1f}ms"
        if options.base:
            line += f" {best[1] * 1000:7.1f}ms {best[0] / best[1]:6.2f}"
        print(line)


if __name__ == "__main__":
    main()
