"""Benchmark: counting through a ZDD (`dlx tile --count --zdd`, Knuth's Algorithm Z) beside the
plain count of the cells engine (`dlx solve --engine cells --count`, Knuth's SSXCC) and, when the
environment variable DLX6 names a build the user made (`ctangle dlx6.w && cc -O3 dlx6.c gb_flip.c
-o dlx6`; this project never builds or ships it), Knuth's DLX6 (`dlx6 m0 < FILE`, its count from
its last line on standard error, 64-bit, wrapping past 2**64) on the square domino boards only: on
8 x 30 and on the pentominoes it takes 5 to 24 GB, more than a shared machine can give (its own
hash table reserves 8 GB of address space, so a limit on that cannot tell the two apart).

Run: `.venv/bin/python tests/benchmarks/bench_zdd.py [--plain-up-to N] [--timeout S]
[--orders-only] [--order-timeout S] [--order-cost FILE ...]`.
Problems: domino tilings of n x n boards (n = 6..14) and of 8 x 30, pentominoes 6x10 and Dana
Scott's 8x8 (minus its centre 2x2). Each solver is a fresh process on the same puzzle (the plain
count and DLX6 read the Knuth-format file `dlx tile --dlx` writes), start-up included; the peak
memory is the process's maximum resident set. The plain count runs on domino boards up to
`--plain-up-to` (default 6: 8x8 takes it about half a minute, larger boards would never end).
It prints seconds and megabytes per solver, the ZDD's time as a multiple of the plain count's,
then the targets: 8 x 30 under 10 s and 1 GB, the pentominoes with --zdd at most 1.3x the plain
count, 12 x 12 under a second. Where the plain count runs, `dlx solve --count --zdd` also runs
on the plain count's own file (the columns `solve s`, `MB`, `ratio`): the ZDD against the plain
count on one input, read and started alike (`dlx tile` builds the board's placements first); the
pentominoes' target holds for both, and the last line names the worst such ratio (the goal:
nowhere over 1.3x). `--zdd` picks its item choice (`--zdd-choose auto`, the column
choice says which); the pentominoes also run with each choice given (`--zdd-choose frontier`,
`--zdd-choose mrv`), the rows marked so.

Then the item orders (issue 50): `dlx solve --count --zdd` on domino boards in Knuth's format,
each listed row by row, column by column and shuffled (seed 50): 8 x 30 and 6 x 40 (row by row:
along the long side), 12 x 12 and 10 x 10, and 4 x 12 (small enough for the plain count). Per
file: the file's order given (`--zdd-choose frontier`, which typer reads: about 0.1 s more to
start than the plain form; `--order-timeout`, default 10 s, and 2 GB of address space: a wide
frontier's memo grows without end), and the order `auto` chooses (the plain form, `dlx solve
--count --zdd FILE`; the column `choice` from a run with `--stats`), each with its seconds and
peak megabytes; the count
beside a transfer-matrix count of the board (and the plain count's, on 4 x 12). The target:
every file counted within 10 s and under 1 GB. `--orders-only` runs this part alone.
`--order-cost FILE ...` then prints what `auto`'s choice of order costs on each Knuth-format
FILE, in this process (best of 3): reading it, the given order's plan and probe (as before
issue 50), the orders derived from the options (`dlx.engines.zdd.order.derived_orders`: the
options' ties counted, the sweep, reverse Cuthill-McKee), their plans (`reorder_plan`) and their
probes (`PROBE_NODES` nodes each, or fewer where the search ends), in milliseconds. Exit 1 when
two counts differ.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import re
import resource
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from dlx.engines.zdd.plan import Plan

DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
SCOTT = (
    "board\n"
    + "\n".join(["########"] * 3 + ["###..###"] * 2 + ["########"] * 3)
    + "\npieces pentominoes\n"
)


def domino_spec(rows: int, columns: int) -> str:
    """Knuth's spec of the domino tilings of a rows x columns board."""
    return f"[0-{DIGITS[rows - 1]}][0-{DIGITS[columns - 1]}]\n{rows * columns // 2}|D 00 01\n"


def domino_knuth(rows: int, columns: int, listing: str = "rows") -> str:
    """The same tilings in Knuth's format without the piece (the cells engine takes no
    multiplicity): the cells, row by row (reading order), column by column or shuffled (seed
    50), and one option per domino, each cell's to its right and below in that order."""
    cells = [(r, c) for r in range(rows) for c in range(columns)]
    if listing == "columns":
        cells.sort(key=lambda cell: (cell[1], cell[0]))
    elif listing == "shuffled":
        random.Random(50).shuffle(cells)
    lines = [" ".join(f"{r}_{c}" for r, c in cells)]
    for r, c in cells:
        if c + 1 < columns:
            lines.append(f"{r}_{c} {r}_{c + 1}")
        if r + 1 < rows:
            lines.append(f"{r}_{c} {r + 1}_{c}")
    return "\n".join(lines) + "\n"


