"""Benchmark: counting every solution with each core of dlx, beside xcover and Knuth's DLX1.

Run: `.venv/bin/python tests/benchmarks/bench_dlx.py [--without NAME ...] [FILE.dlx ...]`.
Default problems: pentominoes 6x10 (all 9356, ../shared/dlx-peer), pentominoes 8x8 minus the
centre, 12 queens and the hardest sudoku (../shared/dlx-reference). Each solver is a fresh process
counting every solution of the same Knuth-format file, start-up included, all in one run:

- `compiled`: `python -m dlx solve --count FILE` with DLX_CORE=compiled;
- `python`: the same with DLX_CORE=python (the pure-Python reference);
- `xcover`: xcover from PyPI (numba; `pip install -e '.[bench]'`), when it is installed;
- `dlx1`: Knuth's DLX1 reading the file on standard input, only when the environment variable
  DLX1 gives the path of a build the user made (this project never builds or ships it).

Per problem it prints each solver's seconds, whether its count is right, and its time as a
multiple of the compiled core's; then the targets: the compiled core faster than xcover on both
pentomino problems, and (a goal) within 1.2x of DLX1's time. `--without python` skips the pure-
Python runs (about two minutes on the 6x10 pentominoes). Exit 1 when a count is wrong.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import re
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

SHARED = Path(__file__).resolve().parents[3] / "shared"
PROBLEMS = {  # file -> (what it is, its number of solutions)
    SHARED / "dlx-peer" / "sjnam_pent_6x10.dlx": ("pentominoes 6x10, all", 9356),
    SHARED / "dlx-reference" / "pent8x8_hole.dlx": ("pentominoes 8x8 minus centre", 520),
    SHARED / "dlx-reference" / "queens12.dlx": ("12 queens", 14200),
    SHARED / "dlx-reference" / "sudoku_inkala.dlx": ("hardest sudoku", 1),
}
PENTOMINOES = ("sjnam_pent_6x10.dlx", "pent8x8_hole.dlx")
TIMEOUT = 600.0

XCOVER = """
import sys
from dlx.knuth import read_dlx
from xcover import covers
problem = read_dlx(sys.argv[1]).problem
names = problem.items
primary, secondary = names[: problem.primary_count], names[problem.primary_count :]
options = [[names[i] for i in option] for option in problem.options]
print(sum(1 for _ in covers(options, primary=primary, secondary=secondary or None)))
"""

Command = Callable[[Path], tuple[list[str], dict[str, str], Path | None]]
"""For a file: the argument vector, extra environment, and a file for standard input."""


def dlx_core(core: str) -> Command:
    """`python -m dlx solve --count FILE` on one core."""
    return lambda path: (
        [sys.executable, "-m", "dlx", "solve", "--count", str(path)],
        {"DLX_CORE": core},
        None,
    )


def solvers(without: set[str]) -> dict[str, Command]:
    """The solvers at hand, by name, in the order they are run (the compiled core first: the
    others' times are given as multiples of its time)."""
    found: dict[str, Command] = {"compiled": dlx_core("compiled"), "python": dlx_core("python")}
    if importlib.util.find_spec("xcover") is not None:
        found["xcover"] = lambda path: ([sys.executable, "-c", XCOVER, str(path)], {}, None)
    dlx1 = os.environ.get("DLX1")
    if dlx1:
        found["dlx1"] = lambda path: ([dlx1], {}, path)
    return {name: command for name, command in found.items() if name not in without}


def run(command: Command, path: Path) -> tuple[float, int | None]:
    """Wall-clock seconds of one solver on `path`, and the count it printed (None if none)."""
    argv, env, stdin = command(path)
    started = time.perf_counter()
    with open(stdin or os.devnull, "rb") as feed:
        done = subprocess.run(
            argv,
            stdin=feed,
            capture_output=True,
            text=True,
            env={**os.environ, **env},
            timeout=TIMEOUT,
            check=False,
        )
    seconds = time.perf_counter() - started
    text = done.stdout + done.stderr
    knuth = re.search(r"Altogether (\d+) solutions?", text)
    if knuth:
        return seconds, int(knuth.group(1))
    last = done.stdout.strip().splitlines()[-1:] if done.returncode == 0 else []
    return seconds, int(last[0]) if last and last[0].isdigit() else None


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--without", action="append", default=[], help="skip this solver")
    args = parser.parse_args(argv)
    chosen = {path: PROBLEMS.get(path.resolve(), (path.stem, None)) for path in args.files}
    chosen = chosen or PROBLEMS
    table = solvers(set(args.without))
    times: dict[tuple[str, str], float] = {}
    wrong = False
    for path, (title, expected) in chosen.items():
        print(f"{title} ({path.name}, {expected if expected is not None else '?'} solutions)")
        for name, command in table.items():
            seconds, count = run(command, path)
            times[path.name, name] = seconds
            right = expected is None or count == expected
            wrong |= not right
            base = times.get((path.name, "compiled"))
            ratio = f"{seconds / base:7.2f}x compiled" if base else ""
            verdict = "ok" if right else f"WRONG (counted {count})"
            print(f"  {name:9} {seconds:8.2f} s  {verdict:6} {ratio}", flush=True)
    print(targets(times))
    return 1 if wrong else 0


def targets(times: dict[tuple[str, str], float]) -> str:
    """The targets on the pentominoes: faster than xcover (must), within 1.2x of DLX1 (goal)."""
    lines = []
    for name in PENTOMINOES:
        ours = times.get((name, "compiled"))
        if ours is None:
            continue
        for peer, limit, kind in (("xcover", 1.0, "must"), ("dlx1", 1.2, "goal")):
            theirs = times.get((name, peer))
            if theirs is None:
                lines.append(f"{name}: {peer} not run ({kind}: compiled <= {limit} x {peer})")
                continue
            met = "met" if ours <= limit * theirs else "NOT met"
            lines.append(
                f"{name}: compiled {ours:.2f} s, {peer} {theirs:.2f} s, "
                f"ratio {ours / theirs:.2f} ({kind} <= {limit}: {met})"
            )
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
