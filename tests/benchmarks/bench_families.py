"""Benchmark: dlx beside Knuth's program of the same algorithm, on one file of each family.

Run: `.venv/bin/python tests/benchmarks/bench_families.py [--repeat N] [--cpu | --callgrind]
[--baseline DIR] [--only NAME ...]`. The problem files are written by this program (to a
temporary folder) in Knuth's format:

- `langford11`, `langford12`, `langford13`: Langford pairs, n = 11, 12 (both with solutions
  aplenty) and 13 (none: a refutation); the items are the values 1..n and the slots s1..s2n;
- `queens14`: 14 queens, row 0's queen in the left half (half of all 365,596 solutions);
- `pent6x10`: the twelve pentominoes on 6 x 10, all 9,356 packings (`dlx.puzzles.pentomino`);
- `sky6`: a 6 x 6 skyscrapers grid with nine clues, every grid that agrees with them (105,592;
  items coloured with heights: exact covering with colours, `dlx.puzzles.skyscrapers`);
- `dominoes`: domino tilings of a 7 x 10 board with two or three horizontal dominoes in each row
  (primary items with multiplicities, Algorithm M).

Each file is solved, every solution counted, by fresh processes, start-up included:
`python -m dlx solve --count FILE` (links: Algorithm X as DLX1, or M as DLX2/DLX3), the same
with `--engine cells` (SSXCC; not on multiplicities), and Knuth's program of the same algorithm
reading the file on standard input: DLX1 for the plain files, DLX2 for colours, DLX3 for
multiplicities, SSXCC beside the cells engine. Knuth's programs are found through the
environment variables DLX1, DLX2, DLX3 and SSXCC, paths of builds the user made from his CWEB
sources (`ctangle dlx1.w && cc -O3 dlx1.c -o dlx1`; SSXCC needs gb_flip.c too); this project
never builds or ships them. Valgrind cannot load DLX3 as written (its 100,000,000-node arrays
take 1.6 GB of static memory): for `--callgrind`, build it with `#define max_nodes 10000000`.
`--baseline DIR` also runs the links and cells engines of another checkout of this project (its
compiled cores built in place), for before/after ratios. `--zdd` also counts each file through a
ZDD (`python -m dlx solve --count --zdd FILE`, Knuth's Algorithm Z), its time over the cells
engine's (the links' on multiplicities): on these families states seldom repeat, and the ratio
shows what the ZDD's memo and nodes cost where they save nothing (outside the targets).

Each time is the best of `--repeat` runs (default 3). Each checkout's `dlx` is byte-compiled
first (`compileall`), so that a start is an installed package's even where
PYTHONDONTWRITEBYTECODE is set. Printed: per file each solver's seconds,
whether its count agrees with the others', and each engine's time over its peer's; then per
engine the geometric mean of those ratios and the targets: cells at most 0.8x SSXCC and links at
most 1.0x Knuth's program on every file. `--cpu` measures the seconds of processor time each
process used (user and system, as `/usr/bin/time` reports them) instead of the seconds it took:
on a machine busy with other work, a process waiting for a processor costs it nothing, so the
ratios hold where wall-clock ones do not. `--callgrind` measures instructions executed
(`valgrind --tool=callgrind`, one run each, repeatable on a busy machine) instead of seconds.
`startup` (first, unless `--only` leaves it out) is a two-line file with one solution, where
the whole process is start-up: each solver's figure beside bare `python -c pass` (the
interpreter's own start, its `site` included) and `python -m empty` (an empty module run as
ours is, by `-m`: the least any `python -m` command costs, `runpy`'s imports included), and
ours over each, not counted in the targets.
Exit 1 when two solvers disagree on a count.
"""

from __future__ import annotations

import argparse
import math
import os
import re
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
"""This checkout."""
TIMEOUT = 600.0
TARGETS = {"links": 1.0, "cells": 0.8}
"""At most this multiple of the peer's time on every file."""

Writer = Callable[[Path], None]


