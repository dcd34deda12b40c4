"""Benchmark: `dlx solve --count` in parallel beside the plain sequential search, in one run.

Run: `.venv/bin/python tests/benchmarks/bench_parallel.py [FILE] [--jobs 1 2] [--repeat N]`. FILE
defaults to Knuth's pentominoes 6x10 with the X piece kept in one quadrant
(`../shared/dlx-reference/pent6x10_sym.dlx`, 2339 solutions); `../shared/dlx-peer/
sjnam_pent_6x10.dlx` gives all 9356. Each command runs as a whole process (start-up, split, worker
start and merge included): first the plain search, then `--jobs N` for each N asked. It prints each
count (all must agree), the wall-clock seconds (best of `--repeat`), the CPU seconds of the process
and its workers, and the ratios the targets are about: `--jobs 1` against the plain search (target:
within 5%) and `--jobs N` against the plain search too (speed-up and efficiency, plain / (N x
time); target: at least 1.85x at N = 2 on 2 free cores). The machine's load
average is printed before and after, since other work on the cores shows in the ratios, and so is a
control: two plain busy processes at once against one alone (on two free cores they take the same
time; when another program holds a core, twice as long, and no program can then go faster with two
workers). A last `--jobs 2` run, timed apart, keeps a checkpoint (a synced line per part: its cost
shows beside the others), from which the program also prints how evenly the parts' nodes fall on two
workers taking them largest estimated share first (the speed-up the cut allows, whatever the load)
and the nodes wasted by parts cut off by their budget. Exit 1 when the counts disagree.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DEFAULT = ROOT.parent / "shared" / "dlx-reference" / "pent6x10_sym.dlx"


def timed(args: list[str]) -> tuple[str, float, float]:
    """The output, wall-clock seconds and CPU seconds (with children) of one command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(args, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    if done.returncode != 0:
        sys.exit(f"{' '.join(args)} failed: {done.stderr.strip()}")
    return done.stdout.strip(), wall, cpu


def spin(_: int) -> float:
    """Busy one core with plain Python for a fixed amount of work; the wall-clock seconds."""
    start = time.perf_counter()
    total = 0
    for i in range(20_000_000):
        total += i
    return time.perf_counter() - start


def control() -> str:
    """How much two busy processes slow each other here: 1.0 means two free cores, 2.0 one."""
    from multiprocessing import Pool

    alone = spin(0)
    with Pool(2) as pool:
        together = max(pool.map(spin, [0, 1]))
    ratio = together / alone
    return f"control: two busy processes at once take {ratio:.2f}x one alone (1.00: 2 free cores)"


def balance(checkpoint: Path) -> str:
    """How the parts recorded in `checkpoint` fall on two workers taking them largest
    estimated share first, in nodes; and the nodes wasted."""
    lines = checkpoint.read_text().splitlines()[1:]
    outcomes = [json.loads(line) for line in lines]
    parts = sorted(
        (o for o in outcomes if not o["expanded"]), key=lambda o: (-o["share"], o["path"])
    )
    loads = [0, 0]
    for part in parts:
        loads[loads.index(min(loads))] += part["nodes"]
    wasted = sum(o["wasted_nodes"] for o in outcomes)
    return (
        f"--jobs 2 cut: {len(parts)} parts, largest {max(p['nodes'] for p in parts)} nodes, "
        f"{wasted} nodes wasted; two workers by share: {loads} nodes, "
        f"balance allows {sum(loads) / max(loads):.2f}x"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", type=Path, default=DEFAULT)
    parser.add_argument("--jobs", nargs="+", type=int, default=[1, 2])
    parser.add_argument("--repeat", type=int, default=1)
    options = parser.parse_args()
    base = [sys.executable, "-m", "dlx", "solve", "--count", str(options.file)]
    checkpoint = Path(tempfile.mkdtemp()) / "bench.ckpt"
    runs = [("plain", base)] + [(f"--jobs {n}", [*base, "--jobs", str(n)]) for n in options.jobs]
    print(f"{options.file.name}; load average {os.getloadavg()[0]:.2f}; {os.cpu_count()} cores")
    walls: dict[str, float] = {}
    counts = set()
    for name, args in runs:
        results = []
        for _ in range(options.repeat):
            results.append(timed(args))
        count, wall, cpu = min(results, key=lambda result: result[1])
        counts.add(count)
        walls[name] = wall
        print(f"{name:>9}: {count} solutions, {wall:7.2f} s wall, {cpu:7.2f} s CPU")
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    print(control())
    if "--jobs 1" in walls:
        print(f"--jobs 1 / plain: {walls['--jobs 1'] / walls['plain']:.3f} (target <= 1.05)")
    for n in (n for n in options.jobs if n > 1):  # against the search a user compares with
        speedup = walls["plain"] / walls[f"--jobs {n}"]
        print(f"--jobs {n}: {speedup:.2f}x the plain search, {100 * speedup / n:.0f}% efficiency")
    if "--jobs 2" in walls:  # a run of its own: a synced line per part is not free
        _, wall, _ = timed([*base, "--jobs", "2", "--checkpoint", str(checkpoint)])
        print(f"--jobs 2 --checkpoint: {wall:.2f} s wall")
        print(balance(checkpoint))
    if len(counts) != 1:
        sys.exit(f"the counts disagree: {sorted(counts)}")


if __name__ == "__main__":
    main()
