"""Reading Knuth's DLX text format: layout, errors with line and column, and DLX1's own figures."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from places import SHARED

import dlx.knuth
from dlx import DlxError, FormatError, Stats, Status, solve, verify
from dlx.knuth import parse_dlx, read_dlx

REFERENCE = SHARED / "dlx-reference"
"""Knuth-format problems with DLX1's figures, in the folder `shared` beside the repository."""

QUICK_REFERENCES = {"queens8.dlx", "queens12.dlx", "sudoku_inkala.dlx"}
SLOW_UPDATES = 20_000_000
"""A pure-Python search does 6-8 million updates a second: above this a file takes over 3 s."""

TABLE_ROW = re.compile(
    r"^\|\s*(?P<name>[\w.-]+\.dlx)\b[^|]*"
    r"\|\s*(?P<solutions>\d+)\s*\|\s*(?P<updates>\d+)\s*\|\s*(?P<nodes>\d+)\s*\|",
    re.MULTILINE,
)

KNUTH_EXAMPLE = """\
| Knuth's 7-item example, TAOCP 7.2.2.1
a b c d e f g
c e
a d g
b c f
a d f
b g
d e g
"""


@dataclass(frozen=True)
class Figures:
    """What DLX1 reports for one file."""

    solutions: int
    updates: int
    nodes: int


@cache
def reference_table() -> dict[str, Figures]:
    """DLX1's figures per file, from the first table in the reference README (empty if it is
    missing); the README's later sections hold other programs' figures (SSXCC's)."""
    readme = REFERENCE / "README.md"
    if not readme.is_file():
        return {}
    dlx1_part = readme.read_text(encoding="utf-8").split("\n## ")[0]
    return {
        row["name"]: Figures(int(row["solutions"]), int(row["updates"]), int(row["nodes"]))
        for row in TABLE_ROW.finditer(dlx1_part)
    }


def reference_cases() -> list[object]:
    """One case per file of the table, the long ones marked slow; a skipped case if none."""
    table = reference_table()
    if not table:
        return [pytest.param("", id="missing", marks=pytest.mark.skip(f"no {REFERENCE}"))]
    return [
        pytest.param(
            name, id=name, marks=[pytest.mark.slow] if figures.updates > SLOW_UPDATES else []
        )
        for name, figures in table.items()
    ]


# The layout of the format


def test_comments_blank_lines_and_secondary_items() -> None:
    """Lines starting with '|' (after blanks or tabs) and blank lines are skipped anywhere."""
    text = (
        "| a comment first\n"
        "\n"
        "   | an indented comment\n"
        "\t| a tab-indented comment\n"
        "a b c | x y\n"
        "a x\n"
        "   \n"
        "| a comment between options\n"
        "b c y\n"
    )
    read = parse_dlx(text)
    problem = read.problem
    assert problem.items == ["a", "b", "c", "x", "y"]
    assert problem.primary_count == 3
    assert problem.keys == [0, 1]
    assert [read.option_text(key) for key in problem.keys] == ["a x", "b c y"]
    assert list(solve(problem)) == [(0, 1)]


def test_items_line_without_bar_makes_every_item_primary() -> None:
    """With no '|' on the items line there are no secondary items."""
    problem = parse_dlx("a b\na\nb\na b\n").problem
    assert (problem.items, problem.primary_count) == (["a", "b"], 2)
    assert {frozenset(solution) for solution in solve(problem)} == {
        frozenset({0, 1}),
        frozenset({2}),
    }


def test_bar_ending_the_items_line_declares_no_secondary_item() -> None:
    """'a b |' is the same as 'a b'."""
    problem = parse_dlx("a b |\na b\n").problem
    assert (problem.items, problem.primary_count) == (["a", "b"], 2)


def test_tabs_and_runs_of_blanks_separate_names() -> None:
    """Names are split on any mix of blanks and tabs; option_text joins them with one blank."""
    read = parse_dlx("a\tb  |\tx\n a\t\tx \nb\n")
    assert (read.problem.items, read.problem.primary_count) == (["a", "b", "x"], 2)
    assert read.option_names == [["a", "x"], ["b"]]
    assert read.option_text(0) == "a x"


def test_crlf_line_endings() -> None:
    """A file written with CRLF line ends reads as with LF."""
    read = parse_dlx("a b\r\na\r\nb\r\n")
    assert read.problem.items == ["a", "b"]
    assert read.option_names == [["a"], ["b"]]


def test_knuth_example_from_text() -> None:
    """Knuth's example read from text has the single solution a d f, b g, c e."""
    read = parse_dlx(KNUTH_EXAMPLE)
    solutions = list(solve(read.problem))
    assert [[read.option_text(key) for key in solution] for solution in solutions] == [
        ["a d f", "b g", "c e"]
    ]


def test_read_dlx_reads_a_file(tmp_path: Path) -> None:
    """read_dlx gives what parse_dlx gives on the file's text."""
    path = tmp_path / "knuth.dlx"
    path.write_text(KNUTH_EXAMPLE, encoding="utf-8")
    read = read_dlx(path)
    assert read.option_names == parse_dlx(KNUTH_EXAMPLE).option_names
    assert read.problem.items == list("abcdefg")


