"""`dlx tile --svg` pictures on every grid (the golden `corpus/pictures/tile_GRID_*` cases),
judged twice, with code that shares nothing with `dlx.tiling`:

- from the SVG's own shapes, on every grid (cube layers included): each side two cells share is
  drawn dark exactly when their fills differ, each side on the board's edge always, and no line
  runs anywhere else; one label per piece (per layer on cubes) and the legend the text prints;
- from its pixels as librsvg draws it (Debian's librsvg2-bin; skipped without it), on the square,
  triangle and hex grids: with the labels left out, the region flood-filled from one cell's
  centre in its piece's colour holds every cell of that piece and no other cell, the way from a
  cell's centre to its neighbour's in the same piece crosses no line, and between two pieces or
  at the board's edge it crosses a border darker than both sides.

Where each cell lies comes from the printed board and the picture format's rules: hexagons on
every other column, each row shifted by one; triangles pointing up where row + column is even.
"""

from __future__ import annotations

import math
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest
from commands import invoke_dlx
from places import ROOT
from png_reader import Image, read_png

from dlx.pictures.delta_e import luminance, srgb_to_lab

CASES = sorted((ROOT / "corpus" / "pictures").glob("tile_*.svg"))
FLAT = [case for case in CASES if case.stem.split("_")[1] != "cube"]
SVG = "{http://www.w3.org/2000/svg}"
SCALE, MARGIN = 28.0, 8.0
"""The pictures' pixels to a cell's side (a hexagon's: its corners' distance from its centre,
twice) and their margin."""
ROOT3 = math.sqrt(3.0)
Point = tuple[float, float]
Cell = tuple[int, int]


def board_and_legend(case: Path) -> tuple[list[str], list[str]]:
    """The board the command printed beside the picture, and the legend lines after it."""
    lines = case.with_suffix(".txt").read_text().splitlines()
    legend = [k for k, line in enumerate(lines) if "=" in line]
    at = legend[0] if legend else len(lines)
    return lines[:at], lines[at:]


def labels_of(rows: list[str]) -> dict[Cell, str]:
    """Each board cell (row, column) of the printed board and its label ('.' empty)."""
    return {(r, c): mark for r, row in enumerate(rows) for c, mark in enumerate(row) if mark != " "}


def corners(grid: str, r: int, c: int) -> list[Point]:
    """The corners of the cell printed at row r, column c, in cells (y down)."""
    if grid == "hex":
        x, y = c * ROOT3 / 4, 0.75 * r
        turns = [math.radians(30 + 60 * k) for k in range(6)]
        return [(x + math.cos(t) / 2, y + math.sin(t) / 2) for t in turns]
    if grid == "triangle":
        h = ROOT3 / 2
        if (r + c) % 2 == 0:
            return [((c + 1) / 2, (r - 1) * h), (c / 2 + 1, r * h), (c / 2, r * h)]
        return [(c / 2, (r - 1) * h), (c / 2 + 1, (r - 1) * h), ((c + 1) / 2, r * h)]
    return [(c, r), (c + 1, r), (c + 1, r + 1), (c, r + 1)]


class Layout:
    """The printed board's cells placed in the picture's pixels."""

    def __init__(self, grid: str, rows: list[str]) -> None:
        self.labels = labels_of(rows)
        shapes = {cell: corners(grid, *cell) for cell in self.labels}
        left = min(x for shape in shapes.values() for x, _ in shape)
        top = min(y for shape in shapes.values() for _, y in shape)
        self.shapes = {
            cell: [((x - left) * SCALE + MARGIN, (y - top) * SCALE + MARGIN) for x, y in shape]
            for cell, shape in shapes.items()
        }

    def centre(self, cell: Cell) -> Point:
        shape = self.shapes[cell]
        return (sum(x for x, _ in shape) / len(shape), sum(y for _, y in shape) / len(shape))

    def sides(self) -> Iterator[tuple[Cell, Cell | None, Point]]:
        """Each side once: its cells (None beyond the board's edge) and its middle."""
        found: dict[tuple[int, int], tuple[Cell, Point]] = {}
        for cell, shape in self.shapes.items():
            for a, b in zip(shape, [*shape[1:], shape[0]], strict=True):
                middle = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
                key = (round(middle[0]), round(middle[1]))
                if key in found:
                    yield found.pop(key)[0], cell, middle
                else:
                    found[key] = (cell, middle)
        for cell, middle in found.values():
            yield cell, None, middle