def langford(n: int) -> str:
    """Langford pairs of order n: value v in slots j and j + v + 1."""
    lines = [" ".join([str(v) for v in range(1, n + 1)] + [f"s{j}" for j in range(1, 2 * n + 1)])]
    for v in range(1, n + 1):
        lines += [f"{v} s{j} s{j + v + 1}" for j in range(1, 2 * n - v)]
    return "\n".join(lines) + "\n"


def queens_half(n: int) -> str:
    """n queens, rows and columns primary, diagonals secondary; row 0's queen in the left half."""
    diagonals = [f"a{d}" for d in range(2 * n - 1)] + [f"b{d}" for d in range(2 * n - 1)]
    lines = [" ".join([f"r{r}" for r in range(n)] + [f"c{c}" for c in range(n)] + ["|"])]
    lines[0] += " " + " ".join(diagonals)
    for r in range(n):
        for c in range(n // 2 if r == 0 else n):
            lines.append(f"r{r} c{c} a{r + c} b{r - c + n - 1}")
    return "\n".join(lines) + "\n"


def dominoes(rows: int, cols: int, low: int, high: int) -> str:
    """Domino tilings of rows x cols with between `low` and `high` horizontal dominoes in each
    row (a primary item h<r> with that multiplicity)."""
    cells = [f"x{r}_{c}" for r in range(rows) for c in range(cols)]
    lines = [" ".join(cells + [f"{low}:{high}|h{r}" for r in range(rows)])]
    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols:
                lines.append(f"x{r}_{c} x{r}_{c + 1} h{r}")
            if r + 1 < rows:
                lines.append(f"x{r}_{c} x{r + 1}_{c}")
    return "\n".join(lines) + "\n"


def pentominoes() -> str:
    """The 6 x 10 pentomino packings, by dlx's own puzzle adapter."""
    from dlx.knuth import format_dlx
    from dlx.puzzles import pentomino

    return format_dlx(pentomino.problem(*pentomino.parse_board("6x10")))


SKYSCRAPERS = "3 0 0 2 0 0  0 0 1 0 0 2  3 0 0 0 0 0  0 2 4 0 0 2"
"""The clues of `sky6`: top, bottom, left, right."""


def skyscrapers() -> str:
    """The skyscrapers grids of `SKYSCRAPERS`, with colours."""
    from dlx.knuth import format_dlx
    from dlx.puzzles import skyscrapers as puzzle

    return format_dlx(puzzle.problem(puzzle.parse(SKYSCRAPERS)))


FILES: dict[str, tuple[str, Callable[[], str]]] = {  # name -> (its family, its text)
    "langford11": ("x", lambda: langford(11)),
    "langford12": ("x", lambda: langford(12)),
    "langford13": ("x", lambda: langford(13)),
    "queens14": ("x", lambda: queens_half(14)),
    "pent6x10": ("x", pentominoes),
    "sky6": ("colours", skyscrapers),
    "dominoes": ("multiplicities", lambda: dominoes(7, 10, 2, 3)),
}
STARTUP = "a b\na b\n"
"""The `startup` file: two items, one option covering both, one solution."""
KNUTH = {"x": "DLX1", "colours": "DLX2", "multiplicities": "DLX3"}
"""The environment variable naming Knuth's program of each family's algorithm (links)."""

Command = tuple[list[str], dict[str, str], bool]
"""The argument vector, extra environment, and whether the file goes on standard input."""


def ours(engine: str, checkout: Path | None = None) -> Callable[[Path], Command]:
    """`python -m dlx solve --count [--engine cells | --zdd] FILE`, on this checkout or
    `checkout`."""
    extra = {"cells": ["--engine", "cells"], "zdd": ["--zdd"]}.get(engine, [])
    env = {"DLX_CORE": "compiled"}
    if checkout is not None:
        env["PYTHONPATH"] = str(checkout)
    return lambda path: (
        [sys.executable, "-m", "dlx", "solve", "--count", *extra, str(path)],
        env,
        False,
    )


def run(command: Command, path: Path, unit: str) -> tuple[float, int | None]:
    """The seconds of one run on `path` (or its processor seconds, or its instructions: `unit`),
    and the count printed."""
    measure, done = measured(command, path, unit)
    found = re.search(r"Altogether (\d+) solutions?", done.stdout + done.stderr)
    if found:
        return measure, int(found.group(1))
    last = done.stdout.strip().splitlines()[-1:]
    if last and last[0].isdigit():
        return measure, int(last[0])
    why = done.stderr.strip().splitlines()[-1:] or [f"exit status {done.returncode}"]
    print(f"  (no count from {done.args[0]}: {why[0][:200]})", file=sys.stderr)
    return math.nan, None


def measured(
    command: Command, path: Path, unit: str
) -> tuple[float, subprocess.CompletedProcess[str]]:
    """One run of `command` on `path`: its seconds (or processor seconds, or instructions:
    `unit`), and what it printed."""
    argv, env, feed = command
    callgrind = unit == "instructions"
    if callgrind:
        out = path.parent / "callgrind.out"
        argv = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *argv]
    used = processor_seconds()
    started = time.perf_counter()
    with open(path if feed else os.devnull, "rb") as stdin:
        done = subprocess.run(
            argv,
            stdin=stdin,
            capture_output=True,
            text=True,
            env={**os.environ, **env},
            cwd=path.parent,  # not a checkout's root, whose dlx `-m` would import first
            timeout=TIMEOUT * (50 if callgrind else 1),
            check=False,
        )
    measure = time.perf_counter() - started
    if unit == "cpu seconds":
        measure = processor_seconds() - used
    if callgrind:
        refs = re.search(r"Collected\s*:\s*(\d+)", done.stderr)
        measure = float(refs.group(1)) if refs else math.nan
    return measure, done


