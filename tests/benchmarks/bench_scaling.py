"""Benchmark: how a parallel count scales with its workers, against the sequential search.

Run: `.venv/bin/python tests/benchmarks/bench_scaling.py [--plan 16] [--jobs 1 2 4 ...]
[--problem NAME ...] [--engine cells|links] [--no-dask] [--quick] [--pairs K] [--within S]`.

It writes three problems in Knuth's format: the pentominoes 6x10 (9,356 solutions), 16 queens
with row 0's queen in the left half (7,386,256) and Dana Scott's 8x8, the 12 pentominoes and a
2x2 square (129,168). For each, every command runs as a whole process (start-up, split, workers'
start and merge included), and every count is checked against the known one (exit 1 if any
differs):

- the sequential search, `dlx solve --engine E --count FILE` (no `--jobs`: the search a user
  compares against), and `--jobs 1`, in K alternating pairs (`--pairs`): their median ratio;
- `dlx solve --engine E --count --stats --jobs N FILE` for each N asked (default 2, 4, ... up
  to this machine's cores): its speed-up over the sequential search and its efficiency,
  seq / (N x time), and from its statistics the parts sent and served a second, how busy the
  workers were (and how much of that on a processor), each worker's idle seconds at the start,
  between parts and at the end, and the parent's own processor seconds;
- unless `--no-dask` or Dask is not installed, the same count on a local Dask cluster of as many
  single-threaded worker processes as the largest N (`--scheduler`; the cluster's start is not
  timed, the problem's and the parts' trips are);
- a control: N copies of the sequential search of 14 queens at once against one alone. It is
  what the machine itself allows N workers (a shared clock, caches and memory, hyperthreads):
  no parallel search can beat 1 / that ratio of efficiency.

The figures issue 49 asks for: `--jobs 1` within 5% of the sequential search; at 16 workers at
least 90% efficiency on the 30 s searches (16 queens, Scott's 8x8) and 75% on the 4 s one; a
Dask cluster within 15% of `--jobs` at as many workers. `--plan 16` is the run for a 16-core
machine in at most 7 minutes: the three problems (pentominoes first: three pairs), N = 2, 4, 8,
16, Dask at 16, the control at 16, and `--within 400`: a run that would end past that many
seconds from the start (as the sequential times so far predict) is left out, with a line that
says so. `--quick` takes 14 queens instead of 16 (182,798 solutions), for a first look. The
load average is printed before and after: other work on the cores shows in every ratio.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(Path(__file__).parent)]

from bench_families import queens_half  # noqa: E402  (the same 14 queens half as there)


def tiling(picture: str) -> str:
    """The exact-cover problem of a tiling puzzle, as `dlx tile --dlx` writes it."""
    from dlx.tiling.build import build, knuth_text
    from dlx.tiling.drawn import read_picture

    return knuth_text(build(read_picture(picture, None)))


SCOTT = "board 8x8\npieces pentominoes\npiece Q\n##\n##\n"
"""Dana Scott's puzzle: the 12 pentominoes and a 2x2 square fill the 8x8 board."""

PROBLEMS: dict[str, tuple[Callable[[], str], int, float]] = {
    # name -> (its text, its count, the sequential seconds issue 49 measured on 16-core Xeon)
    "pent6x10": (lambda: tiling("board 6x10\npieces pentominoes\n"), 9_356, 4.5),
    "queens16": (lambda: queens_half(16), 7_386_256, 30.0),
    "queens14": (lambda: queens_half(14), 182_798, 0.8),
    "scott8x8": (lambda: tiling(SCOTT), 129_168, 36.8),
}

PLAN16_JOBS = [1, 2, 4, 8, 16]
PLAN16_PAIRS = {"pent6x10": 3, "queens16": 1, "scott8x8": 1}
"""`--plan 16`: the workers of each run, and each problem's sequential / --jobs 1 pairs."""

TIMES = re.compile(
    r"dlx: (?P<workers>\d+) workers busy (?P<busy>[\d.]+)% of [\d.]+ s \(on a processor "
    r"(?P<cpu>[\d.]+)% of that\); idle a worker: (?P<start>[\d.]+) s at the start, "
    r"(?P<between>[\d.]+) s between parts, (?P<end>[\d.]+) s at the end \(most "
    r"(?P<most>[\d.]+) s\); (?P<sent>\d+) parts sent, (?P<rate>\d+) a second; the parent's "
    r"own work (?P<parent>[\d.]+) s of processor"
)
"""The line `--stats` prints on where the workers' time went."""