def inside(point: Point, shape: list[Point]) -> bool:
    """Whether `point` lies in the polygon `shape` (crossing count)."""
    px, py = point
    crossing = False
    for (x0, y0), (x1, y1) in zip(shape, [*shape[1:], shape[0]], strict=True):
        if (y0 > py) != (y1 > py) and px < x0 + (py - y0) * (x1 - x0) / (y1 - y0):
            crossing = not crossing
    return crossing


# --- the SVG's shapes, every grid ----------------------------------------------------------------


def flat_part(case: Path) -> ET.Element:
    """The picture drawn on the grid: a box of cubes' layers come under its outside
    (`dlx.tiling.iso_svg`, checked in `tests/pictures/test_iso.py`), the last picture nested."""
    return list(ET.fromstring(case.read_text()).iter(f"{SVG}svg"))[-1]


def numbers(text: str) -> list[float]:
    return [float(v) for v in re.findall(r"-?[0-9.]+", text)]


def test_every_grid_has_a_golden_tile_picture() -> None:
    grids = {case.stem.split("_")[1] for case in CASES}
    assert grids == {"square", "triangle", "hex", "cube"}
    assert {"tile_hex_hexagon_4", "tile_hex_4x7", "tile_hex_two_pieces"} <= {c.stem for c in CASES}


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.stem)
def test_a_border_exactly_between_pieces_and_round_the_board(case: Path) -> None:
    """Sides read from the polygons: shared by two cells of one fill (one piece, as touching
    pieces never share a fill), no line; of two fills or on the edge, a line; no other line."""
    root = flat_part(case)
    sides: dict[tuple[int, int], list[tuple[Point, str]]] = {}
    for polygon in root.iter(f"{SVG}polygon"):
        values = numbers(polygon.get("points", ""))
        shape = list(zip(values[::2], values[1::2], strict=True))
        for a, b in zip(shape, [*shape[1:], shape[0]], strict=True):
            middle = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            sides.setdefault((round(middle[0]), round(middle[1])), []).append(
                (middle, polygon.get("fill", ""))
            )
    lines = {}
    for line in root.iter(f"{SVG}line"):
        x1, y1, x2, y2 = (float(line.get(k, "0")) for k in ("x1", "y1", "x2", "y2"))
        lines[(round((x1 + x2) / 2), round((y1 + y2) / 2))] = line
    assert all(len(found) in (1, 2) for found in sides.values())
    assert set(lines) <= set(sides)
    for key, found in sides.items():
        fills = {fill for _, fill in found}
        drawn = key in lines
        assert drawn == (len(found) == 1 or len(fills) == 2), (key, found, drawn)


def names_of(rows: list[str], legend: list[str]) -> dict[str, str]:
    """Each printed label's piece name: the legend's (`l=line`, a copy's `D=D#2` names D), or
    the label itself where there is no legend."""
    told = dict(pair.split("=", 1) for line in legend for pair in line.split())
    marks = {m for row in rows for m in row if m not in " ."}
    return {m: told.get(m, m).split("#")[0] for m in marks}


def written(text: str, name: str) -> bool:
    """Whether `text` is `name`, or its start with an ellipsis where it is shortened."""
    return text == name or (text.endswith("\u2026") and name.startswith(text[:-1]) and text != "")