def processor_seconds() -> float:
    """The user and system seconds of this program's finished child processes so far."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return children.ru_utime + children.ru_stime


def knuth(program: str) -> Callable[[Path], Command]:
    """Knuth's `program`, reading the file on standard input."""
    return lambda path: ([program], {}, True)


Table = dict[str, tuple[tuple[str, ...], Callable[[Path], Command]]]
"""Each solver's name -> (the solvers its time is divided by, its command)."""


def solvers(family: str, baseline: Path | None, zdd: bool = False) -> Table:
    """The solvers of one family: our engines (and the baseline's, and the ZDD's where asked),
    then Knuth's programs."""
    table: Table = {}
    engines = ["links"] if family == "multiplicities" else ["links", "cells"]
    peers = {"links": KNUTH[family].lower(), "cells": "ssxcc"}
    for engine in engines:
        table[engine] = ((peers[engine], f"{engine}@base"), ours(engine))
        if baseline is not None:
            table[f"{engine}@base"] = ((), ours(engine, baseline))
    if zdd:
        table["zdd"] = ((engines[-1],), ours("zdd"))
    for engine in engines:
        program = os.environ.get(peers[engine].upper())
        if program:
            table[peers[engine]] = ((), knuth(program))
    return table


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="best of this many runs")
    measure = parser.add_mutually_exclusive_group()
    measure.add_argument("--cpu", action="store_true", help="processor seconds instead")
    measure.add_argument("--callgrind", action="store_true", help="count instructions instead")
    parser.add_argument("--baseline", type=Path, help="another checkout, for before/after")
    parser.add_argument("--zdd", action="store_true", help="also count through a ZDD")
    only = ["startup", *FILES]
    parser.add_argument("--only", action="append", choices=only, help="this file only")
    args = parser.parse_args(argv)
    ratios: dict[str, list[float]] = {}
    wrong = False
    for checkout in filter(None, (ROOT, args.baseline)):  # started as installed: from bytecode
        compiled = [sys.executable, "-m", "compileall", "-q", str(checkout / "dlx")]
        subprocess.run(compiled, capture_output=True, check=False)
    with tempfile.TemporaryDirectory() as folder:
        for name in args.only or only:
            path = Path(folder) / f"{name}.dlx"
            if name == "startup":
                path.write_text(STARTUP)
                wrong |= startup(path, args)
                continue
            family, text = FILES[name]
            path.write_text(text())
            wrong |= compare(name, family, path, args, ratios)
    print(summary(ratios))
    return 1 if wrong else 0


