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
from dlx.cli.puzzles import _dimensions
from dlx.errors import PuzzleError
from dlx.knuth import decode, parse_dlx
from dlx.puzzles import pentomino, polyomino, skyscrapers, sudoku
from fillit.errors import FillitError
from fillit.parse import parse as parse_fillit

sys.path.insert(0, str(Path(__file__).parent))  # run as a program too
from test_process_limits import probe

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

CORPUS = Path(__file__).resolve().parents[2] / "corpus"
FORMATS: dict[str, tuple[str, list[str]]] = {
    "fillit": ("fillit/*/*.txt", ["fillit", "solve"]),
    "dlx": ("dlx/*.dlx", ["dlx", "solve"]),
    "tile": ("tile/*.txt", ["dlx", "tile"]),
}
"""Each format: the corpus files to mutate, and the command that reads them."""
OPTIONS: dict[str, list[list[str]]] = {
    "fillit": [[], ["--check"], ["--ordered"]],
    "dlx": [[], ["--json"], ["--count"], ["--engine", "cells"], ["--stats", "--limit", "3"]],
    "tile": [[], ["--json"], ["--count"], ["--dlx"], ["--unique", "--count"]],
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


def fuzz_case(kind: str, inputs: list[bytes], rng: random.Random, folder: Path) -> str | None:
    """Run one mutated input of `kind`; None if it ended as documented, else what went wrong
    (naming the file the input was kept in)."""
    data = mutate(rng.choice(inputs), inputs, rng)
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
        files = sorted(CORPUS.glob(FORMATS[kind][0]))
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
    print("\n".join(faults) or f"{3 * arguments.cases} cases, every one as documented")
    sys.exit(1 if faults else 0)