def name_texts(root: ET.Element) -> list[ET.Element]:
    """The texts written inside the pieces (bold)."""
    return [t for g in root.iter(f"{SVG}g") if g.get("font-weight") == "bold" for t in g]


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.stem)
def test_one_name_per_piece_and_the_legend_the_text_prints(case: Path) -> None:
    """Each piece's name is written in it once (once per layer on cubes): the given names, not
    the one-character labels the text prints; the legend under the picture is the text's."""
    rows, legend = board_and_legend(case)
    root = flat_part(case)
    texts = sorted(t.text or "" for t in name_texts(root))
    shown = [t.text for g in root.iter(f"{SVG}g") if g.get("font-family") == "monospace" for t in g]
    names = names_of(rows, legend)
    if case.stem.split("_")[1] == "cube":
        assert {n for t in texts for n in names.values() if written(t, n)} == set(names.values())
    else:
        expected = sorted(names.values())
        assert len(texts) == len(expected)
        assert all(written(t, n) for t, n in zip(texts, expected, strict=True)), texts
    assert shown == legend


@pytest.mark.parametrize("case", FLAT, ids=lambda case: case.stem)
def test_each_name_lies_inside_its_piece_in_readable_ink(case: Path) -> None:
    """A name's line, from its start to its end (a bold face's characters at most 0.45 of its
    size for the narrow, 0.85 for capitals, 0.75 for others), runs through cells of its own piece
    alone, in ink of WCAG contrast 4.5."""
    rows, legend = board_and_legend(case)
    names = names_of(rows, legend)
    layout = Layout(case.stem.split("_")[1], rows)
    root = flat_part(case)
    fills = {}
    for polygon in root.iter(f"{SVG}polygon"):
        values = numbers(polygon.get("points", ""))
        centre = (sum(values[::2]) / (len(values) / 2), sum(values[1::2]) / (len(values) / 2))
        fills[(round(centre[0]), round(centre[1]))] = polygon.get("fill", "")
    for text in name_texts(root):
        size = float(text.get("font-size", "0"))
        x, y = float(text.get("x", "0")), float(text.get("y", "0")) - 0.35 * size
        half = sum(
            0.45 if c in "fijlrtI1" else 0.85 if c.isupper() else 0.75 for c in text.text or ""
        )
        half = half * size / 2 - size * 0.2
        spots = [(x + half * k / 4, y) for k in range(-4, 5)]
        cells = {c for spot in spots for c, shape in layout.shapes.items() if inside(spot, shape)}
        owners = {names[layout.labels[c]] for c in cells}
        assert len(owners) == 1 and written(text.text or "", owners.pop()), (text.text, cells)
        for cell in cells:
            centre = layout.centre(cell)
            fill = fills[(round(centre[0]), round(centre[1]))]
            light, dark = sorted((luminance(fill), luminance(text.get("fill", ""))))[::-1]
            assert (light + 0.05) / (dark + 0.05) >= 4.5, (text.text, fill)


# --- the pixels, square, triangle and hex --------------------------------------------------------


