"""How are a puzzle command's boards shown? As text rows, one board after another with a blank
line between, coloured by piece on a terminal as in the SVG picture of the first (which
`write_svg` writes); plain elsewhere, or when asked."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from dlx.cli.output import fail
from dlx.programs.live import styled

if TYPE_CHECKING:
    from pathlib import Path

    from rich.console import Console


Board = Sequence[str]
"""A board as text rows."""


class PaintedBoard(list[str]):
    """A board's rows with each label's terminal style given (its picture's colours, worked out
    on its own grid), for boards whose rows are not a square grid's; `legend`: lines printed
    plain after the rows (what each label stands for), not part of the board; `drawn`: its own
    SVG picture, drawn when asked."""

    def __init__(
        self,
        rows: Sequence[str],
        styles: dict[str, str],
        legend: Sequence[str] = (),
        drawn: Callable[[], str] | None = None,
    ) -> None:
        super().__init__(rows)
        self.styles = styles
        self.legend = list(legend)
        self.drawn = drawn


Picture = Callable[[Board], str]
"""A board's SVG picture."""


def board_console(plain: bool) -> Console | None:
    """The console boards are drawn on, coloured by label on a terminal; None for plain text
    (asked for, NO_COLOR, or not a terminal unless FORCE_COLOR)."""
    if not styled(sys.stdout, plain):
        return None
    from rich.console import Console

    return Console(highlight=False, soft_wrap=True)


def show_board(board: Board, number: int, console: Console | None) -> None:
    """Print the `number`-th board, after a blank line unless first, coloured on `console`."""
    if number > 1:
        sys.stdout.write("\n")
    _print_board(board, console)


def write_svg(path: Path, board: Board, picture: Picture) -> None:
    """Write the board's SVG picture, as `picture` draws it; a file that cannot be written is
    bad input."""
    try:
        path.write_text(picture(board))
    except OSError as error:
        raise fail(f"{path}: {error.strerror or error}") from None


def _print_board(board: Board, console: Console | None) -> None:
    """One board, coloured by label on `console`, or plain; then its legend, if any, plain."""
    legend = board.legend if isinstance(board, PaintedBoard) else []
    if console is None:
        sys.stdout.write("".join(f"{row}\n" for row in [*board, *legend]))
        return
    from rich.text import Text

    from dlx.pictures.squares import board_styles

    # the SVG picture's colours
    styles = board.styles if isinstance(board, PaintedBoard) else board_styles(board)
    text = Text()
    for row in board:
        for mark in row:
            text.append(mark, style=styles.get(mark, "dim"))
        text.append("\n")
    for line in legend:
        text.append(f"{line}\n")
    console.print(text, end="")


def check_svg(path: Path | None) -> None:
    """Refuse, before any search, an `--svg` file that cannot be written (exit 1)."""
    from dlx.programs.files import unwritable

    reason = None if path is None else unwritable(path)
    if reason is not None:
        raise fail(f"{path}: {reason}")