def transfer_matrix(rows: int, columns: int) -> int:
    """The domino tilings of a rows x columns board, an independent count: cell by cell in
    lines along the short side, a state is which of the next line's worth of cells are
    covered already."""
    rows, columns = max(rows, columns), min(rows, columns)
    ways = {0: 1}
    for cell in range(rows * columns):
        row, column = divmod(cell, columns)
        after: dict[int, int] = {}
        for covered, count in ways.items():
            rest = covered >> 1
            if covered & 1:
                nexts = [rest]
            else:
                nexts = [rest | 1 << (columns - 1)] if row + 1 < rows else []
                nexts += [rest | 1] if column + 1 < columns and not rest & 1 else []
            for state in nexts:
                after[state] = after.get(state, 0) + count
        ways = after
    return ways.get(0, 0)


def puzzles(folder: Path) -> list[tuple[str, Path, bool]]:
    """(name, puzzle file, whether it is pentominoes) for every problem of the benchmark."""
    found = []
    for rows, columns in [(n, n) for n in range(6, 15, 2)] + [(8, 30)]:
        path = folder / f"dominoes_{rows}x{columns}.txt"
        path.write_text(domino_spec(rows, columns))
        found.append((f"dominoes {rows}x{columns}", path, False))
    six = folder / "pentominoes_6x10.txt"
    six.write_text("board 6x10\npieces pentominoes\n")
    scott = folder / "pentominoes_scott.txt"
    scott.write_text(SCOTT)
    return [*found, ("pentominoes 6x10", six, True), ("pentominoes Scott 8x8", scott, True)]


GIVEN = ("frontier", "mrv")
"""The choices the pentominoes also run with, given by `--zdd-choose`."""


def counted(output: str) -> tuple[str, str]:
    """The count and the choice (from `--stats`) that `dlx tile --count --zdd --stats` printed."""
    count = next((line for line in output.splitlines() if line.isdigit()), output.strip())
    choice = re.search(r"choice: (\w+)", output)
    return count, choice[1] if choice else "?"


def measure(
    command: list[str], stdin: Path | None, timeout: float, address_space: int | None = None
) -> tuple[float, float, str]:
    """Seconds, peak megabytes (the process's maximum resident set) and output (standard output
    and error) of one run, within `address_space` bytes if given; inf seconds when killed at the
    timeout, nan when it failed (its output says why)."""

    def limit() -> None:
        if address_space is not None:
            resource.setrlimit(resource.RLIMIT_AS, (address_space, address_space))

    with tempfile.TemporaryFile() as out, open(stdin or os.devnull, "rb") as source:
        started = time.perf_counter()
        process = subprocess.Popen(
            command, stdin=source, stdout=out, stderr=subprocess.STDOUT, preexec_fn=limit
        )
        timer = threading.Timer(timeout, process.kill)
        timer.start()
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - started
        timer.cancel()
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        text = out.read().decode()
    if process.returncode < 0:
        seconds = float("inf")
    elif process.returncode > 1:  # (1: no solution)
        seconds = float("nan")
    return seconds, usage.ru_maxrss / 1024, text


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plain-up-to", type=int, default=6)
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--orders-only", action="store_true")
    parser.add_argument("--order-timeout", type=float, default=10.0)
    parser.add_argument("--order-cost", nargs="+", type=Path, default=[], metavar="FILE")
    options = parser.parse_args(argv)
    dlx = [sys.executable, "-m", "dlx"]
    wrong = 0 if options.orders_only else boards(options, dlx)
    wrong += orderings(options, dlx)
    for path in options.order_cost:
        print(order_cost(path), flush=True)
    return 1 if wrong else 0


