"""Knuth's format with multiplicities and colours (DLX2, DLX3): `format_dlx` then `parse_dlx`
gives back the same problem; the parser's faults name their line and column."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from pathlib import Path
from typing import TypeVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from places import SHARED
from strategies import RawColouredProblem, coloured_raw_problems

import dlx.knuth
from dlx import DlxError, FormatError, Problem, solve
from dlx.knuth import decode, format_dlx, parse_dlx, read_dlx

A = TypeVar("A", bound=Hashable)
B = TypeVar("B", bound=Hashable)

REFERENCE = SHARED / "dlx-reference"
"""Knuth-format problems in the folder `shared` beside the repository."""

many = settings(max_examples=300, deadline=None)

NAME_CHARACTERS = st.characters(exclude_categories=["Cs"], exclude_characters="|:").filter(
    lambda c: not c.isspace()
)
WORDS = st.text(NAME_CHARACTERS, min_size=1, max_size=4)
"""Words the format can hold: any characters but blanks, '|' and ':'."""

COLOUR_WORDS = st.one_of(st.sampled_from(["red", "0"]), WORDS)
"""Colours as words, often one of two so that options share them."""


def same_problem(one: Problem[A], other: Problem[B]) -> None:
    """Assert that two problems have the same items, split, bounds, options and colours, option
    by option in insertion order (their keys may differ)."""
    assert one.items == other.items
    assert one.primary_count == other.primary_count
    assert one.bounds == other.bounds
    assert [list(one.option_items(k)) for k in one.keys] == [
        list(other.option_items(k)) for k in other.keys
    ]
    assert [one.option_colours(k) for k in one.keys] == [
        other.option_colours(k) for k in other.keys
    ]


def solution_sets(problem: Problem[A]) -> set[frozenset[int]]:
    """The solutions of `problem` as sets of option numbers (insertion order)."""
    return {frozenset(problem.option_number(key) for key in found) for found in solve(problem)}


# Round trips


@many
@given(
    raw=st.one_of(
        coloured_raw_problems(names=WORDS, colours=COLOUR_WORDS),
        coloured_raw_problems(colours=st.sampled_from(["red", "green"])),
    )
)
def test_format_then_parse_gives_back_the_same_problem_and_solutions(
    raw: RawColouredProblem,
) -> None:
    """Items, their split, multiplicities, options (items in order) and colours survive a round
    trip, and so do the solutions; writing the parsed problem gives the same text again."""
    problem = raw.build()
    text = format_dlx(problem)
    read = parse_dlx(text)
    same_problem(read.problem, problem)
    assert read.problem.keys == list(range(len(raw.options)))
    lines = [line for line in text.splitlines() if not line.startswith("|")]  # no comments
    assert [read.option_text(key) for key in read.problem.keys] == lines[1:]
    assert solution_sets(read.problem) == solution_sets(problem)
    assert format_dlx(read.problem) == text


def test_format_writes_multiplicities_in_their_shortest_form() -> None:
    """Exactly once is bare, exactly b is 'b|', a..b is 'a:b|'; colours follow a colon."""
    problem: Problem[str] = Problem(["a", "b", "c", "d"], ["x", "y"], bounds={"b": 2, "c": (0, 3)})
    problem.add_option("one", ["a", "x", "y"], {"y": "blue"})
    problem.add_option("two", ["d", "b"], {})
    assert format_dlx(problem) == "a 2|b 0:3|c d | x y\na x y:blue\nd b\n"


@pytest.mark.parametrize(
    "value",
    ["a b", "a|b", "a:b", "", "a\tb", "a\u00a0b", "a\u2028b", "\x1c"],
    ids=["blank", "bar", "colon", "empty", "tab", "no-break space", "line separator", "x1c"],
)
@pytest.mark.parametrize("role", ["primary", "secondary", "colour"])
def test_format_refuses_a_name_or_colour_it_cannot_write(role: str, value: str) -> None:
    """A word with a blank (of any kind), '|' or ':', or an empty one, is a ValueError naming it."""
    primary = [value if role == "primary" else "a"]
    secondary = [value if role == "secondary" else "x"]
    problem: Problem[str] = Problem(primary, secondary)
    colours = {secondary[0]: value} if role == "colour" else {}
    problem.add_option("o", [primary[0], secondary[0]], colours)
    with pytest.raises(ValueError) as raised:
        format_dlx(problem)
    assert repr(value) in str(raised.value)


@pytest.mark.parametrize("secondary", [["x"], []], ids=["secondary items only", "no items at all"])
def test_format_refuses_a_problem_without_primary_items(secondary: list[str]) -> None:
    """An items line cannot start with '|' (it would read as a comment) nor be empty, so a
    problem with no primary item cannot be written: a ValueError, not a text that parse_dlx
    refuses."""
    with pytest.raises(ValueError):
        format_dlx(Problem([], secondary))


# Reading multiplicities and colours


def test_multiplicity_forms_on_primary_items() -> None:
    """'b|name' is exactly b, 'a:b|name' between a and b, '1:1|name' the default."""
    problem = parse_dlx("2|a 0:3|b 1:1|c d 10:12|e | x\na\n").problem
    assert problem.items == ["a", "b", "c", "d", "e", "x"]
    assert problem.primary_count == 5
    assert problem.bounds == [(2, 2), (0, 3), (1, 1), (1, 1), (10, 12)]


def test_multiplicities_and_colours_with_comments_and_blank_lines() -> None:
    """Comments and blank lines may come anywhere; options are keyed 0, 1, ... as read."""
    text = (
        "| a comment\n"
        "\n"
        "  0:2|a b | x\n"
        "\t| an indented comment\n"
        "a x:red\n"
        "\n"
        "a b x:red\n"
        "| a comment between options\n"
        "b x:blue\n"
        "b\n"
    )
    read = parse_dlx(text)
    problem = read.problem
    assert problem.bounds == [(0, 2), (1, 1)]
    assert problem.keys == [0, 1, 2, 3]
    assert [problem.option_colours(key) for key in problem.keys] == [
        {"x": "red"},
        {"x": "red"},
        {"x": "blue"},
        {},
    ]
    assert read.option_text(1) == "a b x:red"
    assert {frozenset(found) for found in solve(problem)} == {
        frozenset({0, 1}),
        frozenset({1}),
        frozenset({2}),
        frozenset({3}),
        frozenset({0, 3}),
    }


BAD_TEXTS = {
    "non-numeric multiplicity": ("a 2:x|b\n", 1, 3, "multiplicity '2:x'"),
    "low above high": ("a 3:2|b | x\n", 1, 3, "a <= b"),
    "high zero": ("a 0|b\n", 1, 3, "b >= 1"),
    "zero to zero": ("a\t0:0|b\n", 1, 3, "b >= 1"),
    "multiplicity on a secondary item": ("a | x 2|y\n", 1, 7, "secondary"),
    "colour on a primary item": ("a b | x\n| c\nb a:red\n", 3, 3, "primary item 'a'"),
    "empty colour": ("a | x\n\na x:\n", 3, 5, "bad colour ''"),
    "colour containing a bar": ("a | xy\na xy:r|d\n", 2, 6, "bad colour 'r|d'"),
    "colour containing a colon": ("a | x\na x:r:d\n", 2, 5, "bad colour 'r:d'"),
    "name after a multiplicity with a colon": ("a 2|b:c\n", 1, 6, "':'"),
    "empty name after a multiplicity": ("a 2|\n", 1, 5, "empty"),
}


@pytest.mark.parametrize("name", BAD_TEXTS)
def test_format_error_names_line_and_column_of_the_fault(name: str) -> None:
    """Each fault of a multiplicity or a colour is a FormatError (a DlxError) at the exact line
    and column of the word or character at fault."""
    text, line, column, fragment = BAD_TEXTS[name]
    with pytest.raises(FormatError) as raised:
        parse_dlx(text)
    error = raised.value
    assert (error.line, error.column) == (line, column)
    assert str(error).startswith(f"line {line}, column {column}: ")
    assert fragment in str(error)
    assert isinstance(error, DlxError)


@pytest.mark.parametrize(
    "prefix",
    [":2", "2:", "1:2:3", "x", "", "-1", "+2", "1.5", "\u00b2", "2\u00b9"],
    ids=[
        "no low",
        "no high",
        "three numbers",
        "letter",
        "empty",
        "minus",
        "plus",
        "decimal",
        "superscript two",
        "digit and superscript one",
    ],
)
def test_malformed_multiplicity_is_a_format_error_at_its_word(prefix: str) -> None:
    """Only 'b' or 'a:b' in decimal digits may precede '|': anything else is a FormatError at
    the word, never another error and never a multiplicity."""
    with pytest.raises(FormatError) as raised:
        parse_dlx(f"a {prefix}|b\na\n")
    assert (raised.value.line, raised.value.column) == (1, 3)
    assert "multiplicity" in str(raised.value)


# Bytes to text, and the size cap


def test_decode_refuses_text_that_is_not_utf8_naming_its_line() -> None:
    """The line of the first byte that is not UTF-8 is named, counting every newline."""
    assert decode("a b | x\na x:é\n".encode()) == "a b | x\na x:é\n"
    for data, line in [(b"\xff a\n", 1), (b"a b\r\n\r\n| c\nb \xe9\n", 4), (b"a\n\n\xc3", 3)]:
        with pytest.raises(FormatError) as raised:
            decode(data)
        assert raised.value.line == line
        assert "UTF-8" in str(raised.value)


EXAMPLE = "2|a | x\na x:red\na x:red\n"


@pytest.mark.parametrize("extra", [0, 1], ids=["at the cap", "one byte over"])
def test_read_dlx_takes_max_bytes_and_refuses_one_more(
    extra: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file of exactly MAX_BYTES is read; one byte more is a FormatError saying so (decode of
    the bytes alike)."""
    monkeypatch.setattr(dlx.knuth, "MAX_BYTES", len(EXAMPLE) - extra)
    path = tmp_path / "example.dlx"
    path.write_text(EXAMPLE, encoding="utf-8")
    if extra:
        refusal = f"larger than {len(EXAMPLE) - 1} bytes"
        with pytest.raises(FormatError, match=refusal):
            read_dlx(path)
        with pytest.raises(FormatError, match=refusal):
            decode(EXAMPLE.encode())
    else:
        assert list(solve(read_dlx(path).problem)) == [(0, 1)]


