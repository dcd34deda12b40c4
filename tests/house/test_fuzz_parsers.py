"""Every parser, fuzzed (bounded and quick): whatever the text, it gives a value or its own typed
error, never another exception; and the programs, fuzzed with mutations of the corpus (below)."""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import subprocess
import sys
import tempfile
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dlx import DlxError, Stats, count
from dlx.cli.puzzle_runs import _dimensions
from dlx.errors import PuzzleError
from dlx.knuth import decode, parse_dlx
from dlx.puzzles import pentomino, polyomino, skyscrapers, sudoku
from fillit.errors import FillitError
from fillit.parse import parse as parse_fillit

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "helpers"))  # run as a program too
from places import ROOT
from probes import probe

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

SPECIAL = [*list("ab|:#.01x2 \t\n\r"), "\u2028", "\u2029", "\x0b", "\x0c", "\x85", "\ufeff"]
SPECIAL += ["9" * 30, "\r\n", "\n\n"]


def texts(*extra: str) -> st.SearchStrategy[str]:
    """Texts mostly of the formats' own characters, with any character now and then."""
    pieces = st.sampled_from(SPECIAL + list(extra)) | st.characters()
    return st.lists(pieces, max_size=60).map("".join)


@FUZZ
@given(texts("a:b|", "| c", "x:red"))
def test_knuth_format_gives_a_problem_or_a_format_error(text: str) -> None:
    try:
        parsed = parse_dlx(text)
    except DlxError:
        return
    count(parsed.problem, max_nodes=1000, stats=Stats())


@FUZZ
@given(st.binary(max_size=80))
def test_knuth_bytes_give_text_or_a_format_error(data: bytes) -> None:
    with contextlib.suppress(DlxError):
        parse_dlx(decode(data))


@FUZZ
@given(texts("####\n", "....\n", "#...\n"))
def test_fillit_format_gives_pieces_or_a_fillit_error(text: str) -> None:
    with contextlib.suppress(FillitError):
        parse_fillit(text)


PUZZLE_PARSERS: dict[str, Callable[[str], object]] = {
    "sudoku": sudoku.parse,
    "polyomino": polyomino.parse,
    "skyscrapers": skyscrapers.parse,
    "pentomino board": pentomino.parse_board,
    "polyomino board": _dimensions,
}


@pytest.mark.parametrize("name", PUZZLE_PARSERS)
@FUZZ
@given(text=texts("2 2\n", "11\n", "0 ", "6x10", "3 "))
def test_puzzle_inputs_give_a_value_or_a_puzzle_error(name: str, text: str) -> None:
    with contextlib.suppress(PuzzleError):
        PUZZLE_PARSERS[name](text)


# Whole programs, fuzzed: the corpus's inputs of each format (fillit files, Knuth's .dlx files,
# `dlx tile` specs and pictures) mutated at random, each run as a process under the 2 GB cap and
# a time limit. Every run ends with an answer, or one line on standard error and a documented
# status; never a traceback. CI runs a few cases of each format with a fixed seed (seconds);
# `DLX_FUZZ_CASES=2000 DLX_FUZZ_SEED=7 pytest tests/house/test_fuzz_parsers.py -k programs` or
# `python tests/house/test_fuzz_parsers.py --cases 2000 --seed 7` runs as long as anyone likes.

CORPUS = ROOT / "corpus"
FORMATS: dict[str, tuple[str, list[str]]] = {
    "fillit": ("fillit/*/*.txt", ["fillit", "solve"]),
    "dlx": ("dlx/*.dlx", ["dlx", "solve"]),
    "tile": ("tile/*.txt", ["dlx", "tile"]),
    "expand": ("", ["dlx", "tile"]),
}
"""Each format: the corpus files to mutate (none: `expanding` builds the inputs), and the
command that reads them."""
OPTIONS: dict[str, list[list[str]]] = {
    "fillit": [[], ["--check"], ["--ordered"]],
    "dlx": [[], ["--json"], ["--count"], ["--engine", "cells"], ["--stats", "--limit", "3"]],
    "tile": [[], ["--json"], ["--count"], ["--dlx"], ["--unique", "--count"]],
    "expand": [["--count"], ["--dlx"], ["--unique", "--count"], ["--json", "--limit", "2"]],
}
"""The options a case adds, one set chosen at random."""
CASE_SECONDS = 5
"""The `--timeout` each case runs under; a case that has not ended well after it fails."""
WORDS = [b"[0-Z]", b"[0-u][0-v]", b"9" * 12, b"0:9|", b"|", b":", b"\t", b"\r\n", b"\xff", b"#"]
"""Pieces of the formats (and of their limits) a mutation inserts."""