def boards(options: argparse.Namespace, dlx: list[str]) -> int:
    """The first table and its targets; how many counts differed."""
    dlx6 = os.environ.get("DLX6")
    wrong = 0
    figures: dict[str, tuple[float, float, float]] = {}
    print(
        f"{'problem':28} {'count':>32} {'zdd s':>8} {'MB':>6} {'plain s':>8} {'MB':>6} "
        f"{'ratio':>6} {'choice':8} {'solve s':>8} {'MB':>6} {'ratio':>6}"
        + (f" {'dlx6 s':>8} {'MB':>6} dlx6 count" if dlx6 else "")
    )
    with tempfile.TemporaryDirectory() as scratch:
        for name, path, pentominoes in puzzles(Path(scratch)):
            knuth = path.with_suffix(".dlx")
            if not pentominoes:
                rows, columns = map(int, re.findall(r"\d+", name))
                knuth.write_text(domino_knuth(rows, columns))
            else:
                knuth.write_bytes(
                    subprocess.run(
                        [*dlx, "tile", str(path), "--dlx"], check=True, capture_output=True
                    ).stdout
                )
            tile = [*dlx, "tile", str(path), "--count", "--zdd", "--stats"]
            zdd = measure(tile, None, options.timeout)
            count, choice = counted(zdd[2])
            given = {}
            for choose in GIVEN if pentominoes else ():
                run = measure([*tile, "--zdd-choose", choose], None, options.timeout)
                given[choose] = run
            side = int(re.findall(r"\d+", name)[0])
            plain = same = (float("nan"), float("nan"), "")
            if pentominoes or side <= options.plain_up_to:
                plain = measure(
                    [*dlx, "solve", "--engine", "cells", "--count", str(knuth)],
                    None,
                    options.timeout,
                )
                same = measure(
                    [*dlx, "solve", "--count", "--zdd", str(knuth)], None, options.timeout
                )
                for said, by in ((plain[2].strip(), "the plain count"), (same[2].strip(), "solve")):
                    if said != count:
                        print(f"  {name}: {by} says {said}, the ZDD {count}")
                        wrong += 1
            line = (
                f"{name:28} {count:>32} {zdd[0]:8.3f} {zdd[1]:6.0f} {plain[0]:8.3f} "
                f"{plain[1]:6.0f} {zdd[0] / plain[0]:6.2f} {choice:8} {same[0]:8.3f} "
                f"{same[1]:6.0f} {same[0] / plain[0]:6.2f}"
            )
            if dlx6 and not pentominoes and name != "dominoes 8x30":
                knuth6 = measure([dlx6, "m0"], knuth, options.timeout)
                told = re.search(r"Altogether (\d+) solution", knuth6[2])
                line += f" {knuth6[0]:8.3f} {knuth6[1]:6.0f} {told[1] if told else '?'}"
            print(line, flush=True)
            figures[name] = (zdd[0], zdd[1], plain[0])
            figures[f"{name} (solve)"] = (same[0], same[1], plain[0])
            for choose, run in given.items():
                said, _ = counted(run[2])
                if said != count:
                    print(f"  {name}: {choose} says {said}, auto {count}")
                    wrong += 1
                print(
                    f"{name + f' ({choose})':28} {said:>32} {run[0]:8.3f} {run[1]:6.0f} "
                    f"{plain[0]:8.3f} {plain[1]:6.0f} {run[0] / plain[0]:6.2f} {choose:8}",
                    flush=True,
                )
                figures[f"{name} ({choose})"] = (run[0], run[1], plain[0])
    print(targets(figures))
    return wrong


def targets(figures: dict[str, tuple[float, float, float]]) -> str:
    """The issue's targets, met or not."""
    seconds, megabytes, _ = figures["dominoes 8x30"]
    lines = [
        f"8x30 under 10 s and 1 GB: {seconds:.2f} s, {megabytes:.0f} MB "
        f"({'met' if seconds < 10 and megabytes < 1024 else 'NOT met'})"
    ]
    for name in ("pentominoes 6x10", "pentominoes Scott 8x8"):
        zdd, megabytes, plain = figures[name]
        same, same_mb, _ = figures[f"{name} (solve)"]
        others = "; ".join(f"{c} {figures[f'{name} ({c})'][0] / plain:.2f}x" for c in GIVEN)
        met = max(zdd, same) <= 1.3 * plain and max(megabytes, same_mb) < 1024
        lines.append(
            f"{name} with --zdd at most 1.3x the plain count and under 1 GB: tile "
            f"{zdd / plain:.2f}x, {megabytes:.0f} MB, solve {same / plain:.2f}x, {same_mb:.0f} MB "
            f"({'met' if met else 'NOT met'}; tile given {others})"
        )
    ratios = {
        name[: -len(" (solve)")]: same / plain
        for name, (same, _, plain) in figures.items()
        if name.endswith(" (solve)") and plain == plain
    }
    worst = max(ratios, key=ratios.__getitem__)
    lines.append(
        f"--zdd against the plain count on the same file, worst: {worst} {ratios[worst]:.2f}x "
        f"(goal: nowhere over 1.3x: {'met' if ratios[worst] <= 1.3 else 'NOT met'})"
    )
    twelve = figures["dominoes 12x12"][0]
    lines.append(f"12x12 under a second: {twelve:.2f} s ({'met' if twelve < 1 else 'NOT met'})")
    return "\n".join(lines)


ORDER_BOARDS = [(8, 30), (6, 40), (12, 12), (10, 10), (4, 12)]
"""Issue 50's boards, each listed row by row, column by column and shuffled, and one small
enough for the plain count."""
LISTINGS = ("rows", "columns", "shuffled")
TWO_GB = 2 * 2**30
"""The address space a run in the file's order may take."""