def compare(
    name: str, family: str, path: Path, args: argparse.Namespace, ratios: dict[str, list[float]]
) -> bool:
    """Run every solver of `family` on `path`, print its figures; whether counts disagree."""
    table = solvers(family, args.baseline, args.zdd)
    measures: dict[str, float] = {}
    counts: dict[str, int | None] = {}
    unit = "instructions" if args.callgrind else "cpu seconds" if args.cpu else "seconds"
    repeat = 1 if args.callgrind else max(1, args.repeat)
    for _ in range(repeat):  # alternating, so that a busy moment falls on all of them
        for solver, (_, command) in table.items():
            measure, counts[solver] = run(command(path), path, unit)
            measures[solver] = min(measure, measures.get(solver, math.inf))
    agreed = len(set(counts.values())) == 1 and None not in counts.values()
    print(f"{name} ({family}, {counts.get('links')} solutions, {unit}, best of {repeat})")
    for solver, (peers, _) in table.items():
        line = f"  {solver:12} {measures[solver]:14.6g}  count {counts[solver]}"
        for peer in peers:
            if peer in measures:
                ratio = measures[solver] / measures[peer]
                ratios.setdefault(f"{solver} / {peer}", []).append(ratio)
                line += f"  {ratio:6.2f}x {peer}"
        print(line, flush=True)
    if not agreed:
        print(f"  COUNTS DISAGREE: {counts}")
    return not agreed


def startup(path: Path, args: argparse.Namespace) -> bool:
    """Run every solver of the plain family and bare Python on the two-line `path`, print
    their figures and ours over bare Python's; whether a count is wrong."""
    table = solvers("x", args.baseline)
    unit = "instructions" if args.callgrind else "cpu seconds" if args.cpu else "seconds"
    repeat = 1 if args.callgrind else max(1, args.repeat)
    (path.parent / "empty.py").write_text("")
    floors: dict[str, Command] = {
        "python -c pass": ([sys.executable, "-c", "pass"], {}, False),
        "python -m empty": ([sys.executable, "-m", "empty"], {}, False),
    }
    measures: dict[str, float] = {}
    counts: dict[str, int | None] = {}
    for _ in range(repeat):
        for name, floor in floors.items():
            measures[name] = min(measured(floor, path, unit)[0], measures.get(name, math.inf))
        for solver, (_, command) in table.items():
            measure, counts[solver] = run(command(path), path, unit)
            measures[solver] = min(measure, measures.get(solver, math.inf))
    print(f"startup (a two-line file, 1 solution, {unit}, best of {repeat})")
    for name in floors:
        print(f"  {name:16} {measures[name]:14.6g}")
    for solver in table:
        line = f"  {solver:16} {measures[solver]:14.6g}  count {counts[solver]}"
        if not solver.startswith(("dlx", "ssxcc")):
            line += f"  {measures[solver] / measures['python -c pass']:6.2f}x python"
            line += f"  {measures[solver] / measures['python -m empty']:6.2f}x python -m"
        print(line, flush=True)
    return set(counts.values()) != {1}


def summary(ratios: dict[str, list[float]]) -> str:
    """Each ratio's geometric mean and worst file, and whether the targets are met."""
    lines = []
    for key, values in ratios.items():
        mean = math.exp(sum(math.log(v) for v in values) / len(values))
        line = f"{key}: geometric mean {mean:.2f}x, worst {max(values):.2f}x"
        solver, peer = key.split(" / ")
        if solver in TARGETS and not peer.endswith("@base"):
            met = "met" if max(values) <= TARGETS[solver] else "NOT met"
            line += f" (target: at most {TARGETS[solver]}x on every file: {met})"
        lines.append(line)
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
