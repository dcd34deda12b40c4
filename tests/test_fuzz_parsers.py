"""Every parser, fuzzed (bounded and quick): whatever the text, it gives a value or its own typed
error, never another exception."""

from __future__ import annotations

import contextlib
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dlx import DlxError, Stats, count
from dlx.cli.puzzles import _dimensions
from dlx.knuth import decode, parse_dlx
from dlx.puzzles import pentomino, polyomino, skyscrapers, sudoku
from dlx.puzzles.errors import PuzzleError
from fillit.errors import FillitError
from fillit.parse import parse as parse_fillit

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