# Knuth's reference files


def reference_files() -> Iterable[object]:
    """One case per reference file; a skipped case when the folder is missing."""
    files = sorted(REFERENCE.glob("*.dlx")) if REFERENCE.is_dir() else []
    if not files:
        return [pytest.param(None, id="missing", marks=pytest.mark.skip(f"no {REFERENCE}"))]
    return [pytest.param(path, id=path.name) for path in files]


@pytest.mark.parametrize("path", reference_files())
def test_reference_file_survives_a_round_trip(path: Path) -> None:
    """Written back, a reference file reads as the same problem, and its lines are the file's
    own items and option lines without the comments."""
    read = read_dlx(path)
    text = format_dlx(read.problem)
    same_problem(parse_dlx(text).problem, read.problem)
    lines = path.read_text(encoding="utf-8").splitlines()
    written = [
        " ".join(line.split()) for line in lines if line.strip() and line.split()[0][0] != "|"
    ]
    assert text.splitlines() == written


def test_a_first_name_starting_with_a_byte_order_mark_survives_the_round_trip() -> None:
    """A file's leading byte-order mark is skipped on reading, so such a name is not written
    first (found by Hypothesis)."""
    problem = Problem(["\ufeffa"], ["x"])
    problem.add_option(0, ["\ufeffa", "x"])
    text = format_dlx(problem)
    assert text == "|\n\ufeffa | x\n\ufeffa x\n"
    same_problem(parse_dlx(text).problem, problem)
