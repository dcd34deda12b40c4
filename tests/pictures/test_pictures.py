"""Board pictures (`dlx.pictures.svg`) read back from their SVG: each piece one filled shape with
no line inside it, a border on every edge between pieces and around the board, touching pieces
at least delta E 20 apart, the same picture every time, and the terminal in the same colours.

The golden pictures in `corpus/pictures/` are the `--svg` output of the commands in their `.args`
files. Their pixels, rendered by librsvg, are checked in `tests/pictures/test_picture_pixels.py`.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest
from board_pictures import cell_fills, expected_borders, label_at, neighbours, read_picture
from commands import invoke_dlx, invoke_fillit
from hypothesis import given, settings
from hypothesis import strategies as st
from places import ROOT

from dlx.pictures.delta_e import (
    DICHROMATS,
    as_dichromat,
    delta_e_76,
    delta_e_2000,
    luminance,
    srgb_to_lab,
)
from dlx.pictures.squares import board_colours, board_styles
from dlx.pictures.svg import board_svg

PICTURES = sorted((ROOT / "corpus" / "pictures").glob("*.args"))
SQUARES = [case for case in PICTURES if not case.stem.startswith("tile_")]
"""The pictures of square boards drawn by `dlx.pictures.svg`; `dlx tile`'s (`tile_*`, on every
grid) are read back in `tests/tiling/test_tile_pictures.py`."""
CELL = 24
MADE_UP = {
    "ring_round_a_piece": ["AAAA", "ABBA", "AAAA"],
    "pinched_at_a_corner": ["AB", "BA"],
    "one_label_in_two_parts": ["A.A", "BBB"],
    "empty_cells_and_a_short_row": ["AB.", ".BC", "C"],
    "sixteen_monominoes": ["1234", "5678", "9ABC", "DEFG"],
    "a_hub_ringed_by_twelve": ["11233", "CHHH4", "BHHH5", "AHHH6", "99876"],
}


def delta_e(one: str, two: str) -> float:
    """The smaller of the CIE76 and CIEDE2000 differences of two '#rrggbb' colours."""
    lab_one, lab_two = srgb_to_lab(one), srgb_to_lab(two)
    return min(delta_e_76(lab_one, lab_two), delta_e_2000(lab_one, lab_two))


def contrast(one: str, two: str) -> float:
    """The WCAG contrast ratio of two colours."""
    light, dark = sorted((luminance(one), luminance(two)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def command_picture(case: Path, tmp_path: Path) -> tuple[list[str], str]:
    """The board printed by the command in `case` and the SVG its `--svg` writes."""
    program, *words = case.read_text().split()
    arguments = [str(ROOT / w) if w.startswith("corpus/") else w for w in words]
    picture = tmp_path / "picture.svg"
    invoke = invoke_fillit if program == "fillit" else invoke_dlx
    result = invoke([*arguments, "--svg", str(picture)], env={"NO_COLOR": "1", "COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    return result.stdout.splitlines(), picture.read_text()


def boards() -> list[tuple[str, list[str]]]:
    """The made-up boards and the boards of the golden pictures."""
    made = [(name, rows) for name, rows in MADE_UP.items()]
    golden = []
    for case in SQUARES:
        text = (ROOT / "corpus" / "pictures" / f"{case.stem}.txt").read_text()
        golden.append((case.stem, text.splitlines()))
    return made + golden


BOARDS = boards()
BOARD_IDS = [name for name, _ in BOARDS]


# --- the golden pictures -------------------------------------------------------------------------


@pytest.mark.parametrize("case", PICTURES, ids=lambda case: case.stem)
def test_golden_pictures_are_what_the_commands_draw(case: Path, tmp_path: Path) -> None:
    """`--svg` writes the golden picture, of the board the command prints (golden beside it)."""
    rows, text = command_picture(case, tmp_path)
    assert text == case.with_suffix(".svg").read_text()
    assert rows == case.with_suffix(".txt").read_text().splitlines()


def test_every_golden_picture_has_its_command_and_board() -> None:
    folder = ROOT / "corpus" / "pictures"
    stems = {case.stem for case in PICTURES}
    assert {p.stem for p in folder.glob("*.svg")} == stems == {p.stem for p in folder.glob("*.txt")}
    assert {"fillit_twenty_six_pieces", "pentomino_6x10", "polyomino_square_8x8"} <= stems


# --- what every picture shows --------------------------------------------------------------------


@pytest.mark.parametrize(("name", "rows"), BOARDS, ids=BOARD_IDS)
def test_each_cell_is_covered_by_its_own_piece_alone(name: str, rows: list[str]) -> None:
    """One filled shape per piece: each cell's centre lies in exactly its piece's shape, an
    empty cell's in none."""
    check_fills(rows)


