"""Knuth's text format for exact-cover problems (input of DLX1, DLX2, DLX3), read and written.

- A line whose first non-blank character is `|` is a comment; blank lines are skipped.
- The first other line names the items: the primary ones, then `|` and the secondary ones
  (no `|` when there are none). A primary item may carry a multiplicity: `a:b|name` (between
  a and b times) or `b|name` (exactly b times).
- Every further line is one option: the names of its items, separated by blanks; a secondary
  item may carry a colour, `name:colour`.

Lines end at `\n` (a `\r\n` ending is one line end); any other character, control and separator
characters included, belongs to its line. A UTF-8 byte-order mark at the start is skipped. Words
are separated by spaces and tabs. A multiplicity has at most `MAX_DIGITS` digits, and a problem
keeps to the size limits of `dlx.problem`; every fault names its line and column.

Options are keyed by their number in the file (0, 1, 2...); `DlxFile.option_text` gives them back.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator

from dlx.errors import FormatError, SizeLimitError
from dlx.problem import MAX_ITEMS, Problem

TYPE_CHECKING = False  # as typing's: a start need not load `typing` (0.012 G) nor `pathlib`
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any

MAX_BYTES = 64 * 1024 * 1024
"""Largest input read; a larger file is refused before it is read whole."""

FORBIDDEN = "|:"
MAX_DIGITS = 9
"""The most digits of a multiplicity's bound (a larger bound than options is of no use)."""
BOM = "\ufeff"


class DlxFile:
    """A problem read from Knuth's format, with each option's words as written (a dataclass's
    constructor, repr and equality, written out: `dataclasses` costs a start 0.04 G)."""

    problem: Problem[int]
    option_names: list[list[str]]
    __match_args__ = ("problem", "option_names")

    def __init__(self, problem: Problem[int], option_names: list[list[str]]) -> None:
        self.problem = problem
        self.option_names = option_names

    def __repr__(self) -> str:
        names = self.option_names
        return f"{type(self).__qualname__}(problem={self.problem!r}, option_names={names!r})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return (self.problem, self.option_names) == (other.problem, other.option_names)

    __hash__ = None  # type: ignore[assignment]  # (mutable, compared by value: as a dataclass)

    def option_text(self, key: int) -> str:
        """The option `key` as a line of item names (with their colours)."""
        return " ".join(self.option_names[key])


def _words(line: str) -> Iterator[tuple[int, str]]:
    """The blank-separated words of `line` with their 1-based columns, one at a time (a caller
    stops at the first fault, and a line of millions of words is never held as a list)."""
    text = line.replace("\t", " ")
    blanks = text.count(" ")
    if blanks > len(text) - blanks + 64:  # runs of blanks: skipped in C, not one at a time
        import re  # (only here: a start need not load `re`)

        for match in re.finditer("[^ ]+", text):
            yield match.start() + 1, match.group()
        return
    start = 0
    while start < len(text):
        stop = text.find(" ", start)
        if stop < 0:
            stop = len(text)
        if stop > start:
            yield start + 1, text[start:stop]
        start = stop + 1


def _check_name(name: str, number: int, column: int) -> None:
    bad = next((c for c in name if c in FORBIDDEN), None)
    if bad is not None:
        raise FormatError(f"item name {name!r} contains {bad!r}", number, column + name.index(bad))
    if not name:
        raise FormatError("an item name is empty", number, column)


def _multiplicity(prefix: str, number: int, column: int) -> tuple[int, int]:
    """The bounds written before a primary item's name: `a:b` or `b`."""
    low_text, colon, high_text = prefix.rpartition(":")
    texts = [low_text, high_text] if colon else [high_text]
    if not all(t.isascii() and t.isdigit() for t in texts):
        raise FormatError(f"multiplicity {_clip(prefix)!r} is not 'a:b' or 'b'", number, column)
    if any(len(t) > MAX_DIGITS for t in texts):
        raise FormatError(
            f"multiplicity {_clip(prefix)!r} has a number of more than {MAX_DIGITS} digits",
            number,
            column,
        )
    high = int(high_text)
    low = int(low_text) if low_text else high
    if low > high or high < 1:
        raise FormatError(f"multiplicity {prefix!r} needs a <= b and b >= 1", number, column)
    return low, high


