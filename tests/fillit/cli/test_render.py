"""Drawing answers (`fillit.render`): the terminal shows each piece in the SVG picture's colours."""

from __future__ import annotations

from board_pictures import cell_fills, neighbours, read_picture
from places import ROOT

from dlx.pictures.svg import board_svg
from fillit.answer import Answer
from fillit.parse import parse
from fillit.render import coloured, plain
from fillit.solver.arrange import arrange_fast

CASE = ROOT / "corpus" / "fillit" / "valid" / "twenty_six_pieces.txt"
CELL = 10


def terminal_fills(answer: Answer) -> dict[str, str]:
    """Each letter's background in the terminal drawing of `answer`, its one style checked."""
    text = coloured(answer)
    fills: dict[str, str] = {}
    for span in text.spans:
        mark = text.plain[span.start : span.end]
        style = str(span.style)
        if mark == ".":
            assert style == "dim"
            continue
        _, fill = style.removeprefix("bold ").split(" on ")
        assert fills.setdefault(mark, fill) == fill
    return fills


def svg_fills(rows: list[str]) -> dict[str, str]:
    """Each letter's fill in the SVG picture of the board `rows`."""
    fills: dict[str, str] = {}
    for (r, c), found in cell_fills(
        read_picture(board_svg(rows, cell=CELL), CELL), rows, CELL
    ).items():
        if found:
            assert fills.setdefault(rows[r][c], found[0]) == found[0]
    return fills


def test_each_letter_has_one_colour_on_the_terminal_and_in_the_svg() -> None:
    """26 pieces: every letter stands on the same fill in both, and touching letters' fills
    differ."""
    answer = arrange_fast(parse(CASE.read_text()))
    rows = answer.rows()
    terminal = terminal_fills(answer)
    assert sorted(terminal) == [chr(ord("A") + k) for k in range(26)]
    assert terminal == svg_fills(rows)
    assert all(terminal[one] != terminal[two] for one, two in neighbours(rows))


def test_the_coloured_board_reads_as_the_plain_one() -> None:
    answer = arrange_fast(parse(CASE.read_text()))
    assert coloured(answer).plain == plain(answer)