@pytest.mark.parametrize(("name", "rows"), BOARDS, ids=BOARD_IDS)
def test_borders_run_between_pieces_and_round_the_board_and_never_inside_a_piece(
    name: str, rows: list[str]
) -> None:
    check_borders(rows)


@pytest.mark.parametrize(("name", "rows"), BOARDS, ids=BOARD_IDS)
def test_a_picture_of_24_pieces_or_fewer_fills_each_in_a_colour_of_its_own(
    name: str, rows: list[str]
) -> None:
    """A swatch alone tells a piece: no two pieces share a fill up to 24 pieces (the 6 x 10
    pentominoes' twelve, fillit's smaller answers); fillit's 26 share some."""
    picture = read_picture(board_svg(rows, cell=CELL), CELL)
    fills = [fill for fill, _ in picture.fills]
    pieces = len(board_colours(rows))
    assert len(fills) == pieces
    assert len(set(fills)) == pieces if pieces <= 24 else len(set(fills)) < pieces


@pytest.mark.parametrize(("name", "rows"), BOARDS, ids=BOARD_IDS)
def test_touching_pieces_are_at_least_delta_e_20_apart(name: str, rows: list[str]) -> None:
    check_neighbour_colours(rows)


@pytest.mark.parametrize(("name", "rows"), BOARDS, ids=BOARD_IDS)
def test_touching_pieces_stay_apart_for_red_green_colour_blind_eyes(
    name: str, rows: list[str]
) -> None:
    """Where the palette allows (not in a sudoku, whose nine labels all touch), touching pieces
    stay CIEDE2000 10 apart for protanopes and deuteranopes (Machado et al.'s simulation)."""
    if name.startswith("sudoku"):
        pytest.skip("nine labels that all touch: no nine colours stay apart for dichromats")
    colours = board_colours(rows)
    for one, two in neighbours(rows):
        for kind in DICHROMATS:
            seen = [srgb_to_lab(as_dichromat(colours[label], kind)) for label in (one, two)]
            assert delta_e_2000(*seen) >= 10, (one, two, kind)