def _clip(text: str, width: int = 40) -> str:
    """`text`, cut to `width` characters with '...' when longer, for a message."""
    return text if len(text) <= width else text[: width - 3] + "..."


def _item_names(line: str, number: int) -> tuple[list[str], list[str], dict[str, tuple[int, int]]]:
    """Split the items line into primary and secondary names (each declared once), and the
    multiplicities of primary items."""
    primary: list[str] = []
    secondary: list[str] = []
    bounds: dict[str, tuple[int, int]] = {}
    side = primary
    seen: set[str] = set()
    for column, word in _words(line):
        if word == "|":
            if side is secondary:
                raise FormatError("the items line has '|' twice", number, column)
            side = secondary
            continue
        name = word
        if "|" in word:
            if side is secondary:
                raise FormatError("a secondary item cannot have a multiplicity", number, column)
            prefix, _, name = word.partition("|")
            bounds[name] = _multiplicity(prefix, number, column)
            column += len(prefix) + 1
        _check_name(name, number, column)
        if len(seen) >= MAX_ITEMS:
            raise FormatError(f"more than {MAX_ITEMS} items (the limit)", number, column)
        if name in seen:
            raise FormatError(f"item {name!r} is declared twice", number, column)
        seen.add(name)
        side.append(name)
    if not primary:
        raise FormatError("the items line names no primary item", number, 1)
    return primary, secondary, bounds


def _option(
    line: str, number: int, declared: Problem[int]
) -> tuple[list[str], dict[str, str], list[str]]:
    """One option line: its item names (each declared and named once), their colours, and the
    words as written."""
    # The usual line is split and checked at once (columns only for a fault), unless it has
    # more blanks than a correct line could need: then its words are read one at a time, up to
    # the first fault, so that a line of millions of words takes no more than the problem.
    if line.count(" ") + line.count("\t") <= 4 * len(declared.index) + 64:
        plain = [word for word in line.replace("\t", " ").split(" ") if word]
        if ":" not in line:
            unique = set(plain)
            if len(unique) == len(plain) and unique <= declared.index.keys():
                return plain, {}, plain
        else:
            fast = _coloured(plain, declared)
            if fast is not None:
                return fast[0], fast[1], plain
    return _option_words(line, number, declared)


def _option_words(
    line: str, number: int, declared: Problem[int]
) -> tuple[list[str], dict[str, str], list[str]]:
    """`_option` word by word: the first fault raised with its column."""
    names: list[str] = []
    seen: set[str] = set()
    colours: dict[str, str] = {}
    words: list[str] = []
    for column, word in _words(line):
        name, colon, colour = word.partition(":")
        if name not in declared.index:
            raise FormatError(f"unknown item {_clip(name)!r}", number, column)
        if name in seen:
            raise FormatError(f"this option names item {name!r} twice", number, column)
        seen.add(name)
        if colon:
            if declared.is_primary(name):
                raise FormatError(f"primary item {name!r} cannot have a colour", number, column)
            if not colour or any(c in FORBIDDEN for c in colour):
                raise FormatError(f"bad colour {colour!r}", number, column + len(name) + 1)
            colours[name] = colour
        names.append(name)
        words.append(word)
    return names, colours, words


def _coloured(words: list[str], declared: Problem[int]) -> tuple[list[str], dict[str, str]] | None:
    """The item names and colours of an option line's `words` when the line is correct, checked
    all at once; None on any fault (`_option` then reads it word by word to name the fault)."""
    names: list[str] = []
    colours: dict[str, str] = {}
    for word in words:
        name, colon, colour = word.partition(":")
        names.append(name)
        if colon:
            colours[name] = colour
    unique = set(names)
    if len(unique) != len(names) or not unique <= declared.index.keys():
        return None
    index, primary = declared.index, declared.primary_count
    for name, colour in colours.items():
        if not colour or "|" in colour or ":" in colour or index[name] < primary:
            return None
    return names, colours