def mutate(data: bytes, others: list[bytes], rng: random.Random) -> bytes:
    """`data` changed by one to three random edits: a byte changed, inserted or deleted, a span
    repeated (up to about a megabyte), a format's piece inserted, or a splice with another input."""
    for _ in range(rng.randint(1, 3)):
        at = rng.randint(0, len(data))
        edit = rng.randrange(6)
        if edit == 0 and data:
            data = data[: at - 1] + bytes([rng.randrange(256)]) + data[at:]
        elif edit == 1:
            data = data[:at] + bytes([rng.choice(b" .#\n01|:[]-aZ")]) + data[at:]
        elif edit == 2:
            data = data[:at] + data[at + rng.randint(1, 16) :]
        elif edit == 3:
            span = data[at : at + rng.randint(1, 64)]
            data = (
                data[:at]
                + span * rng.choice([2, 10, 1000, 100_000 // max(1, len(span))])
                + data[at:]
            )
        elif edit == 4:
            data = data[:at] + rng.choice(WORDS) + data[at:]
        else:
            other = rng.choice(others)
            data = data[:at] + other[rng.randint(0, len(other)) :]
    return data


# `dlx tile`'s reader, fed inputs built to expand (issue 46): a bracket of 3,844 cells written
# in 10 bytes, a drawing or a set repeated thousands of times, multiplicities of 9 digits, cubes
# drawn over 62 layers; every limit must hold for the file as a whole, at once.

FLAT = ["00", "[0-Z][0-Z]", "[0-Z]0", "0[0-k]", "[0-9a]1x", "1[0-Z]'", "0Z", "[0-4][0-4]"]
SOLID = ["000", "[0-Z][0-Z][0-Z]", "[0-k][0-k]0", "0[0-Z]1", "[0-2][0-2][0-2]", "Z00"]
"""Cells of Knuth's spec lines on flat grids and on cubes, most of them brackets that expand."""
COUNTS = ["", "2|", "0:9|", "0:3844|", "999999999|", "1:999999999|"]
"""Multiplicities as Knuth's spec lines and pictures write them (cubes: a digit and `*`)."""
DRAWN = {
    "square": (["62x62", "6x10", "8x8-hole"], ["pentominoes", "hexominoes", "dominoes"]),
    "triangle": (["62x62", "hexagon-20"], ["hexiamonds", "heptiamonds"]),
    "hex": (["62x62", "hexagon-20"], ["tetrahexes", "pentahexes"]),
    "cube": (["21x21x21", "3x3x3", "2x62x62"], ["soma", "pentacubes"]),
    "sticks": (["61x61", "5x5", "62x62"], ["tetrasticks", "pentasticks"]),
}
"""Each grid's named boards and sets, large and small."""


def expanding(rng: random.Random) -> bytes:
    """A `dlx tile` input of about a megabyte at most, built to expand: Knuth's spec lines of
    bracketed cells and repeated drawings, or a picture of repeated sets, drawings that fill
    62x62 squares (over many layers for cubes) and large multiplicities."""
    lines = _spec_lines(rng) if rng.random() < 0.6 else _picture_lines(rng)
    data = "".join(f"{line}\n" for line in lines).encode()
    return data[: 1024 * 1024 - rng.choice([1, 1000, -1000])]


def _spec_lines(rng: random.Random) -> list[str]:
    """A box and piece lines, on a flat grid or (`*` counts) cubes."""
    solid = rng.random() < 0.3
    tokens = SOLID if solid else FLAT
    counts = ["", "3*", "Z*"] if solid else COUNTS
    lines = [" ".join(rng.choice(tokens[:3]) for _ in range(rng.choice([1, 1, 2, 300])))]
    for _ in range(rng.choice([1, 10, 1000, 20_000])):
        cells = " ".join(rng.choice(tokens) for _ in range(rng.choice([1, 1, 2, 5, 2000])))
        lines.append(f"{rng.choice(counts)}{rng.choice('ABC')} {cells}")
    return lines


def _picture_lines(rng: random.Random) -> list[str]:
    """A picture: a named board, sets named again and again, a drawn piece of many cells."""
    grid = rng.choice(list(DRAWN))
    boards, sets = DRAWN[grid]
    lines = [f"grid {grid}", f"board {rng.choice(boards)}"]
    named = " ".join([rng.choice(sets)] * rng.choice([1, 100]))
    lines += [f"pieces {named}"] * rng.choice([1, 3, 5000])
    rows = ["# " * 31, " #" * 31] if grid == "hex" else ["#" * 62]
    layer = [rows[k % len(rows)] for k in range(62)] + ([""] if grid == "cube" else [])
    lines += [f"piece {rng.choice(COUNTS)}D", *(layer * rng.choice([1, 6, 70]))]
    return lines


def fuzz_case(kind: str, inputs: list[bytes], rng: random.Random, folder: Path) -> str | None:
    """Run one mutated (or, for `expand`, built) input of `kind`; None if it ended as
    documented, else what went wrong (naming the file the input was kept in)."""
    data = expanding(rng) if kind == "expand" else mutate(rng.choice(inputs), inputs, rng)
    path = folder / f"{kind}-{rng.randrange(10**9)}.txt"
    path.write_bytes(data)
    options = rng.choice(OPTIONS[kind])
    command = [*FORMATS[kind][1], str(path), *options, "--timeout", str(CASE_SECONDS)]
    try:
        done = probe(*command, seconds=CASE_SECONDS * 6, check_traceback=False)
    except subprocess.TimeoutExpired:
        return f"{path}: did not end in {CASE_SECONDS * 6} s"
    if "Traceback" in done.stderr or done.returncode not in (0, 1, 3):
        return f"{path} {options}: exit {done.returncode}: {done.stderr[-300:]}"
    lines = done.stderr.count("\n")
    if done.returncode and lines not in ((1, 2) if "--stats" in options else (1,)):
        return f"{path} {options}: exit {done.returncode}, {lines} lines: {done.stderr[-300:]}"
    path.unlink()
    return None


def fuzz_programs(cases: int, seed: int, folder: Path) -> list[str]:
    """`cases` mutated inputs of each format from `seed`, two at a time; what went wrong."""
    jobs: list[tuple[str, list[bytes], random.Random]] = []
    for number, kind in enumerate(FORMATS):
        files = sorted(CORPUS.glob(FORMATS[kind][0])) if FORMATS[kind][0] else []
        inputs = [file.read_bytes() for file in files]
        rng = random.Random(seed * 1000 + number)
        jobs += [(kind, inputs, random.Random(rng.randrange(2**32))) for _ in range(cases)]
    with ThreadPoolExecutor(2) as pool:
        found = pool.map(lambda job: fuzz_case(job[0], job[1], job[2], folder), jobs)
        return [fault for fault in found if fault is not None]


def test_programs_answer_mutated_inputs_with_an_answer_or_one_line(tmp_path: Path) -> None:
    cases = int(os.environ.get("DLX_FUZZ_CASES", "12"))
    seed = int(os.environ.get("DLX_FUZZ_SEED", "36"))
    assert fuzz_programs(cases, seed, tmp_path) == []


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="Fuzz fillit, dlx solve and dlx tile.")
    parser.add_argument("--cases", type=int, default=200, help="mutated inputs per format")
    parser.add_argument("--seed", type=int, default=36)
    keep = Path(tempfile.gettempdir()) / "dlx-fuzz"
    parser.add_argument("--keep", type=Path, default=keep, help="where failing inputs stay")
    arguments = parser.parse_args()
    arguments.keep.mkdir(exist_ok=True)
    faults = fuzz_programs(arguments.cases, arguments.seed, arguments.keep)
    print("\n".join(faults) or f"{len(FORMATS) * arguments.cases} cases, every one as documented")
    sys.exit(1 if faults else 0)
