"""Drawing answers (`fillit.render`): one palette for the terminal and the SVG picture."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from pathlib import Path

from dlx.puzzles.svg import board_svg
from fillit.parse import parse
from fillit.render import coloured, plain
from fillit.solver.fast import arrange_fast
from fillit.vocabulary import Answer

CASE = Path(__file__).resolve().parents[1] / "corpus" / "fillit" / "valid" / "twenty_six_pieces.txt"
CELL = 10


def terminal_colours(answer: Answer) -> dict[str, str]:
    """Each letter's colour in the terminal drawing of `answer`."""
    text = coloured(answer)
    colours: dict[str, str] = {}
    for span in text.spans:
        mark = text.plain[span.start : span.end]
        style = str(span.style)
        if mark != ".":
            assert style.startswith("bold #"), style
            colours.setdefault(mark, style.removeprefix("bold "))
            assert colours[mark] == style.removeprefix("bold ")
    return colours


def svg_colours(rows: list[str]) -> dict[str, str]:
    """Each letter's fill in the SVG picture of the board `rows`."""
    root = ElementTree.fromstring(board_svg(rows, cell=CELL))
    colours: dict[str, str] = {}
    for rect in root.iter("{http://www.w3.org/2000/svg}rect"):
        x, y = int(rect.get("x", "0")) // CELL, int(rect.get("y", "0")) // CELL
        mark = rows[y][x]
        if mark != ".":
            colours.setdefault(mark, rect.get("fill", ""))
            assert colours[mark] == rect.get("fill")
    return colours


def test_each_letter_has_one_colour_on_the_terminal_and_in_the_svg() -> None:
    """26 pieces: every letter is drawn in the same colour by both, and no two letters share
    one."""
    answer = arrange_fast(parse(CASE.read_text()))
    rows = answer.rows()
    terminal = terminal_colours(answer)
    assert sorted(terminal) == [chr(ord("A") + k) for k in range(26)]
    assert terminal == svg_colours(rows)
    assert len(set(terminal.values())) == 26


def test_the_coloured_board_reads_as_the_plain_one() -> None:
    answer = arrange_fast(parse(CASE.read_text()))
    assert coloured(answer).plain == plain(answer)
