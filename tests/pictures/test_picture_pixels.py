"""The golden board pictures as a person sees them: rendered to PNG by librsvg's rsvg-convert
(Debian's librsvg2-bin; these tests are skipped without it) and judged from their pixels: no line
inside a piece, a border darker than both sides between pieces and around the board, touching
pieces at least delta E 20 apart, a white margin."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from board_pictures import label_at, neighbours
from places import ROOT
from png_reader import Image, read_png

from dlx.pictures.delta_e import delta_e_76, delta_e_2000, srgb_to_lab

PICTURES = sorted(p for p in (ROOT / "corpus" / "pictures").glob("*.svg") if p.stem[:5] != "tile_")
"""Square boards; `dlx tile`'s pictures on every grid (`tile_*`):
`tests/tiling/test_tile_pictures.py`."""
CELL, LINE = 24, 2
"""The golden pictures' cell and border widths in pixels."""
INSIDE = range(6, CELL - 5)
"""Offsets along a cell's side that keep clear of the corners, where other borders meet."""

pytestmark = pytest.mark.skipif(
    shutil.which("rsvg-convert") is None, reason="rsvg-convert (librsvg2-bin) is not installed"
)


def apart(one: str, two: str) -> float:
    """The smaller of the CIE76 and CIEDE2000 differences of two '#rrggbb' colours."""
    lab_one, lab_two = srgb_to_lab(one), srgb_to_lab(two)
    return min(delta_e_76(lab_one, lab_two), delta_e_2000(lab_one, lab_two))


def lightness(colour: str) -> float:
    """CIE L* of a '#rrggbb' colour."""
    return srgb_to_lab(colour)[0]


@pytest.fixture(scope="module", params=PICTURES, ids=lambda path: path.stem)
def rendered(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> tuple[list[str], Image]:
    """A golden picture's board and its pixels as librsvg draws them."""
    svg: Path = request.param
    png = tmp_path_factory.mktemp("png") / f"{svg.stem}.png"
    subprocess.run(["rsvg-convert", "-f", "png", "-o", str(png), str(svg)], check=True)
    return svg.with_suffix(".txt").read_text().splitlines(), read_png(png.read_bytes())


def pixel(image: Image, x: int, y: int) -> str:
    """The pixel at board coordinates (x, y) in pixels, the margin being outside them."""
    return image.hex(x + LINE, y + LINE)


def fill_of(image: Image, r: int, c: int) -> str:
    """The colour inside cell (r, c), at its top-left, clear of the border and the label."""
    return pixel(image, c * CELL + 4, r * CELL + 4)


def sides(rows: list[str]) -> Iterator[tuple[tuple[int, int], tuple[int, int], bool]]:
    """Every pair of cells sharing a side, the second right of or below the first, and whether
    the side is across (the second below)."""
    for r, row in enumerate(rows):
        for c in range(len(row)):
            if c + 1 < len(row):
                yield (r, c), (r, c + 1), False
            if r + 1 < len(rows) and c < len(rows[r + 1]):
                yield (r, c), (r + 1, c), True


def on_side(first: tuple[int, int], across: bool) -> list[tuple[int, int]]:
    """The pixels on the line between `first` and the cell right of or below it: both rows or
    columns the line covers, away from the corners."""
    r, c = first
    if across:
        y = (r + 1) * CELL
        return [(c * CELL + k, y + d) for k in INSIDE for d in (-1, 0)]
    x = (c + 1) * CELL
    return [(x + d, r * CELL + k) for k in INSIDE for d in (-1, 0)]


def test_each_cell_is_filled_evenly_in_its_piece_colour(rendered: tuple[list[str], Image]) -> None:
    """Two corners of every cell show one colour, the same for all the cells of a piece."""
    rows, image = rendered
    colours: dict[str | None, set[str]] = {}
    for r, row in enumerate(rows):
        for c in range(len(row)):
            far = pixel(image, c * CELL + CELL - 5, r * CELL + CELL - 5)
            assert fill_of(image, r, c) == far, (r, c)
            colours.setdefault(label_at(rows, r, c), set()).add(far)
    assert all(len(found) == 1 for found in colours.values()), colours
    assert colours.get(None, {"#ffffff"}) == {"#ffffff"}


def test_no_line_inside_a_piece(rendered: tuple[list[str], Image]) -> None:
    """Across the side of two cells of one piece the pixels are the piece's fill."""
    rows, image = rendered
    for first, second, across in sides(rows):
        label = label_at(rows, *first)
        if label is not None and label == label_at(rows, *second):
            fill = fill_of(image, *first)
            assert {pixel(image, x, y) for x, y in on_side(first, across)} == {fill}, first


def test_a_border_darker_than_both_sides_runs_between_pieces(
    rendered: tuple[list[str], Image],
) -> None:
    """Between two pieces (or a piece and an empty cell) the line is darker than either side by
    20 L* or more."""
    rows, image = rendered
    for first, second, across in sides(rows):
        if label_at(rows, *first) != label_at(rows, *second):
            darkest = min(lightness(fill_of(image, *first)), lightness(fill_of(image, *second)))
            for x, y in on_side(first, across):
                assert lightness(pixel(image, x, y)) <= darkest - 20, (first, second, x, y)


def test_touching_pieces_are_at_least_delta_e_20_apart(rendered: tuple[list[str], Image]) -> None:
    rows, image = rendered
    seen: dict[str, str] = {}
    for r, row in enumerate(rows):
        for c in range(len(row)):
            label = label_at(rows, r, c)
            if label is not None:
                seen[label] = fill_of(image, r, c)
    for one, two in neighbours(rows):
        assert apart(seen[one], seen[two]) >= 20, (one, two, seen[one], seen[two])


def test_a_dark_border_round_the_board_in_a_white_margin(rendered: tuple[list[str], Image]) -> None:
    rows, image = rendered
    width, height = len(rows[0]) * CELL, len(rows) * CELL
    assert (image.width, image.height) == (width + 2 * LINE, height + 2 * LINE)
    for x in range(width):
        assert lightness(pixel(image, x, 0)) < 20 and lightness(pixel(image, x, height - 1)) < 20
    for y in range(height):
        assert lightness(pixel(image, 0, y)) < 20 and lightness(pixel(image, width - 1, y)) < 20
    margin = {image.hex(x, y) for x in range(image.width) for y in (0, image.height - 1)}
    margin |= {image.hex(x, y) for x in (0, image.width - 1) for y in range(image.height)}
    assert margin == {"#ffffff"}
