"""Making valid fillit inputs of four kinds (`fillit generate`; the invalid ones, which break one
rule each, are made by `fillit.tools.invalid`).

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
from enum import StrEnum
from pathlib import Path

from dlx import Problem, first
from dlx.memo import FailureMemo
from fillit.parse import MAX_PIECES
from fillit.pieces import Cell, Piece

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


def inputs(
    seed: int, count: int, stem: str, make: Callable[[random.Random], str]
) -> list[tuple[str, str]]:
    """`count` files (a name, the text), named `stem` and a number, each made by `make` from one
    generator seeded with `seed`."""
    rng = random.Random(seed)
    width = len(str(count))
    return [(f"{stem}_{index:0{width}}", make(rng)) for index in range(1, count + 1)]


def write_inputs(folder: Path, made: list[tuple[str, str]]) -> None:
    """Write each input as NAME.txt in `folder`, creating it if need be (OSError otherwise)."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, content in made:
        (folder / f"{name}.txt").write_text(content, encoding="ascii", newline="")
