"""Issue 32: the pictures of the puzzles played on a grid of squares (`dlx sudoku`, `dlx
skyscrapers`, `dlx queens` with `--svg`) show what a person expects on paper: a sudoku's 3x3 boxes
and which digits were given, skyscrapers' clues beside their rows and columns, a chessboard's
squares under the queens. The golden pictures (`corpus/grids/`) are read back from their SVG
and, with librsvg's rsvg-convert, from their pixels."""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest
from commands import invoke_dlx
from places import ROOT
from png_reader import read_png

from dlx.pictures.svg import DARK_SQUARE, FOUND_INK, GIVEN_FILL, LIGHT_SQUARE
from dlx.puzzles.sudoku import parse, render

GRIDS = ROOT / "corpus" / "grids"
CASES = sorted(p.stem for p in GRIDS.glob("*.args"))
CELL = 24
BORDER = "#1a1a1a"


def drawn(stem: str, tmp_path: Path) -> tuple[str, str]:
    """The board the case's command prints and the SVG its `--svg` writes."""
    words = shlex.split((GRIDS / f"{stem}.args").read_text())[1:]
    arguments = [str(ROOT / w) if w.startswith("corpus/") else w for w in words]
    picture = tmp_path / "picture.svg"
    result = invoke_dlx([*arguments, "--svg", str(picture)], env={"NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    return result.stdout, picture.read_text()


@pytest.mark.parametrize("stem", CASES)
def test_each_grid_picture_is_its_golden_file(stem: str, tmp_path: Path) -> None:
    board, svg = drawn(stem, tmp_path)
    assert board == (GRIDS / f"{stem}.txt").read_text()
    assert svg == (GRIDS / f"{stem}.svg").read_text()


def rects(svg: str) -> dict[tuple[int, int], str]:
    """The fill of each cell-sized rectangle, by (row, column)."""
    found = re.findall(r'<rect x="(-?\d+)" y="(-?\d+)" width="24" height="24" fill="(#\w+)"', svg)
    return {(int(y) // CELL, int(x) // CELL): fill for x, y, fill in found}


def texts(svg: str) -> dict[tuple[int, int], tuple[str, str]]:
    """Each text's (ink, string) by the (row, column) it is written in (outside: -1 or n)."""
    found = re.findall(r'<text x="([\d.-]+)" y="([\d.-]+)" fill="(#\w+)">([^<]*)</text>', svg)
    return {
        (int(float(y) // CELL), int(float(x) // CELL)): (ink, text) for x, y, ink, text in found
    }


def thick_lines(svg: str) -> tuple[set[int], set[int]]:
    """The rows and columns (in cells) at which the dark, thick lines run across and down."""
    d = re.search(rf'stroke="{BORDER}" stroke-width="2"[^>]* d="([^"]*)"', svg)
    assert d is not None
    across = {int(y) // CELL for y in re.findall(r"M0 (\d+)H", d.group(1))}
    down = {int(x) // CELL for x in re.findall(r"M(\d+) 0V", d.group(1))}
    return across, down


def test_a_sudoku_shows_its_boxes_and_tells_givens_from_found_digits() -> None:
    svg = (GRIDS / "sudoku_inkala.svg").read_text()
    givens = render(parse((ROOT / "corpus" / "sudoku" / "inkala.txt").read_text()))
    solved = (GRIDS / "sudoku_inkala.txt").read_text().splitlines()
    grey = {cell for cell, fill in rects(svg).items() if fill == GIVEN_FILL}
    assert grey == {(r, c) for r in range(9) for c in range(9) if givens[r][c] != "."}
    written = texts(svg)
    for r in range(9):
        for c in range(9):
            ink = BORDER if givens[r][c] != "." else FOUND_INK
            assert written[r, c] == (ink, solved[r][c]), (r, c)
    assert thick_lines(svg) == ({0, 3, 6, 9}, {0, 3, 6, 9})


def test_skyscrapers_clues_stand_beside_their_rows_and_columns() -> None:
    svg = (GRIDS / "skyscrapers_4.svg").read_text()
    clues = [int(v) for v in shlex.split((GRIDS / "skyscrapers_4.args").read_text())[2].split()]
    top, bottom, left, right = (clues[k : k + 4] for k in range(0, 16, 4))
    written = texts(svg)
    for k in range(4):
        assert written[-1, k] == (BORDER, str(top[k]))
        assert written[4, k] == (BORDER, str(bottom[k]))
        assert written[k, -1] == (BORDER, str(left[k]))
        assert written[k, 4] == (BORDER, str(right[k]))
    solved = (GRIDS / "skyscrapers_4.txt").read_text().split("\n")
    assert all(
        written[r, c] == (FOUND_INK, solved[r].split()[c]) for r in range(4) for c in range(4)
    )
    assert thick_lines(svg) == ({0, 4}, {0, 4})


def test_queens_stand_on_a_chessboard() -> None:
    svg = (GRIDS / "queens_8.svg").read_text()
    board = (GRIDS / "queens_8.txt").read_text().splitlines()
    squares = rects(svg)
    assert squares == {
        (r, c): DARK_SQUARE if (r + c) % 2 else LIGHT_SQUARE for r in range(8) for c in range(8)
    }
    discs = re.findall(r'<circle cx="([\d.]+)" cy="([\d.]+)"', svg)
    queens = {(int(float(y) // CELL), int(float(x) // CELL)) for x, y in discs}
    assert queens == {(r, c) for r in range(8) for c in range(8) if board[r][c] == "Q"}


@pytest.mark.skipif(shutil.which("rsvg-convert") is None, reason="rsvg-convert is not installed")
def test_the_sudoku_as_a_person_sees_it(tmp_path: Path) -> None:
    """Rendered: given cells grey, found cells white, box lines twice as wide as cell lines."""
    png = tmp_path / "sudoku.png"
    subprocess.run(["rsvg-convert", "-o", str(png), str(GRIDS / "sudoku_inkala.svg")], check=True)
    image = read_png(png.read_bytes())
    givens = render(parse((ROOT / "corpus" / "sudoku" / "inkala.txt").read_text()))
    margin = 2
    for r in range(9):
        for c in range(9):
            x, y = margin + c * CELL + 3, margin + r * CELL + 3  # a corner of the cell, no ink
            expected = GIVEN_FILL if givens[r][c] != "." else "#ffffff"
            assert image.hex(x, y) == expected, (r, c)

    def dark_run(x: int) -> int:
        """How many pixels down the middle of row 0 from x are darker than the cells' fill."""
        y = margin + CELL // 2 - 6
        return sum(1 for dx in range(-3, 4) if sum(image.rows[y][x + dx]) < 3 * 180)

    assert dark_run(margin + 3 * CELL) > dark_run(margin + CELL)  # a box line, a cell line
