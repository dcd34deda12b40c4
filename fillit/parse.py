"""Reading a fillit file: the boundary where every rule of the format is checked, once.

The rules (the 42 subject and the public checkers agree): 1 to 26 blocks; each block is exactly
4 lines of exactly 4 characters, each `#` or `.`, each line ending in a newline; blocks are
separated by exactly one empty line, with none before the first or after the last; each block
holds exactly 4 `#` forming one piece connected through sides.
"""

from __future__ import annotations

import sys
from pathlib import Path

from fillit.errors import InputError, SourceError
from fillit.pieces import Cell, Piece
from fillit.rules import Rule

MAX_PIECES = 26
MAX_BYTES = MAX_PIECES * 21 - 1
"""The largest valid file: 26 blocks of 20 bytes and 25 separating newlines."""


READ_LIMIT = MAX_BYTES + 1
"""Bytes read at most: one more than the largest valid file, so that a valid file followed by a
stray newline is still told apart (and reported as such) from a file too large to be valid."""


def read_source(name: str) -> str:
    """The text of the file `name` (`-` for standard input), read no further than READ_LIMIT + 1."""
    data = sys.stdin.buffer.read(READ_LIMIT + 1) if name == "-" else _read_file(name)
    if len(data) > READ_LIMIT:
        raise InputError(
            f"input is larger than the largest valid file ({MAX_BYTES} bytes, 26 pieces)",
            Rule.PIECE_COUNT,
        )
    try:
        return data.decode("ascii")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise InputError(
            f"line {line}: byte {data[error.start]:#04x} is not '#', '.' or newline",
            Rule.CHARACTER,
        ) from None


def _read_file(name: str) -> bytes:
    if not name:
        raise SourceError("the file name is empty")
    path = Path(name)
    try:
        with path.open("rb") as handle:
            return handle.read(READ_LIMIT + 1)
    except FileNotFoundError:
        raise SourceError(f"{name}: no such file") from None
    except IsADirectoryError:
        raise SourceError(f"{name}: is a directory") from None
    except PermissionError:
        raise SourceError(f"{name}: permission denied") from None
    except OSError as error:
        raise SourceError(f"{name}: {error.strerror or error}") from None


def parse(text: str) -> list[Piece]:
    """The pieces of a fillit file, in input order; InputError names a broken rule and where.

    The layout of every line is checked before the shape of any block.

    >>> [p.cells for p in parse("##..\\n##..\\n....\\n....\\n")]
    [((0, 0), (0, 1), (1, 0), (1, 1))]
    """
    if not text:
        raise InputError("the input is empty", Rule.EMPTY_FILE)
    if not text.endswith("\n"):
        raise InputError(
            f"line {text.count(chr(10)) + 1}: the last line does not end in a newline",
            Rule.FINAL_NEWLINE,
        )
    lines = text[:-1].split("\n")
    blocks: list[list[str]] = []
    for number, line in enumerate(lines, start=1):
        if number % 5 == 0:
            if line:
                raise InputError(
                    f"line {number}: expected an empty line between blocks, got {line!r}",
                    Rule.SEPARATOR,
                )
            continue
        if number % 5 == 1:
            blocks.append([])
        _check_row(line, number, len(blocks))
        blocks[-1].append(line)
    if len(lines) % 5 == 0:
        raise InputError(
            f"line {len(lines)}: empty line after the last block", Rule.TRAILING_EMPTY_LINE
        )
    if len(lines) % 5 != 4:
        raise InputError(f"block {len(blocks)}: has {len(lines) % 5} lines, not 4", Rule.BLOCK_ROWS)
    if len(blocks) > MAX_PIECES:
        raise InputError(
            f"{len(blocks)} blocks: at most {MAX_PIECES} pieces are allowed", Rule.PIECE_COUNT
        )
    return [_piece(block, index) for index, block in enumerate(blocks, start=1)]


def _check_row(line: str, number: int, block: int) -> None:
    """One line of a block: exactly four characters, each '#' or '.'."""
    if not line:
        raise InputError(
            f"block {block}, line {number}: empty line where a row of 4 was expected",
            Rule.EMPTY_ROW,
        )
    bad = next((c for c in line if c not in "#."), None)
    if bad is not None:
        raise InputError(
            f"block {block}, line {number}: character {bad!r} is not '#' or '.'", Rule.CHARACTER
        )
    if len(line) != 4:
        raise InputError(
            f"block {block}, line {number}: {len(line)} characters where 4 were expected",
            Rule.ROW_LENGTH,
        )


def _piece(rows: list[str], block: int) -> Piece:
    """The piece drawn in one block: exactly four '#' connected through sides."""
    cells: list[Cell] = [
        (r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "#"
    ]
    if len(cells) != 4:
        raise InputError(f"block {block}: {len(cells)} '#', not 4", Rule.HASH_COUNT)
    if not _connected(cells):
        raise InputError(
            f"block {block}: the four '#' are not connected through sides", Rule.CONNECTED
        )
    return Piece.from_cells(cells)


def _connected(cells: list[Cell]) -> bool:
    """Whether `cells` form one group through shared sides."""
    members = set(cells)
    seen = {cells[0]}
    frontier = [cells[0]]
    while frontier:
        r, c = frontier.pop()
        for near in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if near in members and near not in seen:
                seen.add(near)
                frontier.append(near)
    return len(seen) == len(cells)
