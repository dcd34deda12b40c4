"""Which pieces and boards have names? The well-known sets (pentominoes with Knuth's letters,
tetrominoes, the Soma cube's seven, every polyform of a size on any grid) and boards (rectangles,
boxes, parallelograms, the 8x8 board without its centre), so a classic puzzle is one line.

>>> [name for name, _ in piece_set("tetrominoes", SQUARE)]
['I', 'O', 'T', 'S', 'L']
>>> len(piece_set("hexiamonds", TRIANGLE)), len(board_named("3x3x3", CUBE))
(12, 27)
"""

from __future__ import annotations

import math

from dlx.tiling.errors import TileError
from dlx.tiling.forms import forms
from dlx.tiling.grids import CUBE, HEX, PROBES, SQUARE, STICKS, TRIANGLE, Cell, Grid, Shape, Spot
from dlx.tiling.model import check_board
from dlx.tiling.sticks import read_rows, rectangle

DRAWN: dict[str, tuple[Grid, list[tuple[str, str]]]] = {
    "pentominoes": (
        SQUARE,
        [
            ("F", ".##/##./.#."),
            ("I", "#####"),
            ("L", "####/#..."),
            ("N", "##../.###"),
            ("P", "##/##/#."),
            ("T", "###/.#./.#."),
            ("U", "#.#/###"),
            ("V", "#../#../###"),
            ("W", "#../##./.##"),
            ("X", ".#./###/.#."),
            ("Y", "####/.#.."),
            ("Z", "##./.#./.##"),
        ],
    ),
    "tetrominoes": (
        SQUARE,
        [("I", "####"), ("O", "##/##"), ("T", "###/.#."), ("S", ".##/##."), ("L", "###/#..")],
    ),
    "trominoes": (SQUARE, [("I", "###"), ("L", "##/#.")]),
    "tetris": (
        SQUARE,
        [
            ("I", "####"),
            ("O", "##/##"),
            ("T", "###/.#."),
            ("S", ".##/##."),
            ("Z", "##./.##"),
            ("L", "###/#.."),
            ("J", "###/..#"),
        ],
    ),
    "soma": (
        CUBE,
        [
            ("V", "##/#."),
            ("L", "###/#.."),
            ("T", "###/.#."),
            ("Z", ".##/##."),
            ("A", "##/.#|../.#"),
            ("B", "##/#.|../#."),
            ("P", "##/#.|#./.."),
        ],
    ),
}
"""Sets drawn as square pictures ('/' between rows; for cubes '|' between layers); `tetris`: the
seven one-sided tetrominoes, for `--no-flip`."""

STICK_SETS: dict[str, list[tuple[str, str]]] = {
    "monosticks": [("I1", "+-+")],
    "disticks": [("I2", "+-+-+"), ("V2", "..+/..|/+-+")],
    "tristicks": [
        ("I3", "+-+-+-+"),
        ("L3", "....+/....|/+-+-+"),
        ("T3", "..+/..|/+-+-+"),
        ("Z3", "..+-+/..|/+-+"),
        ("U3", "+.+/|.|/+-+"),
    ],
    "tetrasticks": [
        ("F", "+.+/|.|/+-+-+"),
        ("H", "..+-+/..|/+-+-+"),
        ("I", "+-+-+-+-+"),
        ("J", "..+-+/....|/+-+-+"),
        ("L", "......+/......|/+-+-+-+"),
        ("N", "....+-+/....|/+-+-+"),
        ("O", "+-+/|.|/+-+"),
        ("P", "+-+/|.|/+.+-+"),
        ("R", "..+/..|/+-+-+/|/+"),
        ("T", "..+/..|/..+/..|/+-+-+"),
        ("U", "+...+/|...|/+-+-+"),
        ("V", "....+/....|/....+/....|/+-+-+"),
        ("W", "....+/....|/..+-+/..|/+-+"),
        ("X", "..+/..|/+-+-+/..|/..+"),
        ("Y", "....+/....|/+-+-+-+"),
        ("Z", "....+/....|/+-+-+/|/+"),
    ],
}
"""Polysticks drawn in the sticks picture format ('/' between rows), named as Polyform Puzzler
names them; `pentasticks` (which it does not name) are in `SIZES`."""

