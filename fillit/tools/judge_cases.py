"""The cases of `fillit check`: inputs whose exact expected output is known.

A *case* is an input and the exact standard output `fillit solve` gives for it: `error` and a
newline for an invalid input, the canonical square otherwise (computed here, in process, by the
solver `fillit solve` uses). A run's cases are one per way of breaking the format, the valid
inputs of a corpus folder, and generated valid inputs of every kind, all drawn from one seed.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from fillit import render
from fillit.errors import FillitError
from fillit.parse import parse
from fillit.solver.arrange import arrange_fast
from fillit.tools.generate import KINDS, TILING_COUNTS, Kind, valid_input
from fillit.tools.invalid import BREAKS, invalid_input

ERROR = "error\n"
"""The whole expected output for an invalid input."""

CANONICAL_NODES = 2_000_000
"""The search budget for the answer of a generated input (about half a minute at most): an input
the solver cannot answer within it is replaced by the next one drawn, so the cases of a seed
do not depend on the machine's speed."""


@dataclass(frozen=True)
class Case:
    """An input (`text`, the file's content) and the exact output expected for it."""

    name: str
    text: str
    expected: str


def expected_output(text: str, max_nodes: int | None = None) -> str | None:
    """What `fillit solve` prints for `text` (plain), or None when `max_nodes` ran out.

    >>> expected_output("##..\\n##..\\n....\\n....\\n")
    'AA\\nAA\\n'
    >>> expected_output("##..\\n")
    'error\\n'
    """
    try:
        pieces = parse(text)
    except FillitError:
        return ERROR
    answer = arrange_fast(pieces, max_nodes=max_nodes)
    return render.plain(answer) if answer.solved else None


def invalid_cases(rng: random.Random) -> Iterator[Case]:
    """One input per way of breaking the format (`fillit generate --invalid list`)."""
    for name in BREAKS:
        yield Case(f"invalid_{name}", invalid_input(rng, name), ERROR)


def default_corpus() -> Path | None:
    """The valid cases of the repository's corpus beside the package, or None when the package
    is installed without it."""
    folder = Path(__file__).resolve().parents[2] / "corpus" / "fillit" / "valid"
    return folder if folder.is_dir() else None


def corpus_files(folder: Path | None) -> list[Path]:
    """The inputs (`*.txt`) of a corpus folder, sorted by name."""
    return [] if folder is None else sorted(folder.glob("*.txt"))


def corpus_cases(files: Sequence[Path]) -> Iterator[Case]:
    """One case per corpus file, its answer computed (so a stale `.out` cannot mislead)."""
    for path in files:
        text = path.read_text(encoding="ascii", errors="surrogateescape")
        yield Case(f"corpus_{path.stem}", text, expected_output(text) or ERROR)


def plan(rng: random.Random, count: int) -> list[tuple[Kind, int]]:
    """The kind and piece count of `count` generated inputs: kinds in turn, every third input
    of 21 to 26 pieces (a tiling's: 25), the others of 1 to 26 (a tiling's: 4, 9 or 16)."""
    planned = []
    for index in range(count):
        kind = KINDS[index % len(KINDS)]
        big = index % 3 == 0
        if kind is Kind.TILING:
            pieces = TILING_COUNTS[-1] if big else rng.choice(TILING_COUNTS[:-1])
        else:
            pieces = rng.randint(21, 26) if big else rng.randint(1, 26)
        planned.append((kind, pieces))
    return planned


def generated_cases(rng: random.Random, count: int) -> Iterator[Case]:
    """`count` valid inputs as `plan` says, each with its canonical answer."""
    for index, (kind, pieces) in enumerate(plan(rng, count), start=1):
        while True:
            text = valid_input(rng, kind, pieces)
            expected = expected_output(text, max_nodes=CANONICAL_NODES)
            if expected is not None:
                break
        yield Case(f"gen{index:02}_{kind}_{pieces}", text, expected)


def cases(seed: int, count: int, corpus: Sequence[Path]) -> Iterator[Case]:
    """Every case of a run, one at a time: one per invalid rule, the corpus, `count` generated."""
    rng = random.Random(seed)
    yield from invalid_cases(rng)
    yield from corpus_cases(corpus)
    yield from generated_cases(rng, count)


def case_count(count: int, corpus: Sequence[Path]) -> int:
    """How many cases `cases` yields."""
    return len(BREAKS) + len(corpus) + count
