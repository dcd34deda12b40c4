"""`dlx tile`: any tiling puzzle on a square, triangle, hex or cube grid, read from a picture or
from Knuth's spec lines (told apart by content), or named with --board and --pieces; each
solution printed as a picture on its grid, or counted. The puzzle's reading and its exact-cover
problem are `dlx.tiling`'s; this module parses the arguments and hands the boards to
`dlx.cli.boards`. Exit statuses as every `dlx` command (`dlx.cli.common`).
"""

# Without `from __future__ import annotations`, as in dlx.cli.app (typer reads these at start).

import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from dlx import Stats
from dlx.cli.boards import Shown, search_boards
from dlx.cli.common import (
    CountOpt,
    JobsOpt,
    LimitOpt,
    PaintedBoard,
    StatsOpt,
    SvgOpt,
    budget,
    fail,
    guarded,
    read_text,
    report,
    solve_json,
    write_json,
)
from dlx.cli.kit import Clock, MaxNodesOpt, PlainOpt, TimeoutOpt
from dlx.cli.parallel import count_in_parallel

if TYPE_CHECKING:
    from dlx.puzzles.search import Search
    from dlx.tiling.build import Tiling
    from dlx.tiling.model import Placement, Puzzle


def register(app: typer.Typer) -> None:
    """Add `dlx tile` to the `dlx` command line `app`."""
    app.command("tile")(tile)


def tile(
    file: Annotated[
        str | None, typer.Argument(metavar="FILE", help="A picture or Knuth's spec lines, or -.")
    ] = None,
    grid: Annotated[
        str | None, typer.Option("--grid", help="square, triangle, hex or cube.")
    ] = None,
    pieces: Annotated[
        str | None, typer.Option("--pieces", metavar="NAME", help="A named piece set.")
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
) -> None:
    """Tile a board with pieces, each used once unless a multiplicity says otherwise."""
    from dlx.tiling.build import build, count_solutions, knuth_text

    def load() -> "Tiling":
        puzzle = _puzzle(file, grid, pieces, board)
        puzzle.rotate = not no_rotate
        puzzle.flip = mirror if puzzle.grid.solid else not no_flip
        puzzle.unique = unique
        return build(puzzle)

    if svg is not None and not svg.parent.is_dir():
        raise fail(f"{svg}: no such folder")
    if dlx_format:
        with guarded():
            sys.stdout.write(knuth_text(load()))
        return
    if jobs is not None and _splittable(load):
        count_in_parallel(
            lambda: load().problem, jobs, count, stats, timeout, max_nodes, limit=limit
        )
        return
    if as_json:
        _json(load, count, stats, timeout, max_nodes, limit, svg)
        return

    def boards(search: "Search") -> Iterator[list[str]]:
        return _boards(load(), search, svg, count)

    def counter(search: "Search") -> int:
        return count_solutions(load(), **search)

    shown = Shown(count, stats, None, plain, timeout, max_nodes, limit)
    search_boards(boards, shown, counter=counter if svg is None else None)


def _puzzle(file: str | None, grid: str | None, pieces: str | None, board: str | None) -> "Puzzle":
    """The puzzle of FILE, or of --board and --pieces."""
    from dlx.tiling.picture import is_picture, read_picture
    from dlx.tiling.spec import guess_grid, read_spec

    if file is None:
        if board is None or pieces is None:
            raise fail("give a FILE, or both --board and --pieces", 2)
        return read_picture(f"board {board}\npieces {pieces}\n", grid)
    if board is not None or pieces is not None:
        raise fail("--board and --pieces stand for a FILE: give one or the other", 2)
    text = read_text(file)
    if is_picture(text):
        return read_picture(text, grid)
    return read_spec(text, grid or guess_grid(text))


def _splittable(load: Callable[[], "Tiling"]) -> bool:
    """Whether `--jobs` can split the search: not with multiplicities (Algorithm M), nor when
    `--unique` checks some solutions; those are searched alone, with the same answer."""
    with guarded():
        tiling = load()
    return tiling.canonical is None and not tiling.problem.has_multiplicities


def _boards(
    tiling: "Tiling", search: "Search", svg: Path | None, count: bool
) -> Iterator[list[str]]:
    """Each solution as text rows (none drawn when only counted); the first also as SVG."""
    from dlx.puzzles.squares import terminal_styles
    from dlx.tiling.build import solutions
    from dlx.tiling.render import label_colours, text

    for number, solution in enumerate(solutions(tiling, **search)):
        if number == 0 and svg is not None:
            _write_svg(tiling, solution, svg)
        if count:
            yield []
        else:
            styles = terminal_styles(label_colours(tiling.puzzle, solution))
            yield PaintedBoard(text(tiling.puzzle, solution), styles)


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
    statistics (the first solution also as SVG)."""
    with Clock(timeout) as clock:
        with guarded():
            tiling = load()
        counters = Stats()
        with guarded():
            texts = list(_boards(tiling, budget(counters, clock, max_nodes, limit), svg, count))
    write_json(solve_json(len(texts), texts, counters, count))
    report(counters, stats)
    if not texts:
        raise fail("no solution")