SIZES: dict[str, tuple[Grid, int]] = {
    "monominoes": (SQUARE, 1),
    "dominoes": (SQUARE, 2),
    "hexominoes": (SQUARE, 6),
    "triamonds": (TRIANGLE, 3),
    "tetriamonds": (TRIANGLE, 4),
    "pentiamonds": (TRIANGLE, 5),
    "hexiamonds": (TRIANGLE, 6),
    "heptiamonds": (TRIANGLE, 7),
    "trihexes": (HEX, 3),
    "tetrahexes": (HEX, 4),
    "pentahexes": (HEX, 5),
    "tricubes": (CUBE, 3),
    "tetracubes": (CUBE, 4),
    "pentacubes": (CUBE, 5),
    "pentasticks": (STICKS, 5),
}
"""Every free polyform of a size: named A, B, C... in the order `polyforms` finds them (written
out in `dlx.tiling.forms`)."""
NAMES = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


def piece_set(name: str, grid: Grid) -> list[tuple[str, Shape]]:
    """The pieces of the set called `name` on `grid`, each named, in their usual order."""
    key = name.lower()
    if key in DRAWN and DRAWN[key][0] is grid:
        return [(letter, _drawn(drawing, grid)) for letter, drawing in DRAWN[key][1]]
    if key in STICK_SETS and grid is STICKS:
        return [(name, _drawn_sticks(drawing)) for name, drawing in STICK_SETS[key]]
    if key in SIZES and SIZES[key][0] is grid:
        return list(zip(NAMES, forms(key), strict=False))
    known = [n for n, (g, *_) in {**DRAWN, **SIZES}.items() if g is grid]
    known = [*(STICK_SETS if grid is STICKS else []), *known]
    raise TileError(f"no piece set {name[:30]!r} on the {grid.name} grid: {', '.join(known)}")


def _drawn(drawing: str, grid: Grid) -> Shape:
    """The shape of a drawing: '#' cells, rows split by '/', layers (cubes) by '|'."""
    spots: list[Spot] = []
    for z, layer in enumerate(drawing.split("|")):
        for x, row in enumerate(layer.split("/")):
            for y, mark in enumerate(row):
                if mark == "#":
                    spots.append(((x, y, z) if grid.solid else (x, y), 0))
    return grid.normalise(spots)


def _drawn_sticks(drawing: str) -> Shape:
    """The shape of a sticks drawing, rows split by '/'."""
    rows = list(enumerate(drawing.split("/"), start=1))
    return STICKS.normalise((edge, 0) for edge, _ in read_rows(rows))


def polyforms(grid: Grid, size: int) -> list[Shape]:
    """Every free polyform of `size` cells on `grid` (up to rotation, and reflection in 2D),
    each in its least orientation, grown cell by cell from one."""
    flip = not grid.solid
    start: Cell = (0,) * len(PROBES[grid.name][0][0])
    layer = {grid.normalise([(start, 0)])}
    for _ in range(size - 1):
        grown: set[Shape] = set()
        met: set[Shape] = set()  # every orientation of each shape grown (its images met once)
        for shape in layer:
            cells = {cell for cell, _ in shape}
            for cell in cells:
                for n in grid.neighbours(cell):
                    if n in cells:
                        continue
                    bigger = grid.normalise([*shape, (n, 0)])
                    if bigger not in met:
                        images = grid.orientations(bigger, True, flip)
                        met.update(images)
                        grown.add(min(images))  # its name: the least of its images
        layer = grown
    return sorted(layer, key=lambda shape: (_width(shape), shape))


