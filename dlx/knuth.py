"""Knuth's text format for exact-cover problems (the input of DLX1), read into a `Problem`.

- A line whose first non-blank character is `|` is a comment; blank lines are skipped.
- The first other line names the items: the primary ones, then `|` and the secondary ones
  (no `|` when there are none).
- Every further line is one option: the names of its items, separated by blanks.

Options are keyed by their number in the file (0, 1, 2...); `DlxFile.option_text` gives them back.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from dlx.errors import FormatError
from dlx.problem import Problem

MAX_BYTES = 64 * 1024 * 1024
"""Largest input read; a larger file is refused before it is read whole."""

FORBIDDEN = "|:"


@dataclass
class DlxFile:
    """A problem read from Knuth's format, with each option's items as written."""

    problem: Problem[int]
    option_names: list[list[str]]

    def option_text(self, key: int) -> str:
        """The option `key` as a line of item names."""
        return " ".join(self.option_names[key])


def _words(line: str) -> list[tuple[int, str]]:
    """The blank-separated words of `line` with their 1-based columns."""
    words: list[tuple[int, str]] = []
    column = 0
    for piece in line.split(" "):
        for word in piece.split("\t"):
            if word:
                words.append((column + 1, word))
            column += len(word) + 1
    return words


def _item_names(line: str, number: int) -> tuple[list[str], list[str]]:
    """Split the items line into primary and secondary names, each declared once."""
    primary: list[str] = []
    secondary: list[str] = []
    side = primary
    seen: set[str] = set()
    for column, word in _words(line):
        if word == "|":
            if side is secondary:
                raise FormatError("the items line has '|' twice", number, column)
            side = secondary
            continue
        bad = next((c for c in word if c in FORBIDDEN), None)
        if bad is not None:
            raise FormatError(
                f"item name {word!r} contains {bad!r}", number, column + word.index(bad)
            )
        if word in seen:
            raise FormatError(f"item {word!r} is declared twice", number, column)
        seen.add(word)
        side.append(word)
    if not primary:
        raise FormatError("the items line names no primary item", number, 1)
    return primary, secondary


def _option_names(line: str, number: int, declared: Problem[int]) -> list[str]:
    """The item names of one option line, each declared and named once."""
    names: list[str] = []
    for column, word in _words(line):
        if word not in declared.index:
            raise FormatError(f"unknown item {word!r}", number, column)
        if word in names:
            raise FormatError(f"this option names item {word!r} twice", number, column)
        names.append(word)
    return names


def parse_dlx(text: str) -> DlxFile:
    """Read a problem in Knuth's format; FormatError names the line and column of a fault."""
    problem: Problem[int] | None = None
    names: list[list[str]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip("\r")
        stripped = line.strip(" \t")
        if not stripped or stripped.startswith("|"):
            continue
        if problem is None:
            problem = Problem(*_item_names(line, number))
            continue
        option = _option_names(line, number, problem)
        problem.add_option(len(names), option)
        names.append(option)
    if problem is None:
        raise FormatError("no items line", max(1, len(text.splitlines())), 1)
    return DlxFile(problem, names)


def read_dlx(path: Path | str) -> DlxFile:
    """Read a file in Knuth's format, refusing one larger than MAX_BYTES without reading it all."""
    with open(path, "rb") as handle:
        data = handle.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise FormatError(f"input larger than {MAX_BYTES} bytes", 1, 1)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise FormatError("input is not UTF-8 text", line, 1) from None
    return parse_dlx(text)
