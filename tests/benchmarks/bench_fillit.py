"""Benchmark: `fillit solve` on the hardest known inputs, fast path beside the ordered search.

Run: `.venv/bin/python tests/benchmarks/bench_fillit.py [--no-ordered] [FILE.txt ...]`
(default: every input of ../shared/fillit-bench). For each file it prints the wall-clock time of
`python -m fillit solve FILE` (interpreter start-up included) and whether its output equals the
expected `.out`, then the time of the same command with `--ordered` (the first release's search),
cut off at 10 s, so the ratio is measured in one run. A summary gives the median and maximum of
the fast path against the targets (every file under 1 s, median under 0.3 s). Exit 1 when an
answer is wrong.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parents[3] / "shared" / "fillit-bench"
ROOT = Path(__file__).resolve().parents[2]
ORDERED_TIMEOUT = 10.0


def timed_solve(
    path: Path, *extra: str, timeout: float | None = None
) -> tuple[float, subprocess.CompletedProcess[str] | None]:
    """Wall-clock seconds of `python -m fillit solve [extra] path`, and the finished process
    (None if cut off at `timeout`)."""
    env = {**os.environ, "NO_COLOR": "1"}
    started = time.perf_counter()
    try:
        done = subprocess.run(
            [sys.executable, "-m", "fillit", "solve", *extra, str(path)],
            capture_output=True,
            text=True,
            cwd=ROOT,
            env=env,
            timeout=timeout,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return time.perf_counter() - started, None
    return time.perf_counter() - started, done


def main(args: list[str]) -> int:
    ordered = "--no-ordered" not in args
    names = [a for a in args if not a.startswith("--")]
    files = [Path(n) for n in names] or sorted(BENCH.glob("*.txt"))
    print(f"{'file':46} {'fast s':>7} {'answer':>7} {'ordered s':>10} {'ratio':>7}")
    fast_times: list[float] = []
    wrong = 0
    for path in files:
        expected = path.with_suffix(".out").read_text()
        seconds, done = timed_solve(path)
        fast_times.append(seconds)
        right = done is not None and done.stdout == expected
        wrong += not right
        line = f"{path.stem:46} {seconds:>7.2f} {'ok' if right else 'WRONG':>7}"
        if ordered:
            slow, reference = timed_solve(path, "--ordered", timeout=ORDERED_TIMEOUT)
            if reference is None:
                cut, ratio = f">{ORDERED_TIMEOUT:.0f}", f">{slow / seconds:.0f}x"
                line += f" {cut:>10} {ratio:>7}"
            else:
                line += f" {slow:>10.2f} {slow / seconds:>6.1f}x"
        print(line, flush=True)
    under = sum(t < 1.0 for t in fast_times)
    median = statistics.median(fast_times)
    print(
        f"\nfast path: {len(fast_times)} files, {wrong} wrong; median {median:.2f} s (goal < 0.3),"
        f" max {max(fast_times):.2f} s (goal < 1), {under} under 1 s"
    )
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