def parse_dlx(text: str) -> DlxFile:
    """Read a problem in Knuth's format; FormatError names the line and column of a fault."""
    problem: Problem[int] | None = None
    written: list[list[str]] = []
    number = 0
    for number, line in enumerate(_lines(text.removeprefix(BOM)), start=1):
        stripped = line.strip(" \t")
        if not stripped or stripped.startswith("|"):
            continue
        if problem is None:
            primary, secondary, bounds = _item_names(line, number)
            problem = Problem(primary, secondary, bounds=bounds)
            continue
        names, colours, words = _option(line, number, problem)
        try:
            problem.add_option(len(written), names, colours)
        except SizeLimitError as error:
            raise FormatError(str(error), number, 1) from None
        written.append(words)
    if problem is None:
        raise FormatError("no items line", max(1, number), 1)
    return DlxFile(problem, written)


def _lines(text: str) -> Iterator[str]:
    """The lines of `text`, each without its `\n` or `\r\n` ending, one at a time (a list of
    every line of a large file could take more memory than the problem)."""
    start = 0
    while start < len(text):
        end = text.find("\n", start)
        if end < 0:
            end = len(text)
        yield text[start:end].removesuffix("\r")
        start = end + 1


def read_dlx(path: Path | str) -> DlxFile:
    """Read a file in Knuth's format, refusing one larger than MAX_BYTES without reading it all."""
    with open(path, "rb") as handle:
        data = handle.read(MAX_BYTES + 1)
    return parse_dlx(decode(data))


def decode(data: bytes) -> str:
    """Bytes of a Knuth-format file as text, refusing more than MAX_BYTES and non-UTF-8."""
    if len(data) > MAX_BYTES:
        raise FormatError(f"input larger than {MAX_BYTES} bytes", 1, 1)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        start = data.rfind(b"\n", 0, error.start) + 1
        line = data.count(b"\n", 0, start) + 1
        column = len(data[start : error.start].decode("utf-8", errors="replace")) + 1
        raise FormatError("input is not UTF-8 text", line, column) from None


def format_dlx(problem: Problem[Any]) -> str:
    """The problem in Knuth's format (item names and colours must be words without '|' or ':').

    >>> p = Problem(["a", "b"], ["x"], bounds={"b": (0, 2)})
    >>> p.add_option(0, ["a", "x"], {"x": "red"})
    >>> p.add_option(1, ["b"])
    >>> print(format_dlx(p), end="")
    a 0:2|b | x
    a x:red
    b
    """
    if not problem.primary_count:
        raise ValueError("a problem without primary items cannot be written in Knuth's format")
    names = [_word(item) for item in problem.items]
    colour_words = [_word(colour) for colour in problem.colour_names]
    for words, what in ((names, "item names"), (colour_words, "colours")):
        if len(set(words)) < len(words):
            raise ValueError(f"two {what} are written alike: {sorted(words)}")
    heads = []
    for number, name in enumerate(names[: problem.primary_count]):
        low, high = problem.bounds[number]
        bound = "" if (low, high) == (1, 1) else (f"{high}|" if low == high else f"{low}:{high}|")
        heads.append(bound + name)
    if problem.primary_count < len(names):
        heads += ["|", *names[problem.primary_count :]]
    lines = [" ".join(heads)]
    for items, colours in zip(problem.options, problem.colours, strict=True):
        lines.append(
            " ".join(
                names[item] + (f":{colour_words[colour - 1]}" if colour else "")
                for item, colour in zip(items, colours, strict=True)
            )
        )
    text = "\n".join(lines) + "\n"
    # A file's leading byte-order mark is skipped on reading: a first name starting with one
    # goes on the second line, after an empty comment.
    return "|\n" + text if text.startswith(BOM) else text


def _word(value: Hashable) -> str:
    """An item name or colour as a word of the format."""
    text = str(value)
    if not text or any(c in FORBIDDEN or c.isspace() for c in text):
        raise ValueError(f"{value!r} cannot be written in Knuth's format (blank, '|' or ':')")
    return text
