"""Benchmark: `dlx tile --count` beside `dlx solve --count` on the file Knuth's generator makes for
the same puzzle, and `dlx tile --unique` beside all solutions.

Run: `.venv/bin/python tests/benchmarks/bench_tile.py [--rounds N] [--knuth FILE] [--quick]`.
The puzzle is corpus/tile/spec_pentominoes_6x10.txt (`--quick`: the same pieces in 4x15);
its DLX file is FILE when given (say `polyomino-dlx < spec > FILE`, built from Knuth's CWEB
source), else `dlx tile --dlx` of the spec, which the golden tests show equal to his generator's
output line for line. Each command runs as a whole process, the two alternated N times (default 3);
the figures are the median wall-clock seconds and their ratio (target: tile/solve <= 1.15,
unique/all <= 0.4). Exit 1 when the counts disagree.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "corpus" / "tile" / "spec_pentominoes_6x10.txt"


def timed(args: list[str]) -> tuple[str, float]:
    """The standard output of `python -m dlx ARGS` and its wall-clock seconds."""
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "dlx", *args], capture_output=True, text=True, cwd=ROOT, check=False
    )
    return done.stdout.strip(), time.perf_counter() - started


def compare(name: str, first: list[str], second: list[str], rounds: int) -> tuple[bool, float]:
    """Run the two commands alternately; print medians and their ratio; whether counts agree."""
    times: tuple[list[float], list[float]] = ([], [])
    outputs: list[str] = ["", ""]
    for _ in range(rounds):
        for k, args in enumerate((first, second)):
            outputs[k], seconds = timed(args)
            times[k].append(seconds)
    a, b = statistics.median(times[0]), statistics.median(times[1])
    print(
        f"{name}: {' '.join(first)} -> {outputs[0]} in {a:.3f} s; "
        f"{' '.join(second)} -> {outputs[1]} in {b:.3f} s; ratio {a / b:.3f}"
    )
    return outputs[0] != "" and outputs[1] != "", a / b


def main(args: list[str]) -> int:
    """Print both comparisons; exit 1 when a command printed no count."""
    rounds = int(args[args.index("--rounds") + 1]) if "--rounds" in args else 3
    spec = SPEC
    with tempfile.TemporaryDirectory() as folder:
        if "--quick" in args:
            spec = Path(folder) / "spec.txt"
            spec.write_text(SPEC.read_text().replace("[0-5][0-9]", "[0-3][0-9a-e]"))
        knuth = Path(args[args.index("--knuth") + 1]) if "--knuth" in args else None
        if knuth is None:
            knuth = Path(folder) / "knuth.dlx"
            knuth.write_text(
                subprocess.run(
                    [sys.executable, "-m", "dlx", "tile", "--dlx", str(spec)],
                    capture_output=True,
                    text=True,
                    check=True,
                    cwd=ROOT,
                ).stdout
            )
        ok1, ratio1 = compare(
            "tile vs solve",
            ["tile", "--count", str(spec)],
            ["solve", "--count", str(knuth)],
            rounds,
        )
        ok2, ratio2 = compare(
            "unique vs all",
            ["tile", "--count", "--unique", str(spec)],
            ["tile", "--count", str(spec)],
            rounds,
        )
    print(f"targets: tile/solve {ratio1:.3f} <= 1.15, unique/all {ratio2:.3f} <= 0.4")
    return 0 if ok1 and ok2 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