@pytest.mark.parametrize(("name", "rows"), BOARDS, ids=BOARD_IDS)
def test_one_readable_label_per_part_of_a_piece(name: str, rows: list[str]) -> None:
    """Each connected part of a piece has one label, in its cell, in ink with a WCAG contrast
    ratio of at least 4.5 against the piece's fill."""
    picture = read_picture(board_svg(rows, cell=CELL), CELL)
    colours = board_colours(rows)
    for x, y, ink, text in picture.labels:
        r, c = int(y // CELL), int(x // CELL)
        assert label_at(rows, r, c) == text
        assert contrast(ink, colours[text]) >= 4.5
    assert len(picture.labels) == count_parts(rows)


@given(st.lists(st.text(alphabet="ABCDE.", min_size=1, max_size=7), min_size=1, max_size=7))
@settings(max_examples=150, deadline=None)
def test_any_board_is_drawn_with_its_pieces_borders_and_colours_apart(rows: list[str]) -> None:
    """Random boards, ragged rows and labels in several parts included."""
    check_fills(rows)
    check_borders(rows)
    check_neighbour_colours(rows)


def test_the_picture_is_the_same_in_every_process() -> None:
    """Deterministic: the same board gives the same bytes under other hash seeds."""
    rows = dict(BOARDS)["fillit_twenty_six_pieces"]
    code = "import sys; from dlx.pictures.svg import board_svg; print(board_svg(sys.argv[1:]))"
    pictures = {
        subprocess.run(
            [sys.executable, "-c", code, *rows],
            env={**os.environ, "PYTHONHASHSEED": seed},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for seed in ("1", "2", "3")
    }
    assert pictures == {board_svg(rows) + "\n"}


def test_the_board_alone_with_a_margin_of_one_border_width() -> None:
    picture = read_picture(board_svg(["AB", "CD", "EF"], cell=10), 10)
    root = picture.root
    assert (root.get("width"), root.get("height")) == ("24", "34")
    assert root.get("viewBox") == "-2 -2 24 34"
    assert not [text for *_, text in picture.labels if text not in "ABCDEF"]


def test_labels_that_are_markup_are_escaped() -> None:
    assert [text for *_, text in read_picture(board_svg(["<&"]), CELL).labels] == ["<", "&"]


def test_a_board_of_label_lists_is_drawn_as_the_same_board_of_strings() -> None:
    assert board_svg([["1", "2"], ["3", "."]]) == board_svg(["12", "3."])


def test_a_cell_smaller_than_a_pixel_is_refused() -> None:
    with pytest.raises(ValueError, match="cell"):
        board_svg(["A"], cell=0)


# --- the terminal's colours ----------------------------------------------------------------------

ANSI = re.compile(r"\x1b\[([0-9;]*)m")


def background_of_each_cell(output: str) -> list[list[str | None]]:
    """Each printed character's background colour as '#rrggbb' (None without one)."""
    rows: list[list[str | None]] = [[]]
    background: str | None = None
    parts = ANSI.split(output)
    for k, part in enumerate(parts):
        if k % 2:
            codes = part.split(";")
            background = None
            if "48" in codes:
                at = codes.index("48")
                red, green, blue = (int(v) for v in codes[at + 2 : at + 5])
                background = f"#{red:02x}{green:02x}{blue:02x}"
            continue
        for char in part:
            if char == "\n":
                rows.append([])
            else:
                rows[-1].append(background)
    return [row for row in rows if row]


@pytest.mark.parametrize("case", SQUARES, ids=lambda case: case.stem)
def test_the_terminal_draws_each_cell_on_its_fill_in_the_picture(case: Path) -> None:
    """On a terminal (FORCE_COLOR, true colour) each piece's letters stand on the fill the SVG
    gives it. In a process of its own: rich keeps a parsed style's escape codes for the first
    colour depth it was drawn in, so in-process runs at other depths would change them."""
    program, *words = case.read_text().split()
    arguments = [str(ROOT / w) if w.startswith("corpus/") else w for w in words]
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "PYTHONPATH")}
    env.update(FORCE_COLOR="1", COLORTERM="truecolor", COLUMNS="120")
    printed = subprocess.run(
        [sys.executable, "-m", program, *arguments],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    rows = case.with_suffix(".txt").read_text().splitlines()
    fills = cell_fills(read_picture(case.with_suffix(".svg").read_text(), CELL), rows, CELL)
    drawn = background_of_each_cell(printed)
    assert len(drawn) == len(rows)
    for r, row in enumerate(drawn):
        assert [fills[(r, c)][0] if fills[(r, c)] else None for c in range(len(row))] == row


# --- checks shared by the tests above ------------------------------------------------------------


def check_fills(rows: Sequence[str]) -> None:
    """Every cell's centre lies in exactly its own piece's shape, of its piece's colour."""
    picture = read_picture(board_svg(rows, cell=CELL), CELL)
    colours = board_colours(rows)
    assert len(picture.fills) == len(colours)
    for (r, c), fills in cell_fills(picture, rows, CELL).items():
        label = label_at(rows, r, c)
        assert fills == ([] if label is None else [colours[label]]), (r, c)


def check_borders(rows: Sequence[str]) -> None:
    """The borders cover exactly the edges between different pieces (or a piece and an empty
    cell) and round the board, each once: never an edge between two cells of one piece."""
    picture = read_picture(board_svg(rows, cell=CELL), CELL)
    assert len(picture.borders) == len(set(picture.borders))
    assert set(picture.borders) == expected_borders(rows)
    height, width = len(rows), max(map(len, rows))
    for (x, y), (x1, _) in picture.borders:
        if x1 != x:
            one, two, outside = label_at(rows, y - 1, x), label_at(rows, y, x), y in (0, height)
        else:
            one, two, outside = label_at(rows, y, x - 1), label_at(rows, y, x), x in (0, width)
        assert outside or one != two, ((x, y), one, two)


def check_neighbour_colours(rows: Sequence[str]) -> None:
    """Pieces sharing a side have fills at least delta E 20 apart (CIE76 and CIEDE2000)."""
    picture = read_picture(board_svg(rows, cell=CELL), CELL)
    fills = cell_fills(picture, rows, CELL)
    of = {label_at(rows, r, c): found[0] for (r, c), found in fills.items() if found}
    for one, two in neighbours(rows):
        assert delta_e(of[one], of[two]) >= 20, (one, two, of[one], of[two])


def count_parts(rows: Sequence[str]) -> int:
    """How many connected parts the pieces of `rows` have."""
    seen: set[tuple[int, int]] = set()
    parts = 0
    for r, row in enumerate(rows):
        for c in range(len(row)):
            if label_at(rows, r, c) is None or (r, c) in seen:
                continue
            parts += 1
            stack = [(r, c)]
            while stack:
                here = stack.pop()
                if here in seen:
                    continue
                seen.add(here)
                y, x = here
                for near in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)):
                    if label_at(rows, *near) == label_at(rows, y, x):
                        stack.append(near)
    return parts


def test_the_judge_draws_a_received_square_in_the_expected_ones_colours() -> None:
    """`fillit check` shows expected and received side by side, a letter on the same fill in
    both, the expected square's `board_styles`."""
    from fillit.tools.judge_report import board, letter_styles

    expected, received = "AAB\nACB\nCCB\n", "AAB\nACC\nCCB\n"
    styles = letter_styles(expected)
    assert styles == board_styles(["AAB", "ACB", "CCB"])
    drawn = board(received, None, colours=expected)
    for span in drawn.spans:
        assert str(span.style) == styles[drawn.plain[span.start : span.end]]
