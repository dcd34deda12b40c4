"""How the `dlx` puzzle commands print their answers: boards one after another (held back while a
budget may still stop the search), coloured by piece on a terminal as in the SVG of the first."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from dlx import Stats
from dlx.cli.common import Board, PaintedBoard, budget, fail, guarded, report
from dlx.cli.kit import Clock

if TYPE_CHECKING:
    from rich.console import Console

    from dlx.puzzles.search import Search


@dataclass(frozen=True)
class Shown:
    """What every puzzle command is asked about its boards: count them or print them, its
    statistics, an SVG of the first, plain text, and the run's budgets and limit."""

    count: bool
    show_stats: bool
    svg: Path | None
    plain: bool
    timeout: float | None
    max_nodes: int | None
    limit: int | None = None


def search_boards(
    make: Callable[[Search], Iterator[Board]],
    shown: Shown,
    *,
    none: Callable[[], typer.Exit] | None = None,
    on_error: Callable[[str], typer.Exit] = fail,
    first: bool = False,
    counter: Callable[[Search], int] | None = None,
) -> None:
    """A puzzle command's run: its boards, made by `make` from the search's keywords (bad input
    reported by `on_error`), shown as asked, within the whole run's clock; with `first`, only
    the first board unless counting. `none` is the exit when there is none. `counter`, when
    given, counts the boards from the same keywords without making them (for `--count`)."""
    if shown.svg is not None and not shown.svg.parent.is_dir():  # before any search, not after
        raise fail(f"{shown.svg}: no such folder")
    with Clock(shown.timeout) as clock:
        counters = Stats()
        boards: Iterator[Board] | int
        with guarded(on_error):
            search = budget(counters, clock, shown.max_nodes, shown.limit)
            boards = counter(search) if counter is not None and shown.count else make(search)
        if first and not shown.count and not isinstance(boards, int):
            boards = first_only(boards)
        show_boards(
            boards,
            counters,
            clock,
            hold=held(shown.timeout, shown.max_nodes),
            count=shown.count,
            show_stats=shown.show_stats,
            svg=shown.svg,
            console=board_console(shown.plain),
            none=none or no_solution,
        )


def board_console(plain: bool) -> Console | None:
    """The console boards are drawn on, coloured by label on a terminal; None for plain text
    (asked for, NO_COLOR, or not a terminal unless FORCE_COLOR)."""
    styled = sys.stdout.isatty() or bool(os.environ.get("FORCE_COLOR"))
    if plain or os.environ.get("NO_COLOR") or not styled:
        return None
    from rich.console import Console

    return Console(highlight=False, soft_wrap=True)


def show_boards(
    boards: Iterator[Board] | int,
    stats: Stats,
    clock: Clock,
    *,
    hold: bool,
    count: bool,
    show_stats: bool,
    svg: Path | None,
    console: Console | None,
    none: Callable[[], typer.Exit],
) -> None:
    """Print each board (rows, blank line between boards), or only their number (`boards`
    may be that number, counted already). With `hold` (a budget may stop the search) the boards
    wait until the search ends, so one stopped by a budget prints nothing; no board (a count of
    0 included) exits 1."""
    held: list[Board] = []
    found = boards if isinstance(boards, int) else 0
    with guarded():
        for board in () if isinstance(boards, int) else boards:
            found += 1
            if count:
                continue
            if hold:
                held.append(board)
            else:
                _show(board, found, svg, console)
    clock.stop()
    report(stats, show_stats)
    if count:
        sys.stdout.write(f"{found}\n")
    for number, board in enumerate(held, start=1):
        _show(board, number, svg, console)
    if not found:
        raise fail("no solution") if count else none()


def _show(board: Board, number: int, svg: Path | None, console: Console | None) -> None:
    """Print the `number`-th board, after a blank line unless first; the SVG of the first."""
    if number > 1:
        sys.stdout.write("\n")
    _print_board(board, console)
    if svg is not None and number == 1:
        write_svg(svg, board)


def write_svg(path: Path, board: Board) -> None:
    """Write the board as an SVG picture; a file that cannot be written is bad input."""
    from dlx.puzzles.svg import board_svg

    try:
        path.write_text(board_svg(board))
    except OSError as error:
        raise fail(f"{path}: {error.strerror or error}") from None


def _print_board(board: Board, console: Console | None) -> None:
    """One board, coloured by label on `console`, or plain."""
    if console is None:
        sys.stdout.write("".join(f"{row}\n" for row in board))
        return
    from rich.text import Text

    from dlx.puzzles.squares import board_styles

    # the SVG picture's colours
    styles = board.styles if isinstance(board, PaintedBoard) else board_styles(board)
    text = Text()
    for row in board:
        for mark in row:
            text.append(mark, style=styles.get(mark, "dim"))
        text.append("\n")
    console.print(text, end="")


def no_solution() -> typer.Exit:
    """The exit for a puzzle without a solution: a message on standard error."""
    return fail("no solution")


def held(timeout: float | None, max_nodes: int | None) -> bool:
    """Whether a budget may stop the search, so that answers must wait for its end."""
    return timeout is not None or max_nodes is not None


def first_only(boards: Iterator[Board]) -> Iterator[Board]:
    """Only the first board."""
    for board in boards:
        yield board
        return
