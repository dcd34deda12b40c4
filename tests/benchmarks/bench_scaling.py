"""Benchmark: how a parallel count scales with its workers, `--jobs N` and a local Dask cluster.

Run: `.venv/bin/python tests/benchmarks/bench_scaling.py [--jobs 1 2 4 ...] [--problem NAME ...]
[--engine cells|links] [--no-dask]`. It writes three problems in Knuth's format: 16 queens with
row 0's queen in the left half (7,386,256 solutions), Dana Scott's 8x8, the 12 pentominoes and a
2x2 square (129,168), and the pentominoes 6x10 (9,356); for each it runs `dlx solve --engine cells
--count --jobs N` as a whole process (start-up, split, workers' start and merge included) for each
N asked (default 1, 2, 4, ... up to this machine's cores), and, unless `--no-dask` or Dask is not
installed, the same count on a local Dask cluster of as many single-threaded worker processes as
the largest N (`--scheduler`; the cluster's own start is not timed, the shipping of the problem
and the parts is). Every count is checked against the known one (exit 1 if any differs). It prints
the seconds on one worker and, for each N, the speed-up and the efficiency (speed-up / N), the
figures issue 35 asks for: at least 90% at every N on the searches of 30 s or more, 75% at 16
workers on the 4 s one, Dask within 15% of `--jobs` at the same N (its column gives its time
over that of `--jobs` at as many workers). The load average is printed
before and after: other work on the cores shows in the ratios. `--quick` takes 14 queens instead
of 16 (182,798 solutions), for a first look.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
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

PROBLEMS: dict[str, tuple[Callable[[], str], int]] = {  # name -> (its text, its count)
    "queens16": (lambda: queens_half(16), 7_386_256),
    "queens14": (lambda: queens_half(14), 182_798),
    "scott8x8": (lambda: tiling(SCOTT), 129_168),
    "pent6x10": (lambda: tiling("board 6x10\npieces pentominoes\n"), 9_356),
}


def counted(command: list[str]) -> tuple[int, float]:
    """The count one whole-process run prints, and its wall-clock seconds."""
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - started
    if done.returncode != 0:
        sys.exit(f"{' '.join(command)} failed: {done.stderr.strip()}")
    return int(done.stdout.split()[0]), seconds


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


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    cores = os.cpu_count() or 1
    default_jobs = [1 << k for k in range(cores.bit_length()) if 1 << k <= cores]
    parser.add_argument("--jobs", type=int, nargs="+", default=default_jobs)
    parser.add_argument("--problem", nargs="+", choices=sorted(PROBLEMS))
    parser.add_argument("--engine", default="cells", choices=["cells", "links"])
    parser.add_argument("--no-dask", action="store_true")
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args(argv)
    names = args.problem or (["queens14" if args.quick else "queens16", "scott8x8", "pent6x10"])
    jobs = sorted(set(args.jobs) | {1})
    dlx = [sys.executable, "-m", "dlx", "solve", "--count", "--engine", args.engine]
    print(f"{cores} cores; load average before: {os.getloadavg()[0]:.2f}")
    wrong = False
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for name in names:
            text, expected = PROBLEMS[name]
            path = Path(folder) / f"{name}.dlx"
            path.write_text(text())
            times: dict[str, float] = {}
            for n in jobs:
                found, times[str(n)] = counted([*dlx, "--jobs", str(n), str(path)])
                wrong |= found != expected
                print(f"{name}: --jobs {n}: {found} in {times[str(n)]:.2f} s", flush=True)
            if not args.no_dask:
                with dask_cluster(max(jobs)) as address:
                    if address is not None:
                        found, times["dask"] = counted([*dlx, "--scheduler", address, str(path)])
                        wrong |= found != expected
                        print(f"{name}: Dask x{max(jobs)}: {found} in {times['dask']:.2f} s")
            rows.append((name, expected, times))
    print(f"load average after: {os.getloadavg()[0]:.2f}\n")
    dask = any("dask" in times for _, _, times in rows)
    columns = [str(n) for n in jobs if n > 1] + (["dask"] if dask else [])
    heads = [f"Dask, {max(jobs)} workers" if c == "dask" else c for c in columns]
    print("| problem (one worker) | " + " | ".join(heads) + " |")
    print("|---|" + "---|" * len(columns))
    for name, expected, times in rows:
        one = times["1"]
        cells = []
        for column in columns:
            workers = max(jobs) if column == "dask" else int(column)
            if column not in times:
                cells.append("-")
                continue
            speedup = one / times[column]
            cell = f"{speedup:.2f}x ({100 * speedup / workers:.0f}%)"
            if column == "dask" and str(workers) in times:  # beside --jobs at as many workers
                cell += f", {times['dask'] / times[str(workers)]:.2f}x the time of --jobs"
            cells.append(cell)
        print(f"| {name}: {expected:,} ({one:.1f} s) | " + " | ".join(cells) + " |")
    if wrong:
        print("a count differs from the known one", file=sys.stderr)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
