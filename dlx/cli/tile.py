"""`dlx tile`: any tiling puzzle on a square, triangle, hex or cube grid, read from a picture or
from Knuth's spec lines (told apart by content), or named with --board and --pieces; each
solution printed as a picture on its grid, or counted. The puzzle's reading and its exact-cover
problem are `dlx.tiling`'s; this module parses the arguments and hands the boards to
`dlx.cli.boards`. Exit statuses as every `dlx` command (`dlx.cli.common`).
"""

# Without `from __future__ import annotations`, as in dlx.cli.app (typer reads these at start).

import functools
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from dlx import Stats
from dlx.cli.boards import Shown, search_boards
from dlx.cli.common import (
    CountOpt,
    Held,
    JobsOpt,
    LimitOpt,
    PaintedBoard,
    StatsOpt,
    SvgOpt,
    budget,
    check_svg,
    fail,
    guarded,
    partial_at_stop,
    read_text,
    report,
    solve_json,
    write_json,
)
from dlx.cli.parallel import count_in_parallel, sequential_only
from dlx.cli.zdd import MEMO_MB, MemoMbOpt, RandomOpt, SeedOpt, ZddAsked, ZddOpt, ZddOutOpt
from dlx.console.kit import Clock, MaxNodesOpt, PlainOpt, PlainUsage, TimeoutOpt
from dlx.console.live import live_line

if TYPE_CHECKING:
    from dlx.solve import SearchKeywords
    from dlx.tiling.build import Tiling
    from dlx.tiling.model import Placement, Puzzle


def register(app: typer.Typer) -> None:
    """Add `dlx tile` to the `dlx` command line `app`."""
    app.command("tile", cls=PlainUsage)(tile)


def tile(
    file: Annotated[
        str | None, typer.Argument(metavar="FILE", help="A picture or Knuth's spec lines, or -.")
    ] = None,
    grid: Annotated[
        str | None, typer.Option("--grid", help="square, triangle, hex or cube.")
    ] = None,
    pieces: Annotated[
        list[str] | None,
        typer.Option(
            "--pieces",
            metavar="NAME",
            help="A named piece set; sets add up: --pieces trihexes,tetrahexes or --pieces again.",
        ),
    ] = None,
    board: Annotated[
        str | None, typer.Option("--board", metavar="NAME", help="A named board: 6x10, 3x3x3...")
    ] = None,
    no_rotate: Annotated[bool, typer.Option("--no-rotate", help="Forbid rotations.")] = False,
    no_flip: Annotated[bool, typer.Option("--no-flip", help="Forbid reflections (2D).")] = False,
    mirror: Annotated[bool, typer.Option("--mirror", help="Allow reflections (cube).")] = False,
    unique: Annotated[
        bool, typer.Option("--unique", help="One solution per symmetry of the puzzle.")
    ] = False,
    count: CountOpt = False,
    limit: LimitOpt = None,
    stats: StatsOpt = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    svg: SvgOpt = None,
    plain: PlainOpt = False,
    timeout: TimeoutOpt = None,
    max_nodes: MaxNodesOpt = None,
    jobs: JobsOpt = None,
    dlx_format: Annotated[
        bool, typer.Option("--dlx", help="Print the exact-cover problem in Knuth's format.")
    ] = False,
    zdd: ZddOpt = False,
    zdd_out: ZddOutOpt = None,
    random: RandomOpt = None,
    seed: SeedOpt = None,
    memo_mb: MemoMbOpt = MEMO_MB,
) -> None:
    """Tile a board with pieces, each used once unless a multiplicity says otherwise."""
    from dlx.tiling.build import build, count_solutions, knuth_text

    @functools.cache  # built once, whichever paths ask
    def load() -> "Tiling":
        puzzle = _puzzle(file, grid, pieces, board)
        puzzle.rotate = not no_rotate
        puzzle.flip = mirror if puzzle.grid.solid else not no_flip
        puzzle.unique = unique
        return build(puzzle)

    check_svg(svg)
    if zdd or random is not None or seed is not None or zdd_out is not None:
        from dlx.cli import zdd as cli_zdd

        asked = ZddAsked(count, limit, stats, timeout, zdd_out, random, seed, memo_mb)
        cli_zdd.refuse_others(
            asked, zdd, max_nodes=max_nodes, jobs=jobs, json=as_json, svg=svg, dlx=dlx_format
        )
        cli_zdd.tile_puzzle(load, asked, plain)
        return
    if jobs is not None:
        sequential_only(timeout, max_nodes)  # a usage error, told before any building
    if dlx_format:
        with Clock(timeout), guarded():
            text = knuth_text(load())
        sys.stdout.write(text)
        return
    if jobs is not None and _splittable(load):
        count_in_parallel(
            lambda: load().problem,
            jobs,
            count,
            stats,
            timeout,
            max_nodes,
            limit=limit,
            as_json=as_json,
        )
        return
    if as_json:
        _json(load, count, stats, timeout, max_nodes, limit, svg)
        return

    def boards(search: "SearchKeywords") -> Iterator[list[str]]:
        return _boards(load(), search, svg, count)

    def counter(search: "SearchKeywords") -> int:
        return count_solutions(load(), **search)

    shown = Shown(count, stats, None, plain, timeout, max_nodes, limit)
    search_boards(boards, shown, counter=counter if svg is None else None)