def orderings(options: argparse.Namespace, dlx: list[str]) -> int:
    """The second table: each board in each listing, the file's order given and auto's choice;
    how many counts differed."""
    print(
        f"\n{'board':16} {'listing':9} {'count':>30} {'file order s':>12} {'MB':>6} "
        f"{'chosen s':>9} {'MB':>6} {'choice':8} {'plain s':>8}"
    )
    wrong, worst = 0, (0.0, 0.0)
    with tempfile.TemporaryDirectory() as scratch:
        for rows, columns in ORDER_BOARDS:
            expected = str(transfer_matrix(rows, columns))
            for listing in LISTINGS:
                path = Path(scratch) / f"dominoes_{rows}x{columns}_{listing}.dlx"
                path.write_text(domino_knuth(rows, columns, listing))
                solve = [*dlx, "solve", "--count", "--zdd", str(path)]
                given = measure(
                    [*solve, "--zdd-choose", "frontier"], None, options.order_timeout, TWO_GB
                )
                chosen = measure(solve, None, options.timeout)
                _, choice = counted(measure([*solve, "--stats"], None, options.timeout)[2])
                plain = (float("nan"), 0.0, expected)
                if rows * columns <= 48:
                    plain = measure([*dlx, "solve", "--engine", "cells", "--count", str(path)],
                                    None, options.timeout)  # fmt: skip
                said = {"chosen": chosen[2].strip(), "plain": plain[2].strip()}
                if given[0] < float("inf"):  # (it finished)
                    said["file order"] = given[2].strip()
                for by, count in said.items():
                    if count != expected:
                        print(f"  {rows}x{columns} {listing}: {by} says {count}, {expected}")
                        wrong += 1
                worst = max(worst[0], chosen[0]), max(worst[1], chosen[1])
                print(
                    f"{f'dominoes {rows}x{columns}':16} {listing:9} {expected:>30} "
                    f"{_seconds(given)} {given[1]:6.0f} {chosen[0]:9.3f} {chosen[1]:6.0f} "
                    f"{choice:8} {plain[0]:8.3f}",
                    flush=True,
                )
    met = worst[0] < 10 and worst[1] < 1024
    print(
        f"every listing counted within 10 s and under 1 GB: at most {worst[0]:.2f} s and "
        f"{worst[1]:.0f} MB ({'met' if met else 'NOT met'})"
    )
    return wrong


def order_cost(path: Path) -> str:
    """What choosing the order costs on the Knuth-format file `path` (see the module's notes)."""
    from dlx.engines.zdd.order import derived_orders
    from dlx.engines.zdd.plan import compile_plan, reorder_plan
    from dlx.knuth import decode, parse_dlx

    started = time.perf_counter()
    problem = parse_dlx(decode(path.read_bytes())).problem
    reading = _ms(started)
    best: dict[str, float] = {}
    for _ in range(3):
        started = time.perf_counter()
        plan = compile_plan(problem)
        step = {"given plan": _ms(started)}
        started = time.perf_counter()
        probe(plan)
        step["given probe"] = _ms(started)
        started = time.perf_counter()
        orders = [order for _, order in derived_orders(problem)]
        step["orders"] = _ms(started)
        started = time.perf_counter()
        plans = [reorder_plan(plan, problem, order) for order in orders]
        step["plans"] = _ms(started)
        started = time.perf_counter()
        for other in plans:
            probe(other)
        step["probes"] = _ms(started)
        best = {name: min(ms, best.get(name, ms)) for name, ms in step.items()}
    added = best["orders"] + best["plans"] + best["probes"]
    return (
        f"{path.name}: {problem.option_count} options; read {reading:.0f} ms; "
        + ", ".join(f"{name} {ms:.1f} ms" for name, ms in best.items())
        + f"; the derived orders add {added:.0f} ms"
    )


def _ms(started: float) -> float:
    """The milliseconds since `started` (of `time.perf_counter`)."""
    return 1000 * (time.perf_counter() - started)


def probe(plan: Plan) -> None:
    """The compiled frontier's probe of `plan`, as `choose="auto"` runs it."""
    from dlx.engines.zdd.compiled import PROBE_NODES, build_compiled
    from dlx.errors import BudgetError

    with contextlib.suppress(BudgetError):
        build_compiled(plan, 1024, PROBE_NODES, required=True)


def _seconds(run: tuple[float, float, str]) -> str:
    """A run's seconds, or why it has none, in 12 characters."""
    seconds, _, output = run
    if seconds == float("inf"):
        return f"{'timeout':>12}"
    if seconds != seconds:
        return f"{'MemoryError' if 'MemoryError' in output else 'failed':>12}"
    return f"{seconds:12.3f}"


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
