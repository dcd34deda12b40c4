"""Making invalid fillit inputs (`fillit generate --invalid`): each file breaks exactly one rule of
the format, and is drawn, like the valid ones of `fillit.tools.generate`, from a `random.Random` the
caller seeds.

>>> import random
>>> list(BREAKS)[:3], invalid_input(random.Random(0), "empty_file")
(['empty_file', 'no_newline_at_end', 'empty_line_at_end'], '')
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from fillit.parse import MAX_PIECES
from fillit.pieces import Cell
from fillit.rules import Rule
from fillit.tools.generate import SHAPES, Block, GenerateError, block, text, valid_input


def random_blocks(rng: random.Random, low: int = 1, high: int = MAX_PIECES) -> list[Block]:
    """The blocks of a valid input of `low` to `high` random pieces."""
    return [block(rng.choice(SHAPES), rng) for _ in range(rng.randint(low, high))]


def lines_of(blocks: list[Block]) -> list[str]:
    """The lines of the file of `blocks`, an empty string for each empty line."""
    return text(blocks)[:-1].split("\n")


def joined(lines: list[str]) -> str:
    """The file whose lines are `lines`, each ending in a newline."""
    return "".join(line + "\n" for line in lines)


def separators(lines: list[str]) -> list[int]:
    """The indices of the empty lines between blocks."""
    return [index for index, line in enumerate(lines) if not line]


def rows(lines: list[str]) -> list[int]:
    """The indices of the rows of blocks."""
    return [index for index, line in enumerate(lines) if line]


@dataclass(frozen=True)
class Break:
    """One way to break one rule: what the file shows, and how to make such a file."""

    rule: Rule
    shows: str
    make: Callable[[random.Random], str]


def _edit_row(rng: random.Random, edit: Callable[[str, random.Random], str]) -> str:
    """A valid input with one random row edited."""
    lines = lines_of(random_blocks(rng))
    index = rng.choice(rows(lines))
    lines[index] = edit(lines[index], rng)
    return joined(lines)


def _edit_block(rng: random.Random, edit: Callable[[Block, random.Random], Block]) -> str:
    """A valid input with one random block redrawn."""
    blocks = random_blocks(rng)
    index = rng.randrange(len(blocks))
    blocks[index] = edit(blocks[index], rng)
    return text(blocks)


def _wrong_character(row: str, rng: random.Random) -> str:
    bad = rng.choice([chr(code) for code in range(32, 127) if chr(code) not in "#."] + ["\t"])
    at = rng.randrange(4)
    return row[:at] + bad + row[at + 1 :]


def _short(row: str, rng: random.Random) -> str:
    return row[: rng.randint(1, 3)]


def _long(row: str, rng: random.Random) -> str:
    extra = "." * rng.randint(1, 2)
    return row + extra if rng.random() < 0.5 else extra + row


def _cells(rows: Block, mark: str) -> list[Cell]:
    return [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == mark]


def _draw(cells: list[Cell]) -> Block:
    return ["".join("#" if (r, c) in cells else "." for c in range(4)) for r in range(4)]


def _three_hashes(rows: Block, rng: random.Random) -> Block:
    cells = _cells(rows, "#")
    cells.remove(rng.choice(cells))
    return _draw(cells)


def _five_hashes(rows: Block, rng: random.Random) -> Block:
    return _draw([*_cells(rows, "#"), rng.choice(_cells(rows, "."))])


def _disconnected(rows: Block, rng: random.Random) -> Block:
    """One '#' moved to a cell that shares a side with none of the other three."""
    cells = _cells(rows, "#")
    cells.remove(rng.choice(cells))
    far = [
        (r, c)
        for r, c in _cells(rows, ".") + _cells(rows, "#")
        if all(abs(r - r2) + abs(c - c2) >= 2 for r2, c2 in cells)
    ]
    return _draw([*cells, rng.choice(sorted(far))])


def _without_a_separator(rng: random.Random) -> str:
    lines = lines_of(random_blocks(rng, low=2))
    del lines[rng.choice(separators(lines))]
    return joined(lines)


def _doubled_separator(rng: random.Random) -> str:
    lines = lines_of(random_blocks(rng, low=2))
    lines.insert(rng.choice(separators(lines)), "")
    return joined(lines)


def _block_of_5_rows(rng: random.Random) -> str:
    blocks = random_blocks(rng)
    rng.choice(blocks).append("....")
    return text(blocks)


def _last_block_of_3_rows(rng: random.Random) -> str:
    blocks = random_blocks(rng)
    del blocks[-1][rng.randrange(4)]
    return text(blocks)


BREAKS: dict[str, Break] = {
    "empty_file": Break(Rule.EMPTY_FILE, "an empty file", lambda rng: ""),
    "no_newline_at_end": Break(
        Rule.FINAL_NEWLINE, "the last row has no newline", lambda rng: valid_input(rng)[:-1]
    ),
    "empty_line_at_end": Break(
        Rule.TRAILING_EMPTY_LINE,
        "an empty line after the last block",
        lambda r: valid_input(r) + "\n",
    ),
    "missing_empty_line": Break(
        Rule.SEPARATOR, "two blocks with no empty line between them", _without_a_separator
    ),
    "block_of_5_lines": Break(Rule.SEPARATOR, "a block of 5 rows", _block_of_5_rows),
    "doubled_empty_line": Break(
        Rule.EMPTY_ROW, "two empty lines between two blocks", _doubled_separator
    ),
    "leading_empty_line": Break(
        Rule.EMPTY_ROW, "an empty line before the first block", lambda r: "\n" + valid_input(r)
    ),
    "block_of_3_lines": Break(Rule.BLOCK_ROWS, "the last block has 3 rows", _last_block_of_3_rows),
    "wrong_character": Break(
        Rule.CHARACTER,
        "a character other than '#' and '.' in a row",
        lambda rng: _edit_row(rng, _wrong_character),
    ),
    "crlf_line_endings": Break(
        Rule.CHARACTER, "lines ending in CR LF", lambda r: valid_input(r).replace("\n", "\r\n")
    ),
    "short_line": Break(
        Rule.ROW_LENGTH, "a row of 1 to 3 characters", lambda r: _edit_row(r, _short)
    ),
    "long_line": Break(
        Rule.ROW_LENGTH, "a row of 5 or 6 characters", lambda r: _edit_row(r, _long)
    ),
    "three_hashes": Break(
        Rule.HASH_COUNT, "a block of 3 '#'", lambda rng: _edit_block(rng, _three_hashes)
    ),
    "five_hashes": Break(
        Rule.HASH_COUNT, "a block of 5 '#'", lambda rng: _edit_block(rng, _five_hashes)
    ),
    "disconnected_piece": Break(
        Rule.CONNECTED,
        "a block whose 4 '#' are not all connected",
        lambda rng: _edit_block(rng, _disconnected),
    ),
    "twenty_seven_pieces": Break(
        Rule.PIECE_COUNT,
        "27 valid blocks",
        lambda rng: text([block(rng.choice(SHAPES), rng) for _ in range(MAX_PIECES + 1)]),
    ),
}
"""Every way `fillit generate --invalid` breaks the format, by name."""


def invalid_input(rng: random.Random, name: str) -> str:
    """A file that breaks exactly the rule of BREAKS[name]."""
    if name not in BREAKS:
        raise GenerateError(f"unknown rule {name!r}: see `fillit generate --invalid list`")
    return BREAKS[name].make(rng)


def break_list() -> str:
    """One line per way to break the format: its name, what the file shows, the rule broken."""
    width = max(map(len, BREAKS))
    return "".join(
        f"{name:<{width}}  {way.shows}; breaks {way.rule}: {way.rule.description}\n"
        for name, way in BREAKS.items()
    )