def _puzzle(
    file: str | None, grid: str | None, pieces: list[str] | None, board: str | None
) -> "Puzzle":
    """The puzzle of FILE, or of --board and --pieces (each a set's name, or several apart by
    commas)."""
    from dlx.tiling.picture import is_picture, read_picture
    from dlx.tiling.spec import guess_grid, read_spec

    names = [name for value in pieces or [] for name in value.replace(",", " ").split()]
    if file is None:
        if board is None or not names:
            raise fail("give a FILE, or both --board and --pieces", 2)
        return _from_options(board, names, grid)
    if board is not None or pieces is not None:
        if names and not Path(file).exists() and file != "-":
            raise fail(f"{file!r} is taken for a FILE: write --pieces {names[0]},{file}", 2)
        raise fail("--board and --pieces stand for a FILE: give one or the other", 2)
    text = read_text(file)
    if is_picture(text):
        return read_picture(text, grid)
    return read_spec(text, grid or guess_grid(text))


def _from_options(board: str, names: list[str], grid: str | None) -> "Puzzle":
    """The puzzle of --board and --pieces, read as the picture they stand for; its errors name
    the option, not a line of a file the person never wrote."""
    from dlx.tiling.errors import TileError
    from dlx.tiling.picture import read_picture

    try:
        return read_picture(f"board {' '.join(board.split())}\npieces {' '.join(names)}\n", grid)
    except TileError as error:
        message = str(error)
        for line, option in (("line 1: ", "--board: "), ("line 2: ", "--pieces: ")):
            if message.startswith(line):
                message = option + message.removeprefix(line)
        raise TileError(message) from None


def _splittable(load: Callable[[], "Tiling"]) -> bool:
    """Whether `--jobs` can split the search: not with multiplicities (Algorithm M), nor when
    `--unique` checks some solutions; those are searched alone, with the same answer."""
    with guarded():
        tiling = load()
    return tiling.canonical is None and not tiling.problem.has_multiplicities


def _boards(
    tiling: "Tiling", search: "SearchKeywords", svg: Path | None, count: bool
) -> Iterator[list[str]]:
    """Each solution as text rows (none drawn when only counted); the first also as SVG."""
    from dlx.pictures.squares import terminal_styles
    from dlx.tiling.build import solutions
    from dlx.tiling.render import label_colours, legend_lines, marks, text

    for number, solution in enumerate(solutions(tiling, **search)):
        if number == 0 and svg is not None:
            _write_svg(tiling, solution, svg)
        if count:
            yield []
        else:
            styles = terminal_styles(label_colours(tiling.puzzle, solution))
            legend = legend_lines(tiling.puzzle, marks(tiling.puzzle, solution))
            yield PaintedBoard(text(tiling.puzzle, solution), styles, legend)


def _write_svg(tiling: "Tiling", solution: "Sequence[Placement]", path: Path) -> None:
    """Write the SVG picture of a solution; a file that cannot be written is bad input."""
    from dlx.tiling.svg import solution_svg

    try:
        path.write_text(solution_svg(tiling.puzzle, solution))
    except OSError as error:
        raise fail(f"{path}: {error.strerror or error}") from None


def _json(
    load: Callable[[], "Tiling"],
    count: bool,
    stats: bool,
    timeout: float | None,
    max_nodes: int | None,
    limit: int | None,
    svg: Path | None,
) -> None:
    """`--json`: one object with the count, the solutions' pictures unless counting, and the
    statistics (the first solution also as SVG); with the pictures, a `legend` naming each
    label's piece and copy."""
    from dlx.tiling.render import OVERFLOW, label_table

    with Clock(timeout) as clock, live_line() as line:
        with guarded():
            tiling = load()
        counters = Stats()
        partial_at_stop(counters, stats)
        texts, found = Held(), 0
        with guarded():
            search = budget(counters, clock, max_nodes, limit, line)
            for board in _boards(tiling, search, svg, count):
                found += 1
                if not count:
                    texts.hold(board)
    result = solve_json(found, texts, counters, count)
    if "solutions" in result:
        pieces = tiling.puzzle.pieces
        result["legend"] = {
            label: {"piece": piece.name, "copy": k}
            for piece, row in zip(pieces, label_table(tiling.puzzle), strict=True)
            for k, label in enumerate(row, start=1)
            if label != OVERFLOW
        }
    write_json(result)
    report(counters, stats)
    if not found:
        raise fail("no solution")
