"""Benchmark: counting every solution with each engine and core of dlx, beside xcover and Knuth's
DLX1 and SSXCC.

Run: `.venv/bin/python tests/benchmarks/bench_dlx.py [--without NAME ...] [--shuffle SEED]
[FILE.dlx ...]`. Default problems: pentominoes 6x10 (all 9356: ../shared/dlx-peer, or built by
`dlx.puzzles.pentomino` when that file is absent), pentominoes 8x8 minus the centre, 12 queens and
the hardest sudoku (../shared/dlx-reference). Each solver is a fresh process counting every
solution of the same Knuth-format file, start-up included, all in one run:

- `compiled`: `python -m dlx solve --count FILE` with DLX_CORE=compiled (links: DLX1's dance);
- `python`: the same with DLX_CORE=python (the pure-Python reference);
- `cells`: `python -m dlx solve --engine cells --count FILE` (Knuth's SSXCC, compiled);
- `xcover`: xcover from PyPI (numba; `pip install -e '.[bench]'`), when it is installed;
- `dlx1`, `ssxcc`: Knuth's DLX1 and SSXCC reading the file on standard input, only when the
  environment variables DLX1 and SSXCC give the paths of builds the user made (this project
  never builds or ships them: `ctangle ssxcc.w && cc -O3 ssxcc.c gb_flip.c -o ssxcc`).

`--shuffle SEED` runs every solver on copies of the files whose options are shuffled (the same
copy for all), so that no solver gains from the order the options were written in.
Per problem it prints each solver's seconds, whether its count is right, and its time as a
multiple of the compiled core's; then the targets: the compiled core faster than xcover on both
pentomino problems, (a goal) within 1.2x of DLX1's time, and cells at most 1.0x SSXCC's time
(aim: 0.8x). `--without python` skips the pure-Python runs (about two minutes on the 6x10
pentominoes). Exit 1 when a count is wrong.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

SHARED = next(
    (up / "shared" for up in Path(__file__).resolve().parents if (up / "shared").is_dir()),
    Path(__file__).resolve().parents[3] / "shared",
)
"""../shared beside the clone (or beside the folder of a worktree's clone)."""
PROBLEMS = {  # file -> (what it is, its number of solutions)
    SHARED / "dlx-peer" / "sjnam_pent_6x10.dlx": ("pentominoes 6x10, all", 9356),
    SHARED / "dlx-reference" / "pent8x8_hole.dlx": ("pentominoes 8x8 minus centre", 520),
    SHARED / "dlx-reference" / "queens12.dlx": ("12 queens", 14200),
    SHARED / "dlx-reference" / "sudoku_inkala.dlx": ("hardest sudoku", 1),
}
PENTOMINOES = ("sjnam_pent_6x10.dlx", "pent8x8_hole.dlx")
TARGETS = (  # (solver, peer, at most this multiple of the peer's time, must or goal)
    ("compiled", "xcover", 1.0, "must"),
    ("compiled", "dlx1", 1.2, "goal"),
    ("cells", "ssxcc", 1.0, "must"),
    ("cells", "ssxcc", 0.8, "aim"),
)
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


def cells() -> Command:
    """`python -m dlx solve --engine cells --count FILE` on the compiled cells core."""
    return lambda path: (
        [sys.executable, "-m", "dlx", "solve", "--engine", "cells", "--count", str(path)],
        {"DLX_CORE": "compiled"},
        None,
    )


def knuth(variable: str) -> Command | None:
    """Knuth's program whose path the environment variable names (None if unset)."""
    program = os.environ.get(variable)
    return None if not program else lambda path: ([program], {}, path)


def solvers(without: set[str]) -> dict[str, Command]:
    """The solvers at hand, by name, in the order they are run (the compiled core first: the
    others' times are given as multiples of its time)."""
    found: dict[str, Command | None] = {
        "compiled": dlx_core("compiled"),
        "python": dlx_core("python"),
        "cells": cells(),
        "dlx1": knuth("DLX1"),
        "ssxcc": knuth("SSXCC"),
    }
    if importlib.util.find_spec("xcover") is not None:
        found["xcover"] = lambda path: ([sys.executable, "-c", XCOVER, str(path)], {}, None)
    return {
        name: command
        for name, command in found.items()
        if command is not None and name not in without
    }


def pentominoes_6x10(folder: Path) -> Path:
    """The 6x10 pentomino problem (all 9356 solutions) in Knuth's format, written to `folder`
    by dlx's own puzzle adapter (the shared copy's stand-in when that is absent)."""
    from dlx.knuth import format_dlx
    from dlx.puzzles import pentomino

    path = folder / "sjnam_pent_6x10.dlx"
    path.write_text(format_dlx(pentomino.problem(*pentomino.parse_board("6x10"))))
    return path


def shuffled(path: Path, seed: int, folder: Path) -> Path:
    """A copy of `path` in `folder` with its option lines shuffled by `seed` (comments and the
    items line kept in place)."""
    lines = path.read_text().splitlines()
    heads = [n for n, line in enumerate(lines) if line.strip() and not line.startswith("|")]
    first = heads[0] + 1
    options = lines[first:]
    random.Random(seed).shuffle(options)
    copy = folder / path.name
    copy.write_text("\n".join(lines[:first] + options) + "\n")
    return copy


def problems(
    files: list[Path], seed: int | None, folder: Path
) -> dict[Path, tuple[str, int | None]]:
    """The files to run, with their titles and counts: the default problems when none are
    given (6x10 built if absent), each shuffled into `folder` when a `seed` is given."""
    chosen = {path: PROBLEMS.get(path.resolve(), (path.stem, None)) for path in files}
    if not chosen:
        chosen = dict(PROBLEMS)
        six = next(iter(PROBLEMS))
        if not six.is_file():
            chosen = {pentominoes_6x10(folder) if p == six else p: v for p, v in chosen.items()}
    if seed is None:
        return chosen
    shuffle_dir = folder / "shuffled"
    shuffle_dir.mkdir(exist_ok=True)
    return {shuffled(path, seed, shuffle_dir): value for path, value in chosen.items()}


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
    parser.add_argument("--shuffle", type=int, metavar="SEED", help="shuffle the options")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        chosen = problems(args.files, args.shuffle, Path(folder))
        return compare(chosen, solvers(set(args.without)))


def compare(chosen: dict[Path, tuple[str, int | None]], table: dict[str, Command]) -> int:
    """Run every solver on every problem, alternating, and print the figures and targets."""
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
    """The targets on the pentominoes (`TARGETS`): the compiled core faster than xcover (must)
    and within 1.2x of DLX1 (goal); cells at most 1.0x SSXCC (must), 0.8x (aim)."""
    lines = []
    for name in PENTOMINOES:
        for solver, peer, limit, kind in TARGETS:
            ours = times.get((name, solver))
            if ours is None:
                continue
            theirs = times.get((name, peer))
            if theirs is None:
                lines.append(f"{name}: {peer} not run ({kind}: {solver} <= {limit} x {peer})")
                continue
            met = "met" if ours <= limit * theirs else "NOT met"
            lines.append(
                f"{name}: {solver} {ours:.2f} s, {peer} {theirs:.2f} s, "
                f"ratio {ours / theirs:.2f} ({kind} <= {limit}: {met})"
            )
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
