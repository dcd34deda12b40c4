"""Making fillit inputs: valid ones of four kinds, and invalid ones that break one rule each.

Everything is drawn from a `random.Random` the caller seeds, and every choice is made from lists
in a fixed order (never from sets), so a seed gives the same file on every run and under every
hash seed.

>>> import random
>>> valid_input(random.Random(4), "identical", 2).splitlines()
['....', '##..', '.#..', '.#..', '', '....', '.##.', '..#.', '..#.']
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from dlx import Problem, first
from dlx.memo import FailureMemo
from fillit.parse import MAX_PIECES
from fillit.pieces import Cell, Piece
from fillit.rules import Rule

Block = list[str]
"""The four rows of one block, without their newlines."""


class Kind(StrEnum):
    """A kind of valid input: uniform shapes, a shuffled tiling of a square, one shape, few."""

    RANDOM = "random"
    TILING = "tiling"
    IDENTICAL = "identical"
    FEW = "few"


KINDS = tuple(Kind)
"""The kinds of valid input, in the order `fillit check` takes them."""

TILING_COUNTS = (4, 9, 16, 25)
"""Piece counts whose total area is a square that pieces can tile."""


class GenerateError(ValueError):
    """A request the generator cannot meet (an unknown kind or rule, a count out of range)."""


def _grow(cells: tuple[Cell, ...]) -> list[tuple[Cell, ...]]:
    """Every shape of one more cell that `cells` can grow into through a side, normalised."""
    grown = []
    for r, c in cells:
        for near in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if near not in cells:
                grown.append(Piece.from_cells([*cells, near]).cells)
    return grown


def fixed_tetrominoes() -> list[Piece]:
    """The 19 shapes of four cells connected through sides, up to translation, in sorted order."""
    shapes: list[tuple[Cell, ...]] = [((0, 0),)]
    for _ in range(3):
        shapes = sorted({grown for shape in shapes for grown in _grow(shape)})
    return [Piece(cells) for cells in shapes]


SHAPES = fixed_tetrominoes()


def block(piece: Piece, rng: random.Random) -> Block:
    """The piece drawn in a 4x4 block at a random place."""
    top, left = rng.randint(0, 4 - piece.height), rng.randint(0, 4 - piece.width)
    return [
        "".join("#" if (r - top, c - left) in piece.cells else "." for c in range(4))
        for r in range(4)
    ]


def text(blocks: list[Block]) -> str:
    """The fillit file of these blocks: rows ending in newlines, one empty line between blocks."""
    return "\n".join("".join(row + "\n" for row in rows) for rows in blocks)


def tiling(count: int, rng: random.Random) -> list[Piece]:
    """The `count` pieces of a random tiling of a square of area 4 * count, shuffled."""
    if count not in TILING_COUNTS:
        raise GenerateError(f"a tiling needs {', '.join(map(str, TILING_COUNTS))} pieces")
    side = {4: 4, 9: 6, 16: 8, 25: 10}[count]
    problem: Problem[tuple[int, int, int]] = Problem(
        [(r, c) for r in range(side) for c in range(side)]
    )
    for index, shape in enumerate(SHAPES):
        for top in range(side - shape.height + 1):
            for left in range(side - shape.width + 1):
                problem.add_option(
                    (index, top, left), [(top + r, left + c) for r, c in shape.cells]
                )
    order = list(problem.keys)
    rng.shuffle(order)
    found = first(problem, prefer=order, memo=FailureMemo())
    if found is None:  # pragma: no cover - every square of area 4k, k >= 4, can be tiled
        raise GenerateError(f"no tiling of {side}x{side} found")
    pieces = [SHAPES[index] for index, _, _ in found]
    rng.shuffle(pieces)
    return pieces


def few_shapes(count: int, rng: random.Random) -> list[Piece]:
    """`count` pieces of two to four shapes (fewer when `count` is smaller), counts skewed."""
    shapes = rng.sample(SHAPES, min(count, rng.choice([2, 3, 4])))
    weights = [rng.random() ** 2 for _ in shapes]
    pieces = shapes + rng.choices(shapes, weights, k=count - len(shapes))
    rng.shuffle(pieces)
    return pieces


def pieces_of(kind: str, count: int, rng: random.Random) -> list[Piece]:
    """`count` pieces of the given kind: random, tiling, identical or few."""
    if not 1 <= count <= MAX_PIECES:
        raise GenerateError(f"{count} pieces: a fillit file holds 1 to {MAX_PIECES}")
    if kind == "random":
        return [rng.choice(SHAPES) for _ in range(count)]
    if kind == "tiling":
        return tiling(count, rng)
    if kind == "identical":
        return [rng.choice(SHAPES)] * count
    if kind == "few":
        return few_shapes(count, rng)
    raise GenerateError(f"unknown kind {kind!r}: choose from {', '.join(KINDS)}")


def piece_count(kind: str, rng: random.Random) -> int:
    """A random number of pieces suiting `kind`."""
    return rng.choice(TILING_COUNTS) if kind == "tiling" else rng.randint(1, MAX_PIECES)


def valid_input(rng: random.Random, kind: str = "random", count: int | None = None) -> str:
    """A valid fillit file of `count` pieces (random if None) of the given kind."""
    if count is None:
        count = piece_count(kind, rng)
    return text([block(piece, rng) for piece in pieces_of(kind, count, rng)])


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


def inputs(
    seed: int, count: int, kind: str, pieces: int | None, invalid: str | None
) -> list[tuple[str, str]]:
    """`count` files (a name, the text) from one seeded generator: valid ones of `kind` and
    `pieces` (random if None), or, with `invalid`, files breaking that rule."""
    rng = random.Random(seed)
    width = len(str(count))
    stem = invalid or kind
    return [
        (
            f"{stem}_{index:0{width}}",
            invalid_input(rng, invalid) if invalid else valid_input(rng, kind, pieces),
        )
        for index in range(1, count + 1)
    ]


def write_inputs(folder: Path, made: list[tuple[str, str]]) -> None:
    """Write each input as NAME.txt in `folder`, creating it if need be (OSError otherwise)."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, content in made:
        (folder / f"{name}.txt").write_text(content, encoding="ascii", newline="")
