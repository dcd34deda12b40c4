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
from dlx.cli.common import (
    Board,
    Held,
    PaintedBoard,
    budget,
    check_svg,
    fail,
    guarded,
    partial_at_stop,
    report,
    solve_json,
    write_json,
)
from dlx.console.kit import Clock
from dlx.console.live import LiveLine, live_line

if TYPE_CHECKING:
    from rich.console import Console

    from dlx.solve import SearchKeywords


Picture = Callable[[Board], str]
"""A board's SVG picture."""


@dataclass(frozen=True)
class Shown:
    """What every puzzle command is asked about its boards: count them or print them, its
    statistics, an SVG of the first (drawn by `picture`), plain text, the run's budgets and
    limit, and JSON instead of text."""

    count: bool
    show_stats: bool
    svg: Path | None
    plain: bool
    timeout: float | None
    max_nodes: int | None
    limit: int | None = None
    as_json: bool = False
    picture: Picture | None = None


def search_boards(
    make: Callable[[SearchKeywords], Iterator[Board]],
    shown: Shown,
    *,
    none: Callable[[], typer.Exit] | None = None,
    on_error: Callable[[str], typer.Exit] = fail,
    first: bool = False,
    counter: Callable[[SearchKeywords], int] | None = None,
) -> None:
    """A puzzle command's run: its boards, made by `make` from the search's keywords (bad input
    reported by `on_error`), shown as asked, within the whole run's clock; with `first`, only
    the first board unless counting. `none` is the exit when there is none. `counter`, when
    given, counts the boards from the same keywords without making them (for `--count` with
    no picture to draw)."""
    check_svg(shown.svg)  # before any search, not after
    hold = held(shown.timeout, shown.max_nodes)
    printing = not (shown.count or shown.as_json or hold)
    with Clock(shown.timeout) as clock, live_line(printing) as line:
        counters = Stats()
        partial_at_stop(counters, shown.show_stats)
        boards: Iterator[Board] | int
        with guarded(on_error):
            search = budget(counters, clock, shown.max_nodes, shown.limit, line)
            counted = counter is not None and shown.count and shown.svg is None
            boards = counter(search) if counter is not None and counted else make(search)
        if first and not shown.count and shown.limit is None and not isinstance(boards, int):
            boards = first_only(boards)
        if shown.as_json:
            json_boards(boards, counters, clock, shown, line)
            return
        show_boards(
            boards,
            counters,
            clock,
            hold=hold,
            count=shown.count,
            show_stats=shown.show_stats,
            svg=shown.svg,
            console=board_console(shown.plain),
            none=none or no_solution,
            picture=shown.picture,
            line=line,
        )


def json_boards(
    boards: Iterator[Board] | int,
    stats: Stats,
    clock: Clock,
    shown: Shown,
    line: LiveLine | None = None,
) -> None:
    """`--json`: one object with the number of boards (`boards` may be that number, counted
    already), the boards' rows unless counting, and the statistics; the first board also as
    SVG; none (a count of 0 included) exits 1."""
    texts, found = Held(), boards if isinstance(boards, int) else 0
    with guarded():
        for board in () if isinstance(boards, int) else boards:
            found += 1
            if found == 1 and shown.svg is not None:
                write_svg(shown.svg, board, shown.picture)
            if not shown.count:
                texts.hold(list(board))
    if line is not None:
        line.erase()
    clock.stop()
    write_json(solve_json(found, texts, stats, shown.count))
    report(stats, shown.show_stats)
    if not found:
        raise fail("no solution")


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
    picture: Picture | None = None,
    line: LiveLine | None = None,
) -> None:
    """Print each board (rows, blank line between boards), or only their number (`boards`
    may be that number, counted already). With `hold` (a budget may stop the search) the boards
    wait until the search ends, so one stopped by a budget prints nothing; no board (a count of
    0 included) exits 1."""
    held = Held()
    found = boards if isinstance(boards, int) else 0
    with guarded():
        for board in () if isinstance(boards, int) else boards:
            found += 1
            if count:
                continue
            if hold:
                held.hold(board)
            else:
                _show(board, found, svg, console, picture)
    if line is not None:
        line.erase()
    clock.stop()
    report(stats, show_stats)
    if count:
        sys.stdout.write(f"{found}\n")
    for number, board in enumerate(held, start=1):
        _show(board, number, svg, console, picture)
    if not found:
        raise fail("no solution") if count else none()


def _show(
    board: Board, number: int, svg: Path | None, console: Console | None, picture: Picture | None
) -> None:
    """Print the `number`-th board, after a blank line unless first; the SVG of the first."""
    if number > 1:
        sys.stdout.write("\n")
    _print_board(board, console)
    if svg is not None and number == 1:
        write_svg(svg, board, picture)


def write_svg(path: Path, board: Board, picture: Picture | None = None) -> None:
    """Write the board's SVG picture (`picture`'s, or each label one piece); a file that cannot
    be written is bad input."""
    from dlx.pictures.svg import board_svg

    try:
        path.write_text((picture or board_svg)(board))
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
