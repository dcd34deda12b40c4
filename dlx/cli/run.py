"""How does a `dlx` puzzle command run? Each command makes one run object (a `BoardRun`: what
its puzzle is, read once, and how its boards are searched, counted and drawn) and hands it to
`run_boards` with what it was asked (`Asked`, its ten shared options), which reads the input,
then counts or searches (in worker processes with `--jobs`), shows the boards and ends as every
command ends (`dlx.cli.output.end`).

Without typer, so that `dlx tile --count`'s plain start (`dlx.cli.plain`) runs this same
path; the options' definitions are `dlx.cli.common`'s.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, NamedTuple

from dlx.cli.boards import Board, PaintedBoard, board_console, check_svg, show_board, write_svg
from dlx.cli.output import Held, budget, end, fail, guarded, json_at_stop, partial_at_stop
from dlx.programs.ending import Clock
from dlx.programs.live import live_line
from dlx.stats import Stats

if TYPE_CHECKING:
    from pathlib import Path

    from dlx.problem import Problem
    from dlx.solve import SearchKeywords


class Asked(NamedTuple):
    """What every puzzle command is asked about its boards: count them or print them (at most
    `limit`, None for every one: settled by `dlx.cli.output.listed` from `--count`, `--all`
    and `--limit`), its statistics, JSON instead of text, an SVG of the first, plain text, the
    run's budgets, and worker processes for counting."""

    count_only: bool = False
    every: bool = False
    limit: int | None = None
    show_stats: bool = False
    as_json: bool = False
    svg: Path | None = None
    plain: bool = False
    timeout: float | None = None
    max_nodes: int | None = None
    jobs: int | None = None


class BoardRun(ABC):
    """One puzzle command's run, as `run_boards` asks it: `pose` reads and checks the input,
    once and first (bad input raises a `DlxError`); `boards` are its solutions as text rows
    under a search's keywords, `count` their number (counted inside the search unless
    overridden), `problem` the exact-cover problem that `--jobs` splits on the engine `engine`
    names. The rest says how the command differs from the others: `picture`, the first board's
    SVG; `described`, what `--json` adds where it lists boards; `none`, the exit for no board;
    `error`, the exit for bad input."""

    def pose(self) -> None:  # noqa: B027 (a command whose arguments are its puzzle reads nothing)
        """Read and check the input."""

    @abstractmethod
    def problem(self) -> Problem[Any]:
        """The puzzle's exact-cover problem."""

    @abstractmethod
    def boards(self, search: SearchKeywords) -> Iterator[Board]:
        """The solutions as text rows, in search order."""

    def count(self, search: SearchKeywords) -> int:
        """The number of solutions, counted inside the search."""
        from dlx import count  # (the engine loads when a search starts, not with the commands)

        return count(self.problem(), **search)

    def engine(self) -> dict[str, Any]:
        """The keywords naming the engine a parallel count runs on (none: the links engine)."""
        return {}

    def picture(self, board: Board) -> str:
        """A board's SVG picture: its own, or each label one piece of a square grid."""
        if isinstance(board, PaintedBoard) and board.drawn is not None:
            return board.drawn()
        from dlx.pictures.svg import board_svg

        return board_svg(board)

    def described(self) -> dict[str, Any]:
        """What `--json` adds to its object where it lists the boards."""
        return {}

    def none(self) -> BaseException:
        """The exit when no board is found."""
        return fail("no solution")

    def none_counted(self) -> BaseException:
        """The exit when a count (or `--json`) finds no board: nothing more on standard
        output."""
        return fail("no solution")

    def error(self, message: str) -> BaseException:
        """The exit for bad input, `message` saying what is wrong."""
        return fail(message)


def run_boards(asked: Asked, run: BoardRun) -> None:
    """A puzzle command's run: with `--jobs`, its problem counted by worker processes; else
    its boards counted inside the search, or each shown as found (as many as `asked.limit`;
    held back where a budget may still stop the search, or for `--json`), the first drawn with
    `--svg`; all within the whole run's clock."""
    if asked.jobs is not None:
        from dlx.cli.parallel import count_in_parallel

        count_in_parallel(run, asked)
        return
    check_svg(asked.svg)  # refused before any search, not after
    counters = Stats()
    if asked.as_json:
        json_at_stop(counters)
    with (
        Clock(asked.timeout) as clock,
        live_line(not (asked.count_only or asked.as_json or _budgeted(asked))) as line,
    ):
        partial_at_stop(counters, asked.show_stats)
        with guarded(run.error):
            run.pose()
            search = budget(counters, clock, asked.max_nodes, asked.limit, line)
            in_search = asked.count_only and asked.svg is None  # no board leaves the search
            boards = run.count(search) if in_search else run.boards(search)
        show = _Shown(asked, run)
        found, held = (boards, Held()) if isinstance(boards, int) else _take(boards, asked, show)
        if line is not None:
            line.erase()
        clock.stop()
    listing = not (asked.count_only or asked.as_json)
    end(
        found,
        held,
        counters,
        count=asked.count_only,
        show_stats=asked.show_stats,
        as_json=asked.as_json,
        show=show,
        none=run.none if listing else run.none_counted,
        described=run.described() if asked.as_json and not asked.count_only else None,
    )


class _Shown:
    """How a run shows a board as text (coloured by piece on a terminal, the first also drawn
    with `--svg`), and draws one."""

    def __init__(self, asked: Asked, run: BoardRun) -> None:
        self.svg, self.picture = asked.svg, run.picture
        self.console = None if asked.count_only or asked.as_json else board_console(asked.plain)

    def __call__(self, board: Board, number: int) -> None:
        show_board(board, number, self.console)
        if number == 1 and self.svg is not None:
            self.draw(board)

    def draw(self, board: Board) -> None:
        """Write the board's SVG picture to the `--svg` file."""
        assert self.svg is not None
        write_svg(self.svg, board, self.picture)


def _take(boards: Iterator[Board], asked: Asked, show: _Shown) -> tuple[int, Held]:
    """Go through the boards: each shown as found, or held until the search ends (where a
    budget may still stop it, or for `--json`), or only counted; the first drawn as found where
    none is shown. Their number, and those held."""
    hold = asked.as_json or _budgeted(asked)
    found, held = 0, Held()
    with guarded():
        for board in boards:
            found += 1
            if asked.count_only or asked.as_json:
                if found == 1 and asked.svg is not None:
                    show.draw(board)
                if not asked.count_only:
                    held.hold(list(board))
            elif hold:
                held.hold(board)
            else:
                show(board, found)
    return found, held


def _budgeted(asked: Asked) -> bool:
    """Whether a budget may stop the search (so that what it found waits for its end)."""
    return asked.timeout is not None or asked.max_nodes is not None
