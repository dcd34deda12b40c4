"""`dlx tile`: any tiling puzzle on a square, triangle, hex, cube or sticks grid, read from a
picture or from Knuth's spec lines (told apart by content), or named with --board and --pieces; each
solution printed as a picture on its grid, or counted. The puzzle's reading and its exact-cover
problem are `dlx.tiling`'s; this module parses the arguments and hands the boards to
`dlx.cli.boards`. Exit statuses as every `dlx` command (`dlx.cli.common`).
"""

# Without `from __future__ import annotations`, as in dlx.cli.app (typer reads these at start).

import sys
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Annotated, Any

import typer

from dlx.cli.boards import board_console, check_svg, show_board
from dlx.cli.common import NOTHING_ASKED, board_command
from dlx.cli.output import fail, guarded
from dlx.cli.parallel import sequential_only
from dlx.cli.run import Asked, run_boards
from dlx.cli.tile_run import TileRun, Turning, painted
from dlx.cli.zdd_options import NO_ZDD, ZddOptions, refuse_others, zdd_options
from dlx.programs.kit import Clock, PlainUsage

if TYPE_CHECKING:
    from rich.console import Console

    from dlx.problem import Problem


def register(app: typer.Typer) -> None:
    """Add `dlx tile` to the `dlx` command line `app`."""
    app.command("tile", cls=PlainUsage)(zdd_options(board_command(tile)))


FileArg = Annotated[
    str | None, typer.Argument(metavar="FILE", help="A picture or Knuth's spec lines, or -.")
]
GridOpt = Annotated[
    str | None, typer.Option("--grid", help="square, triangle, hex, cube or sticks.")
]
PiecesOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--pieces",
        metavar="NAME",
        help="A named piece set; sets add up: --pieces trihexes,tetrahexes or --pieces again.",
    ),
]
BoardOpt = Annotated[
    str | None, typer.Option("--board", metavar="NAME", help="A named board: 6x10, 3x3x3...")
]
NoRotateOpt = Annotated[bool, typer.Option("--no-rotate", help="Forbid rotations.")]
NoFlipOpt = Annotated[bool, typer.Option("--no-flip", help="Forbid reflections (2D).")]
MirrorOpt = Annotated[bool, typer.Option("--mirror", help="Allow reflections (cube).")]
UniqueOpt = Annotated[
    bool, typer.Option("--unique", help="One solution per symmetry of the puzzle.")
]
DlxOpt = Annotated[
    bool, typer.Option("--dlx", help="Print the exact-cover problem in Knuth's format.")
]


def tile(
    file: FileArg = None,
    grid: GridOpt = None,
    pieces: PiecesOpt = None,
    board: BoardOpt = None,
    no_rotate: NoRotateOpt = False,
    no_flip: NoFlipOpt = False,
    mirror: MirrorOpt = False,
    unique: UniqueOpt = False,
    asked: Asked = NOTHING_ASKED,
    dlx_format: DlxOpt = False,
    zdd: ZddOptions = NO_ZDD,
) -> None:
    """Tile a board with pieces, each used once unless a multiplicity says otherwise."""
    turns: Turning = {"rotations": not no_rotate, "reflections": not no_flip, "mirror": mirror}
    counting = asked.count_only
    run = TileRun(file, grid, (board, pieces), turns=turns, unique=unique, counting=counting)
    check_svg(asked.svg)
    if zdd.wanted:
        _through_zdd(run, asked, zdd, dlx_format)
        return
    if asked.jobs is not None:
        sequential_only(asked.timeout, asked.max_nodes)  # a usage error, told before building
    if dlx_format:
        with Clock(asked.timeout), guarded():
            text = run.puzzle.knuth(unique)
        sys.stdout.write(text)
        return
    if asked.jobs is not None and not _splittable(run):
        asked = asked._replace(jobs=None)  # searched alone, with the same answer
    run_boards(asked, run)


def _through_zdd(run: TileRun, asked: Asked, zdd: ZddOptions, dlx_format: bool) -> None:
    """`dlx tile --zdd`: the tiling's solutions through a ZDD, as pictures (what draws them is
    imported only when one is drawn: `--count` starts lighter)."""
    from dlx.cli.zdd import run_zdd

    zdd_run = zdd.asked(asked.count_only, asked.limit, asked.show_stats, asked.timeout)
    others = {"max_nodes": asked.max_nodes, "jobs": asked.jobs, "json": asked.as_json}
    refuse_others(zdd_run, zdd.build, **others, svg=asked.svg, dlx=dlx_format)

    def problem() -> "tuple[Problem[Any], Sequence[Hashable]]":
        tiling = run.puzzle.tiling(run.unique)
        if tiling.canonical is not None:
            raise fail("--unique leaves symmetries to check here, which --zdd cannot", 2)
        return tiling.problem, run.puzzle.order(run.unique)

    console: list[Console | None] = []

    def show(keys: tuple[Any, ...], number: int) -> None:
        if not console:
            console.append(board_console(asked.plain))
        show_board(painted(run.puzzle.placed(keys, run.unique)), number, console[0])

    run_zdd(problem, zdd_run, show)


def _splittable(run: TileRun) -> bool:
    """Whether `--jobs` can split the search (`dlx.tiling.Puzzle.splits`); where not, it is
    searched alone, with the same answer."""
    with guarded():
        return run.puzzle.splits(run.unique)