@pytest.fixture(scope="module", params=FLAT, ids=lambda case: case.stem)
def drawn(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> tuple[Layout, Image]:
    """A golden picture's cells and its pixels, the labels and legend left out."""
    if shutil.which("rsvg-convert") is None:
        pytest.skip("rsvg-convert (librsvg2-bin) is not installed")
    case: Path = request.param
    folder = tmp_path_factory.mktemp("tile")
    bare = folder / "bare.svg"
    bare.write_text(re.sub(r"<text[^>]*>[^<]*</text>", "", case.read_text()))
    png = folder / "bare.png"
    subprocess.run(["rsvg-convert", "-f", "png", "-o", str(png), str(bare)], check=True)
    rows, _ = board_and_legend(case)
    return Layout(case.stem.split("_")[1], rows), read_png(png.read_bytes())


def pixel(image: Image, point: Point) -> tuple[int, int, int]:
    return image.rows[int(point[1])][int(point[0])]


def alike(one: tuple[int, int, int], two: tuple[int, int, int]) -> bool:
    """The same fill but for rounding where two cells' shapes meet."""
    return max(abs(a - b) for a, b in zip(one, two, strict=True)) <= 6


def region(image: Image, start: Point) -> set[tuple[int, int]]:
    """The pixels reached from `start` through pixels of its colour (four neighbours)."""
    colour = pixel(image, start)
    first = (int(start[0]), int(start[1]))
    seen, todo = {first}, [first]
    while todo:
        x, y = todo.pop()
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if (
                n not in seen
                and 0 <= n[0] < image.width
                and 0 <= n[1] < image.height
                and alike(image.rows[n[1]][n[0]], colour)
            ):
                seen.add(n)
                todo.append(n)
    return seen


def way(one: Point, two: Point) -> list[tuple[int, int]]:
    """The pixels on the straight way from `one` to `two`, a quarter pixel apart."""
    steps = max(1, int(math.dist(one, two) * 4))
    return [
        (int(one[0] + (two[0] - one[0]) * k / steps), int(one[1] + (two[1] - one[1]) * k / steps))
        for k in range(steps + 1)
    ]


def hex_colour(rgb: tuple[int, int, int]) -> str:
    return "#" + "".join(f"{v:02x}" for v in rgb)


def test_each_piece_is_one_region_of_its_cells_alone(drawn: tuple[Layout, Image]) -> None:
    layout, image = drawn
    pieces: dict[str, list[Cell]] = {}
    for cell, label in layout.labels.items():
        pieces.setdefault(label, []).append(cell)
    for label, cells in pieces.items():
        if label == ".":
            continue
        reached = region(image, layout.centre(cells[0]))
        for cell, other in layout.labels.items():
            x, y = layout.centre(cell)
            assert ((int(x), int(y)) in reached) == (other == label), (label, cell, other)


def test_no_line_inside_a_piece_a_dark_one_between_pieces(drawn: tuple[Layout, Image]) -> None:
    layout, image = drawn
    for one, two, middle in layout.sides():
        start = layout.centre(one)
        if two is None:
            end = (middle[0] + (middle[0] - start[0]) / 4, middle[1] + (middle[1] - start[1]) / 4)
        else:
            end = layout.centre(two)
        passed = [image.rows[y][x] for x, y in way(start, end)]
        sides = [start] if two is None else [start, end]
        if two is not None and layout.labels[one] == layout.labels[two]:
            assert all(alike(p, pixel(image, start)) for p in passed), (one, two)
        else:
            lightest = min(srgb_to_lab(hex_colour(pixel(image, p)))[0] for p in sides)
            darkest = min(srgb_to_lab(hex_colour(p))[0] for p in passed)
            assert darkest <= lightest - 20, (one, two)


def test_a_name_too_long_for_its_piece_is_shortened_and_one_that_fits_is_not(
    tmp_path: Path,
) -> None:
    """Names are written whole where they fit, smaller where they must (down to 8 pixels),
    and only where even that cannot fit, cut short with an ellipsis."""

    puzzle = tmp_path / "puzzle.txt"
    puzzle.write_text("board 1x7\npiece bar\n####\npiece monomino\n#\npiece domino\n##\n")
    picture = tmp_path / "picture.svg"
    result = invoke_dlx(["tile", str(puzzle), "--limit", "1", "--svg", str(picture)])
    assert result.exit_code == 0, result.output
    texts = {
        t.text: float(t.get("font-size", "0")) for t in name_texts(ET.parse(picture).getroot())
    }
    assert texts["bar"] == 14 and 8 <= texts["domino"] < 14
    short = [t for t in texts if t not in ("bar", "domino")]
    assert len(short) == 1 and written(short[0], "monomino") and short[0] != "monomino"
    assert texts[short[0]] == 8
