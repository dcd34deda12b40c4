"""How do the `dlx` puzzle commands run? With the ten options they share (`dlx.cli.common`'s
`board_command`, `Asked`), one run in order (`run_boards`: read the input, then count or
search), and their answers printed: boards one after another (held back while a budget may
still stop the search), coloured by piece on a terminal as in the SVG of the first."""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from dlx import Stats
from dlx.cli.common import Asked, Board, PaintedBoard, check_svg
from dlx.cli.output import (
    Held,
    budget,
    count_run,
    counted,
    fail,
    guarded,
    json_at_stop,
    partial_at_stop,
    report,
    solve_json,
    write_json,
)
from dlx.cli.parallel import count_in_parallel
from dlx.programs.kit import Clock
from dlx.programs.live import LiveLine, live_line, styled

if TYPE_CHECKING:
    from rich.console import Console

    from dlx import Problem
    from dlx.solve import SearchKeywords


Picture = Callable[[Board], str]
"""A board's SVG picture."""

P = TypeVar("P")
"""A puzzle as its command poses it: its input read and checked."""


def run_boards(
    asked: Asked,
    pose: Callable[[], P],
    problem: Callable[[P], Problem[Any]],
    boards: Callable[[P, SearchKeywords], Iterator[Board]],
    *,
    counter: Callable[[P, SearchKeywords], int] | None = None,
    picture: Callable[[P, Board], str] | None = None,
    none: Callable[[], BaseException] | None = None,
    on_error: Callable[[str], BaseException] = fail,
    engine: Callable[[P], dict[str, Any]] | None = None,
    described: Callable[[P], dict[str, Any]] | None = None,
) -> None:
    """A puzzle command's run: `pose` reads and checks its input; with `--jobs`, `problem` is
    counted by worker processes on `engine`'s keywords (the links engine without); with
    `--count` and no picture, counted in the search (`counter`, or `problem`'s solutions); else
    `boards` makes its boards, each shown as found (as many as `asked.limit`), the first drawn by
    `picture`, or held for `--json` (whose object `described` adds to where it lists them).
    Bad input goes to `on_error`; `none` is the exit for no board; all within the whole run's
    clock."""
    if asked.jobs is not None:
        keywords = None if engine is None else lambda _problem: engine(pose())
        count_in_parallel(lambda: problem(pose()), asked, on_error, engine=keywords)
        return
    check_svg(asked.svg)  # before any search, not after
    if asked.count_only and asked.svg is None and not asked.as_json:  # counted in the search
        budgets = (asked.timeout, asked.max_nodes, asked.limit)
        count_run(pose, counter or _counted(problem), budgets, asked.show_stats, on_error)
        return
    _listed(asked, pose, problem, boards, counter, picture, none, on_error, described)


def _listed(
    asked: Asked,
    pose: Callable[[], P],
    problem: Callable[[P], Problem[Any]],
    boards: Callable[[P, SearchKeywords], Iterator[Board]],
    counter: Callable[[P, SearchKeywords], int] | None,
    picture: Callable[[P, Board], str] | None,
    none: Callable[[], BaseException] | None,
    on_error: Callable[[str], BaseException],
    described: Callable[[P], dict[str, Any]] | None = None,
) -> None:
    """`run_boards` where the boards are shown (as text, JSON or a picture), each as found."""
    hold = asked.timeout is not None or asked.max_nodes is not None  # answers wait for the end
    counters = Stats()
    if asked.as_json:
        json_at_stop(counters)
    with (
        Clock(asked.timeout) as clock,
        live_line(not (asked.count_only or asked.as_json or hold)) as line,
    ):
        partial_at_stop(counters, asked.show_stats)
        with guarded(on_error):
            posed = pose()
            search = budget(counters, clock, asked.max_nodes, asked.limit, line)
            found = _found(asked, posed, search, problem, boards, counter)
        drawn = None if picture is None else functools.partial(picture, posed)
        if asked.as_json:
            more = None if described is None else functools.partial(described, posed)
            json_boards(found, counters, clock, asked, drawn, line, more)
            return
        show_boards(
            found,
            counters,
            clock,
            hold=hold,
            count=asked.count_only,
            show_stats=asked.show_stats,
            svg=asked.svg,
            console=board_console(asked.plain),
            none=none or (lambda: fail("no solution")),
            picture=drawn,
            line=line,
        )


def _found(
    asked: Asked,
    posed: P,
    search: SearchKeywords,
    problem: Callable[[P], Problem[Any]],
    boards: Callable[[P, SearchKeywords], Iterator[Board]],
    counter: Callable[[P, SearchKeywords], int] | None,
) -> Iterator[Board] | int:
    """The boards to show, or their number, counted in the search where no picture is asked
    for."""
    if asked.count_only and asked.svg is None:
        return (counter or _counted(problem))(posed, search)
    return boards(posed, search)


def _counted(problem: Callable[[P], Problem[Any]]) -> Callable[[P, SearchKeywords], int]:
    """Count the exact covers of the posed puzzle's problem inside the search."""

    def counted(posed: P, search: SearchKeywords) -> int:
        from dlx import count  # (the engine loads when a search starts, not with the commands)

        return count(problem(posed), **search)

    return counted


def json_boards(
    boards: Iterator[Board] | int,
    stats: Stats,
    clock: Clock,
    asked: Asked,
    picture: Picture | None = None,
    line: LiveLine | None = None,
    more: Callable[[], dict[str, Any]] | None = None,
) -> None:
    """`--json`: one object with the number of boards (`boards` may be that number, counted
    already), the boards' rows unless counting (and then what `more` adds), and the
    statistics; the first board also as SVG; none (a count of 0 included) exits 1."""
    texts, found = Held(), boards if isinstance(boards, int) else 0
    with guarded():
        for board in () if isinstance(boards, int) else boards:
            found += 1
            if found == 1 and asked.svg is not None:
                write_svg(asked.svg, board, picture)
            if not asked.count_only:
                texts.hold(list(board))
    if line is not None:
        line.erase()
    clock.stop()
    result = solve_json(found, texts, stats, asked.count_only)
    if more is not None and "solutions" in result:
        result.update(more())
    write_json(result)
    report(stats, asked.show_stats)
    if not found:
        raise fail("no solution")


def board_console(plain: bool) -> Console | None:
    """The console boards are drawn on, coloured by label on a terminal; None for plain text
    (asked for, NO_COLOR, or not a terminal unless FORCE_COLOR)."""
    if not styled(sys.stdout, plain):
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
    none: Callable[[], BaseException],
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
                show_board(board, found, svg, console, picture)
    if line is not None:
        line.erase()
    clock.stop()
    if count:
        counted(found, stats, show_stats)
        return
    report(stats, show_stats)
    for number, board in enumerate(held, start=1):
        show_board(board, number, svg, console, picture)
    if not found:
        raise none()


def show_board(
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