def _width(shape: Shape) -> int:
    """How far the shape reaches along its first axis (long pieces first)."""
    return -max(cell[0] for cell, _ in shape)


def board_named(name: str, grid: Grid) -> Shape:
    """The board called `name`: `RxC` (square: rectangle; triangle, hex: parallelogram of R rows
    of C rhombi or hexagons; sticks: every edge of R x C squares), `RxCxL` (cube: box),
    `8x8-hole` (square, centre 2x2 empty) or `hexagon-N` (triangle, hex: a hexagon of side N)."""
    if name.lower().startswith("hexagon-") and grid in (TRIANGLE, HEX):
        return _hexagon(grid, name)
    if name.lower() == "8x8-hole" and grid is SQUARE:
        hole = {(3, 3), (3, 4), (4, 3), (4, 4)}
        return tuple(((r, c), 0) for r in range(8) for c in range(8) if (r, c) not in hole)
    sizes = name.lower().split("x")
    most = 61 if grid is STICKS else 62  # (a coordinate is a digit of 62: a stick's far row too)
    if len(sizes) != grid.dims or not all(s.isdigit() and 0 < int(s) <= most for s in sizes):
        shape = "RxCxL" if grid.solid else "RxC"
        hint = " (RxCxL: a box of cubes, grid cube)" if len(sizes) == 3 else ""
        raise TileError(
            f"no board {name[:30]!r} on the {grid.name} grid: {shape}, 1 to {most} each{hint}"
        )
    spans = [range(int(s)) for s in sizes]
    check_board(math.prod(map(len, spans)) * (2 if grid in (TRIANGLE, STICKS) else 1))
    if grid is STICKS:
        return grid.sorted((edge, 0) for edge in rectangle(*map(len, spans)))
    if grid.solid:
        return tuple(((x, y, z), 0) for x in spans[0] for y in spans[1] for z in spans[2])
    if grid is TRIANGLE:
        return grid.sorted(((x, y, t), 0) for y in spans[0] for x in spans[1] for t in (0, 1))
    return grid.sorted(((x, y), 0) for x in spans[0] for y in spans[1])


def _hexagon(grid: Grid, name: str) -> Shape:
    """A hexagon of side N (1 to 20) of triangles or hexagons."""
    side = name[len("hexagon-") :]
    if not (side.isdigit() and 1 <= int(side) <= 20):
        raise TileError(f"no board {name[:30]!r}: hexagon-N with N from 1 to 20")
    n = int(side)
    span = range(1 - n, n + 1)
    if grid is HEX:
        cells = [(x, y) for x in span for y in span if max(abs(x), abs(y), abs(x + y)) < n]
        return grid.normalise((cell, 0) for cell in cells)
    triangles = [
        (a, b, 0 if a + b + c == 2 else 1)
        for a in span
        for b in span
        for c in span
        if a + b + c in (1, 2)
    ]
    return grid.normalise((cell, 0) for cell in triangles)


BOARDS = {
    "RxC": "a rectangle (square grid); R rows of C rhombi or hexagons (triangle, hex grids);"
    " every edge of R x C squares (sticks)",
    "RxCxL": "a box of cubes (cube grid)",
    "8x8-hole": "the 8 x 8 board less its centre 2 x 2 (square grid)",
    "hexagon-N": "a hexagon of side N (triangle, hex grids)",
}
"""The named boards, by the form of their names."""


def piece_sets() -> dict[str, str]:
    """The named piece sets, each with its grid.

    >>> piece_sets()["hexiamonds"], piece_sets()["soma"]
    ('triangle', 'cube')
    """
    named = [*DRAWN.items(), *SIZES.items()]
    sets = {name: grid.name for name, (grid, _) in named if grid is not STICKS}
    sticks = [*STICK_SETS, *(name for name, (grid, _) in named if grid is STICKS)]
    return {**sets, **dict.fromkeys(sticks, STICKS.name)}
