"""Benchmark: `fillit solve` on seeded random inputs of three kinds, beyond the bench folder.

Run: `.venv/bin/python tests/benchmarks/stress_fillit.py [--seeds FIRST:LAST] [--ordered]`
(default seeds 0:20). For each seed it writes three inputs to a temporary folder and times
`python -m fillit solve --check FILE` (interpreter start-up included, cut off at 20 s):

- `rand`: 20 to 26 pieces, each shape uniform over the 19 fixed tetrominoes;
- `few`: 22 to 26 pieces of two to four shapes with skewed frequencies (the hardest kind known
  here: a failing size is seldom refuted by colourings, and its search is long);
- `tile`: the 25 pieces of a random tiling of 10 x 10 (even seeds only), shuffled;
- `same`: 20 to 26 identical pieces of a random shape (odd seeds only).

The answer is checked independently (`--check`); with `--ordered` it is also compared with the
first release's ordered search (`--ordered`, 10 s cut-off). A summary gives the median and the
slowest times against the targets (every file under 1 s; must: under 5 s). Exit 1 when an answer
is wrong.
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "benchmarks"))

from bench_fillit import timed_solve  # noqa: E402

from fillit.generate import block, few_shapes, pieces_of, text, tiling  # noqa: E402
from fillit.pieces import Piece  # noqa: E402

CUT = 20.0
ORDERED_CUT = 10.0


def inputs(seed: int) -> dict[str, list[Piece]]:
    """The inputs of one seed, by name (drawn by `fillit.generate`, as `fillit generate` does)."""
    made: dict[str, list[Piece]] = {}
    rng = random.Random(seed)
    count = rng.choice([20, 22, 24, 25, 26])
    made[f"rand{count}_{seed}"] = pieces_of("random", count, rng)
    rng = random.Random(seed + 1000)
    count = rng.choice([22, 24, 26])
    few = few_shapes(count, rng)
    made[f"few{len(set(few))}_{count}_{seed}"] = few
    if seed % 2 == 0:
        made[f"tile10_{seed}"] = tiling(25, random.Random(seed))
    else:
        rng = random.Random(seed + 3000)
        count = rng.randint(20, 26)
        made[f"same{count}_{seed}"] = pieces_of("identical", count, rng)
    return made


def main(args: list[str]) -> int:
    seeds = range(0, 20)
    for arg in args:
        if arg.startswith("--seeds"):
            low, high = arg.partition("=")[2].split(":")
            seeds = range(int(low), int(high))
    ordered = "--ordered" in args
    times: list[float] = []
    wrong = 0
    print(f"{'input':20} {'fast s':>7} {'answer':>8}" + (f" {'ordered':>8}" if ordered else ""))
    with tempfile.TemporaryDirectory() as folder:
        for seed in seeds:
            for name, pieces in inputs(seed).items():
                path = Path(folder) / f"{name}.txt"
                offsets = random.Random(seed + 2000)
                path.write_text(text([block(p, offsets) for p in pieces]))
                seconds, done = timed_solve(path, "--check", timeout=CUT)
                times.append(seconds)
                if done is None:
                    verdict = "cut"
                elif done.returncode != 0 or "check passed" not in done.stderr:
                    verdict, wrong = "WRONG", wrong + 1
                else:
                    verdict = "checked"
                line = f"{name:20} {seconds:>7.2f} {verdict:>8}"
                if ordered and done is not None and done.returncode == 0:
                    _, reference = timed_solve(path, "--ordered", timeout=ORDERED_CUT)
                    if reference is None:
                        line += f" {'cut':>8}"
                    elif reference.stdout == done.stdout:
                        line += f" {'same':>8}"
                    else:
                        line += f" {'DIFFERS':>8}"
                        wrong += 1
                print(line, flush=True)
    over = sorted(times, reverse=True)[:3]
    print(
        f"\n{len(times)} inputs, {wrong} wrong; median {statistics.median(times):.2f} s, slowest "
        + ", ".join(f"{t:.2f}" for t in over)
        + f" s; {sum(t < 1 for t in times)} under 1 s, {sum(t >= 5 for t in times)} at 5 s or more"
    )
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