@dataclass
class Timed:
    """One whole-process run: its count, wall-clock seconds, and its `--stats` timing line."""

    count: int
    seconds: float
    times: dict[str, str] = field(default_factory=dict)


def timed(command: list[str]) -> Timed:
    """Run `command` as a whole process: the count it prints, its seconds, its timing line."""
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - started
    if done.returncode != 0:
        sys.exit(f"{' '.join(command)} failed: {done.stderr.strip()}")
    line = TIMES.search(done.stderr)
    return Timed(int(done.stdout.split()[0]), seconds, line.groupdict() if line else {})


@contextlib.contextmanager
def dask_cluster(workers: int) -> Iterator[str | None]:
    """The address of a local Dask cluster of `workers` single-threaded worker processes, or
    None when Dask is not installed."""
    try:
        from distributed import LocalCluster
    except ImportError:
        yield None
        return
    with LocalCluster(
        n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        yield cluster.scheduler_address


def control(workers: int, path: Path, engine: str) -> str:
    """How much slower `workers` copies of the sequential search of `path` run at once than
    one alone (1.00: the machine gives every worker a whole core)."""
    command = [sys.executable, "-m", "dlx", "solve", "--engine", engine, "--count", str(path)]
    alone = statistics.median(timed(command).seconds for _ in range(3))
    started = time.perf_counter()
    processes = [subprocess.Popen(command, stdout=subprocess.DEVNULL) for _ in range(workers)]
    for process in processes:
        process.wait()
    together = time.perf_counter() - started
    ratio = together / alone
    return (
        f"control: {workers} sequential searches of {path.stem} at once took {together:.2f} s, "
        f"one alone {alone:.2f} s: {ratio:.2f}x (the machine allows at most "
        f"{100 / ratio:.0f}% efficiency at {workers} workers)"
    )


class Budget:
    """The seconds a plan may take (`--within`), and a guess of each run's: the sequential
    time of its problem (measured, or the reference's scaled by the machine's speed so far)."""

    def __init__(self, within: float | None) -> None:
        self.within, self.started, self.speed = within, time.perf_counter(), 1.0

    def fits(self, guess: float, what: str) -> bool:
        """Whether a run guessed to take `guess` seconds ends within the plan (else say so)."""
        if self.within is None:
            return True
        left = self.within - (time.perf_counter() - self.started)
        if guess <= left:
            return True
        print(f"{what}: left out (about {guess:.0f} s, {max(left, 0):.0f} s left)", flush=True)
        return False


@dataclass
class Row:
    """One problem's figures: the sequential seconds, the --jobs 1 ratios, each run's."""

    name: str
    expected: int
    seq: float = 0.0
    ratios: list[float] = field(default_factory=list)
    runs: dict[str, Timed] = field(default_factory=dict)


def measure(
    name: str, pairs: int, jobs: list[int], args: argparse.Namespace, budget: Budget
) -> Row | None:
    """Every run of one problem (see the module's docstring), or None if none fits."""
    text, expected, reference = PROBLEMS[name]
    path = Path(args.folder) / f"{name}.dlx"
    path.write_text(text())
    guess = reference * budget.speed
    workers = [n for n in jobs if n > 1]
    if not budget.fits(guess * (2 * pairs + sum(1.4 / n for n in workers)), name):
        return None
    row = Row(name, expected)
    base = [sys.executable, "-m", "dlx", "solve", "--engine", args.engine, "--count"]
    seqs = []
    for _ in range(pairs):
        alone, one = timed([*base, str(path)]), timed([*base, "--jobs", "1", str(path)])
        check(row, alone, "seq")
        check(row, one, "--jobs 1")
        seqs.append(alone.seconds)
        row.ratios.append(one.seconds / alone.seconds)
        row.runs["1"] = one
        print(f"{name}: seq {alone.seconds:.2f} s, --jobs 1 {one.seconds:.2f} s", flush=True)
    row.seq = statistics.median(seqs)
    budget.speed = row.seq / reference
    for n in workers:
        if budget.fits(1.4 * row.seq / n + 0.5, f"{name} --jobs {n}"):
            row.runs[str(n)] = run(row, [*base, "--stats", "--jobs", str(n), str(path)], str(n))
    most = max(jobs)
    if not args.no_dask and budget.fits(1.6 * row.seq / most + 8, f"{name} on Dask"):
        with dask_cluster(most) as address:
            if address is not None:
                command = [*base, "--stats", "--scheduler", address, str(path)]
                row.runs["dask"] = run(row, command, f"Dask x{most}")
    return row


def check(row: Row, done: Timed, what: str) -> None:
    """Stop with exit 1 where a count is not the known one."""
    if done.count != row.expected:
        print(f"{row.name} {what}: {done.count}, not {row.expected}", file=sys.stderr)
        sys.exit(1)


def run(row: Row, command: list[str], what: str) -> Timed:
    """One parallel run of `row`'s problem, checked and shown."""
    done = timed(command)
    check(row, done, what)
    speedup = row.seq / done.seconds
    print(f"{row.name}: {what}: {done.seconds:.2f} s, {speedup:.2f}x the sequential search")
    return done


def efficiency(row: Row, column: str, workers: int) -> str:
    """A cell of the speed-up table: seconds, speed-up over the sequential search, efficiency."""
    done = row.runs.get(column)
    if done is None:
        return "-"
    speedup = row.seq / done.seconds
    return f"{done.seconds:.2f} s, {speedup:.2f}x ({100 * speedup / workers:.0f}%)"


def tables(rows: list[Row], jobs: list[int]) -> None:
    """The speed-up table (against the sequential search) and the statistics' table."""
    most = max(jobs)
    workers = [n for n in jobs if n > 1]
    heads = ["problem", "seq", "--jobs 1 / seq", *map(str, workers), f"Dask, {most} workers"]
    print("| " + " | ".join(heads) + " |\n|" + "---|" * len(heads))
    for row in rows:
        ratio = statistics.median(row.ratios)
        cells = [f"{row.name}: {row.expected:,}", f"{row.seq:.2f} s", f"{ratio:.3f}"]
        cells += [efficiency(row, str(n), n) for n in workers]
        dask = efficiency(row, "dask", most)
        if "dask" in row.runs and str(most) in row.runs:
            dask += f"; {row.runs['dask'].seconds / row.runs[str(most)].seconds:.2f}x --jobs"
        print("| " + " | ".join([*cells, dask]) + " |")
    heads = ["problem", "run", "parts sent", "a second", "busy", "on a processor"]
    heads += ["idle a worker: start", "between", "end", "most", "parent's processor"]
    print("\n| " + " | ".join(heads) + " |\n|" + "---|" * len(heads))
    for row in rows:
        for column, done in row.runs.items():
            t = done.times
            if not t or column == "1":
                continue
            cells = [row.name, "Dask" if column == "dask" else f"--jobs {column}", t["sent"]]
            cells += [t["rate"], f"{t['busy']}%", f"{t['cpu']}%", *(f"{t[k]} s" for k in IDLE)]
            print("| " + " | ".join(cells) + " |")


IDLE = ("start", "between", "end", "most", "parent")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    cores = os.cpu_count() or 1
    parser.add_argument("--plan", type=int, choices=[16], help="the 16-core plan (7 minutes)")
    parser.add_argument("--jobs", type=int, nargs="+")
    parser.add_argument("--problem", nargs="+", choices=sorted(PROBLEMS))
    parser.add_argument("--engine", default="cells", choices=["cells", "links"])
    parser.add_argument("--no-dask", action="store_true")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--pairs", type=int, default=1, help="sequential / --jobs 1 pairs")
    parser.add_argument("--within", type=float, help="seconds the whole run may take")
    args = parser.parse_args(argv)
    if args.plan:
        jobs, plan = PLAN16_JOBS, dict(PLAN16_PAIRS)
        args.within = args.within or 400.0
    else:
        jobs = args.jobs or [1 << k for k in range(cores.bit_length()) if 1 << k <= cores]
        names = args.problem or ["pent6x10", "queens14" if args.quick else "queens16", "scott8x8"]
        plan = {name: args.pairs for name in names}
    jobs = sorted(set(jobs) | {1})
    print(f"{cores} cores; load average before: {os.getloadavg()[0]:.2f}", flush=True)
    budget = Budget(args.within)
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        args.folder = folder
        for name, pairs in plan.items():
            row = measure(name, pairs, jobs, args, budget)
            if row is not None:
                rows.append(row)
        small = Path(folder) / "queens14.dlx"
        small.write_text(PROBLEMS["queens14"][0]())
        lines = [control(n, small, args.engine) for n in sorted({2, max(jobs)}) if n <= cores]
    spent = time.perf_counter() - budget.started
    print(f"load average after: {os.getloadavg()[0]:.2f}; {spent:.0f} s in all\n")
    tables(rows, jobs)
    print("\n" + "\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
