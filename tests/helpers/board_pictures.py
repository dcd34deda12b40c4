"""What an SVG board picture shows, read back from its text with code that shares nothing with
`dlx.pictures.svg`: which fill covers each cell's centre, which unit edges the borders cover, and
the labels; and what a picture of a board should show (its pieces' neighbours, its borders)."""

from __future__ import annotations

import itertools
import re
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass

SVG = "{http://www.w3.org/2000/svg}"
BLANKS = ".  "
Cell = tuple[int, int]
Point = tuple[float, float]
Unit = tuple[tuple[int, int], tuple[int, int]]
"""A unit edge in cell units: two (x, y) grid points, the smaller first."""


@dataclass(frozen=True)
class Picture:
    """A board picture read back: the fill of each piece path with its loops, the unit edges
    under the border lines, the labels (x, y, ink, text), and the border's width."""

    fills: list[tuple[str, list[list[Point]]]]
    borders: list[Unit]
    labels: list[tuple[float, float, str, str]]
    line: float
    root: ET.Element


def read_picture(text: str, cell: int) -> Picture:
    """The picture in SVG `text`, drawn `cell` pixels to a square."""
    root = ET.fromstring(text)
    fills, borders, line = [], [], 0.0
    for path in root.iter(f"{SVG}path"):
        if path.get("stroke") not in (None, "none"):
            borders += unit_edges(path.get("d", ""), cell)
            line = float(path.get("stroke-width", "1"))
        else:
            fills.append((path.get("fill", ""), loops(path.get("d", ""))))
    labels = [
        (float(t.get("x", "0")), float(t.get("y", "0")), t.get("fill", ""), t.text or "")
        for t in root.iter(f"{SVG}text")
    ]
    return Picture(fills, borders, labels, line, root)


def loops(d: str) -> list[list[Point]]:
    """The closed loops of path data made of M, H, V and Z commands."""
    found: list[list[Point]] = []
    x = y = 0.0
    for command, numbers in re.findall(r"([MHVZ])([^MHVZ]*)", d):
        values = [float(v) for v in numbers.split()]
        if command == "M":
            x, y = values
            found.append([(x, y)])
        elif command in "HV":
            x, y = (values[0], y) if command == "H" else (x, values[0])
            found[-1].append((x, y))
    return found


def unit_edges(d: str, cell: int) -> list[Unit]:
    """The unit edges (in cells) under each straight line of path data, repeats kept."""
    units: list[Unit] = []
    for loop in loops(d):
        for (x0, y0), (x1, y1) in itertools.pairwise(loop):
            a, b = sorted(
                ((round(x0 / cell), round(y0 / cell)), (round(x1 / cell), round(y1 / cell)))
            )
            step = (1, 0) if a[1] == b[1] else (0, 1)
            while a != b:
                following = (a[0] + step[0], a[1] + step[1])
                units.append((a, following))
                a = following
    return units


def inside(point: Point, loop: Sequence[Point]) -> bool:
    """Whether `point` is inside the polygon `loop` (crossing count)."""
    px, py = point
    crossing = False
    for (x0, y0), (x1, y1) in zip(loop, [*loop[1:], loop[0]], strict=True):
        if (y0 > py) != (y1 > py) and px < x0 + (py - y0) * (x1 - x0) / (y1 - y0):
            crossing = not crossing
    return crossing


def cell_fills(picture: Picture, rows: Sequence[str], cell: int) -> dict[Cell, list[str]]:
    """The fills covering each cell's centre (even-odd within a path), every cell of the board."""
    found: dict[Cell, list[str]] = {}
    for r in range(len(rows)):
        for c in range(max(map(len, rows))):
            centre = ((c + 0.5) * cell, (r + 0.5) * cell)
            found[(r, c)] = [
                fill for fill, shape in picture.fills if sum(inside(centre, lp) for lp in shape) % 2
            ]
    return found


def label_at(rows: Sequence[str], r: int, c: int) -> str | None:
    """The label of cell (r, c), None for an empty cell or one off the board."""
    if 0 <= r < len(rows) and 0 <= c < len(rows[r]) and rows[r][c] not in BLANKS:
        return rows[r][c]
    return None


def expected_borders(rows: Sequence[str]) -> set[Unit]:
    """The unit edges a picture of `rows` must draw dark: around the board, and between two
    cells of different labels (an empty cell's being None)."""
    height, width = len(rows), max(map(len, rows))
    units: set[Unit] = set()
    for r in range(height):
        for c in range(width + 1):
            if c in (0, width) or label_at(rows, r, c - 1) != label_at(rows, r, c):
                units.add(((c, r), (c, r + 1)))
    for r in range(height + 1):
        for c in range(width):
            if r in (0, height) or label_at(rows, r - 1, c) != label_at(rows, r, c):
                units.add(((c, r), (c + 1, r)))
    return units


def neighbours(rows: Sequence[str]) -> set[tuple[str, str]]:
    """The pairs of labels (smaller first) of cells sharing a side."""
    pairs = set()
    for r, row in enumerate(rows):
        for c in range(len(row)):
            for other in (label_at(rows, r, c + 1), label_at(rows, r + 1, c)):
                here = label_at(rows, r, c)
                if here is not None and other is not None and here != other:
                    pairs.add((min(here, other), max(here, other)))
    return pairs