def test_read_dlx_rejects_text_that_is_not_utf8(tmp_path: Path) -> None:
    """A byte that is not UTF-8 is a FormatError on its line."""
    path = tmp_path / "latin1.dlx"
    path.write_bytes(b"a b\na\n\xe9 b\n")
    with pytest.raises(FormatError) as raised:
        read_dlx(path)
    assert raised.value.line == 3
    assert "UTF-8" in str(raised.value)


def test_read_dlx_refuses_a_file_over_the_size_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file larger than MAX_BYTES is refused with a FormatError."""
    monkeypatch.setattr(dlx.knuth, "MAX_BYTES", 8)
    path = tmp_path / "big.dlx"
    path.write_text(KNUTH_EXAMPLE, encoding="utf-8")
    with pytest.raises(FormatError, match="larger than 8 bytes"):
        read_dlx(path)


# Errors, with the line and column of the fault

BAD_TEXTS = {
    "unknown item": ("a b\n| comment\na z\n", 3, 3, "unknown item 'z'"),
    "unknown item after blanks and a tab": ("a b\n  b\tz\n", 2, 5, "unknown item 'z'"),
    "unknown item named with a quote": ("a b\na it's\n", 2, 3, "unknown item"),
    "item twice in an option": ("a b c\nb a a\n", 2, 5, "'a' twice"),
    "bar twice on the items line": ("a | b | c\n", 1, 7, "'|' twice"),
    "colon in an item name": ("a b:c\n", 1, 4, "':'"),
    "non-numeric multiplicity": ("a b|c\n", 1, 3, "multiplicity 'b'"),
    "item declared twice": ("a b a\n", 1, 5, "declared twice"),
    "item primary and secondary": ("a b | c a\n", 1, 9, "declared twice"),
    "empty text": ("", 1, 1, "no items line"),
    "comments only": ("| one\n\n| two\n", 3, 1, "no items line"),
}


@pytest.mark.parametrize("name", BAD_TEXTS)
def test_format_error_names_line_and_column_of_the_fault(name: str) -> None:
    """Each fault is a FormatError (a DlxError) pointing at the offending word or character."""
    text, line, column, fragment = BAD_TEXTS[name]
    with pytest.raises(FormatError) as raised:
        parse_dlx(text)
    error = raised.value
    assert (error.line, error.column) == (line, column)
    assert str(error).startswith(f"line {line}, column {column}: ")
    assert fragment in str(error)
    assert isinstance(error, DlxError)


def test_items_line_of_secondary_items_only_reads_as_a_comment() -> None:
    """A line starting with '|' is a comment, so a problem with no primary item cannot be
    written: its would-be items line is skipped and the next line names the items."""
    with pytest.raises(FormatError, match="no items line"):
        parse_dlx("| x y\n")
    problem = parse_dlx("| x y\na b\na\n").problem
    assert (problem.items, problem.primary_count) == (["a", "b"], 2)


# Knuth's own figures on the reference files


def test_reference_table_lists_the_quick_files_and_marks_the_pentominoes_slow() -> None:
    """The table is read in full, so no file silently drops out of the parametrised test."""
    table = reference_table()
    if not table:
        pytest.skip(f"no {REFERENCE}")
    assert set(table) >= QUICK_REFERENCES
    assert {name for name in table if table[name].updates > SLOW_UPDATES} == {
        "pent8x8_hole.dlx",
        "pent6x10_sym.dlx",
    }


@pytest.mark.parametrize("name", reference_cases())
def test_reference_file_gives_dlx1_solutions_updates_and_nodes(name: str) -> None:
    """Each file gives DLX1's count of solutions, updates and nodes, and every solution checks."""
    expected = reference_table()[name]
    read = read_dlx(REFERENCE / name)
    stats = Stats()
    for solution in solve(read.problem, stats=stats):
        verify(read.problem, solution)
    assert stats.status is Status.EXHAUSTED
    assert Figures(stats.solutions, stats.updates, stats.nodes) == expected


COLOURED_WORDS = ["a", "b", "x", "y", "z", "", "q", "a:1", "x:1", "x:red", "y:2", "x:", "x:1:2"]
COLOURED_WORDS += ["y:r|", "|x", ":1", "z:red"]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(COLOURED_WORDS), min_size=1, max_size=6),
    st.lists(st.sampled_from([" ", "\t", "  ", " \t "]), min_size=6, max_size=6),
)
def test_coloured_line_read_at_once_reads_as_word_by_word(
    words: list[str], blanks: list[str]
) -> None:
    """An option line with colours, checked all at once, gives what reading it word by word
    gives: the same names, colours and words, or the same fault at the same column."""
    declared = parse_dlx("a b | x y z\n").problem
    line = "".join(blank + word for blank, word in zip(blanks, words, strict=False))
    if ":" not in line:
        line += " x:1"
    outcomes: list[object] = []
    for read in (dlx.knuth._option, dlx.knuth._option_words):
        try:
            outcomes.append(read(line, 2, declared))
        except FormatError as error:
            outcomes.append((str(error), error.line, error.column))
    assert outcomes[0] == outcomes[1]
