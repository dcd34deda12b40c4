"""Benchmark: `fillit solve` on seeded random inputs of several kinds, beyond the bench folder.

Run: `.venv/bin/python tests/benchmarks/stress_fillit.py [--seeds=FIRST:LAST] [--kinds=a,b]
[--ordered] [--save=FOLDER]` (default seeds 0:20, every kind). For each seed and kind it writes
one input to a temporary folder and times `python -m fillit solve --check FILE` (interpreter
start-up included, cut off at 20 s). The kinds (issue 17 names the last three):

- `rand`: 20 to 26 pieces, each shape uniform over the 19 fixed tetrominoes;
- `tile`: the 25 pieces of a random tiling of 10 x 10, shuffled;
- `same`: 20 to 26 identical pieces of a random shape;
- `few`: 14 to 26 pieces of two to four shapes with skewed frequencies (a failing size is seldom
  refuted by colourings, and its search is long);
- `tight`: uniform random shapes in a count leaving 1 to 4 holes at the smallest square (6, 8, 12,
  15, 20 or 24 pieces), so that the smallest size is either a near-tiling or must be refuted;
- `odd`: 14 to 26 pieces, all copies of one shape but one piece of another, put anywhere.

The answer is checked independently (`--check`, `fillit.check`); with `--ordered` it is also
compared with the first release's ordered search (`--ordered`, cut off at 3 s: compared where
cheap). The summary gives, per kind, the median, the 90th and 99th percentiles, the slowest, and
how many took 0.5 s, 1 s and 3 s or more (issue 26: every file under 1 s, the goal under 0.5 s).
With `--save`, inputs that took 0.5 s or more are copied there for study. Exit 1 when an answer
is wrong.
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "benchmarks"))

from bench_fillit import timed_solve  # noqa: E402

from fillit.pieces import Piece  # noqa: E402
from fillit.tools.generate import SHAPES, block, few_shapes, pieces_of, text, tiling  # noqa: E402

CUT = 20.0
ORDERED_CUT = 3.0
TIGHT_COUNTS = (6, 8, 12, 15, 20, 24)
"""Piece counts leaving 1 to 4 cells free at the smallest square (25 - 24, 36 - 32, ...)."""


def odd_one(count: int, rng: random.Random) -> list[Piece]:
    """`count` pieces: copies of one shape and, somewhere among them, one of another shape."""
    common, odd = rng.sample(SHAPES, 2)
    pieces = [common] * count
    pieces[rng.randrange(count)] = odd
    return pieces


KINDS: dict[str, Callable[[random.Random], list[Piece]]] = {
    "rand": lambda rng: pieces_of("random", rng.randint(20, 26), rng),
    "tile": lambda rng: tiling(25, rng),
    "same": lambda rng: pieces_of("identical", rng.randint(20, 26), rng),
    "few": lambda rng: few_shapes(rng.randint(14, 26), rng),
    "tight": lambda rng: pieces_of("random", rng.choice(TIGHT_COUNTS), rng),
    "odd": lambda rng: odd_one(rng.randint(14, 26), rng),
}


def make_input(kind: str, seed: int) -> tuple[str, str]:
    """The name and text of the input of one kind and seed."""
    rng = random.Random(f"{kind}-{seed}")
    pieces = KINDS[kind](rng)
    name = f"{kind}{len(pieces)}_{len(set(pieces))}s_{seed}"
    return name, text([block(piece, rng) for piece in pieces])


def verdict(path: Path, ordered: bool) -> tuple[float, str, bool]:
    """Seconds of the checked solve of `path`, a word for the outcome, and whether it is wrong."""
    seconds, done = timed_solve(path, "--check", timeout=CUT)
    if done is None:
        return seconds, "cut", False
    if done.returncode != 0 or "check passed" not in done.stderr:
        return seconds, "WRONG", True
    if not ordered:
        return seconds, "checked", False
    _, reference = timed_solve(path, "--ordered", timeout=ORDERED_CUT)
    if reference is None:
        return seconds, "checked", False
    if reference.stdout != done.stdout:
        return seconds, "DIFFERS", True
    return seconds, "same", False


def summary(kind: str, times: list[float]) -> str:
    """One line of figures for the times of one kind."""
    ranked = sorted(times)
    p90, p99 = (ranked[min(len(ranked) - 1, len(ranked) * q // 100)] for q in (90, 99))
    return (
        f"{kind:6} {len(times):>5} {statistics.median(times):>7.2f} {p90:>6.2f} {p99:>6.2f}"
        f" {max(times):>8.2f} {sum(t >= 0.5 for t in times):>6} {sum(t >= 1 for t in times):>5}"
        f" {sum(t >= 3 for t in times):>5}"
    )


def options(args: list[str]) -> tuple[range, list[str], bool, Path | None]:
    """The seeds, kinds, whether to compare with the ordered search, and the folder to save in."""
    seeds, kinds, save = range(0, 20), list(KINDS), None
    for arg in args:
        key, _, value = arg.partition("=")
        if key == "--seeds":
            low, high = value.split(":")
            seeds = range(int(low), int(high))
        elif key == "--kinds":
            kinds = value.split(",")
        elif key == "--save":
            save = Path(value)
    return seeds, kinds, "--ordered" in args, save


def main(args: list[str]) -> int:
    seeds, kinds, ordered, save = options(args)
    times: dict[str, list[float]] = {kind: [] for kind in kinds}
    wrong, compared = 0, 0
    print(f"{'input':24} {'fast s':>7} {'answer':>8}")
    with tempfile.TemporaryDirectory() as folder:
        for seed in seeds:
            for kind in kinds:
                name, content = make_input(kind, seed)
                path = Path(folder) / f"{name}.txt"
                path.write_text(content)
                seconds, word, bad = verdict(path, ordered)
                times[kind].append(seconds)
                wrong += bad
                compared += word == "same"
                if save is not None and seconds >= 0.5:
                    save.mkdir(parents=True, exist_ok=True)
                    (save / path.name).write_text(content)
                print(f"{name:24} {seconds:>7.2f} {word:>8}", flush=True)
    print(
        f"\n{'kind':6} {'count':>5} {'median':>7} {'p90':>6} {'p99':>6} {'slowest':>8}"
        f" {'>=0.5s':>6} {'>=1s':>5} {'>=3s':>5}"
    )
    for kind in kinds:
        print(summary(kind, times[kind]))
    print(summary("all", [t for kind in kinds for t in times[kind]]))
    print(f"{wrong} wrong; {compared} answers also equal to the ordered search's")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
