"""`dlx tile`: any tiling puzzle on a square, triangle, hex or cube grid, read from a picture or
from Knuth's spec lines (told apart by content), or named with --board and --pieces; each
solution printed as a picture on its grid, or counted. The puzzle's reading and its exact-cover
problem are `dlx.tiling`'s; this module parses the arguments and hands the boards to
`dlx.cli.boards`. Exit statuses as every `dlx` command (`dlx.cli.common`).
"""

# Without `from __future__ import annotations`, as in dlx.cli.app (typer reads these at start).

import functools
import sys
from collections.abc import Callable, Hashable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from dlx.cli.boards import board_console, run_boards, show_board
from dlx.cli.common import NOTHING_ASKED, Asked, PaintedBoard, board_command, check_svg
from dlx.cli.output import (
    fail,
    guarded,
)
from dlx.cli.parallel import sequential_only
from dlx.cli.plain_tile import file_puzzle
from dlx.cli.zdd_options import NO_ZDD, ZddOptions, refuse_others, zdd_options
from dlx.programs.kit import Clock, PlainUsage

if TYPE_CHECKING:
    from rich.console import Console

    from dlx.problem import Problem
    from dlx.solve import SearchKeywords
    from dlx.tiling.solution import Solution
    from dlx.tiling.workshop import Puzzle


def register(app: typer.Typer) -> None:
    """Add `dlx tile` to the `dlx` command line `app`."""
    app.command("tile", cls=PlainUsage)(zdd_options(board_command(tile)))


FileArg = Annotated[
    str | None, typer.Argument(metavar="FILE", help="A picture or Knuth's spec lines, or -.")
]
GridOpt = Annotated[str | None, typer.Option("--grid", help="square, triangle, hex or cube.")]
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
    turns = {"rotations": not no_rotate, "reflections": not no_flip, "mirror": mirror}

    @functools.cache  # read once, whichever paths ask
    def pose() -> "Puzzle":
        return _puzzle(file, grid, pieces, board, turns)

    check_svg(asked.svg)
    if zdd.wanted:
        _through_zdd(pose, unique, asked, zdd, dlx_format)
        return
    if asked.jobs is not None:
        sequential_only(asked.timeout, asked.max_nodes)  # a usage error, told before building
        if not dlx_format and not _splittable(pose, unique):
            asked = asked._replace(jobs=None)  # searched alone, with the same answer
    _search(pose, unique, asked, dlx_format)


def _search(pose: Callable[[], "Puzzle"], unique: bool, asked: Asked, dlx_format: bool) -> None:
    """The puzzle's problem in Knuth's format (`--dlx`), one JSON object, or its boards, all
    through `dlx.tiling.Puzzle`."""
    if dlx_format:
        with Clock(asked.timeout), guarded():
            text = pose().knuth(unique)
        sys.stdout.write(text)
        return

    def boards(puzzle: "Puzzle", search: "SearchKeywords") -> Iterator[list[str]]:
        return _boards(puzzle.solutions(unique=unique, **search), asked.svg, asked.count_only)

    def counter(puzzle: "Puzzle", search: "SearchKeywords") -> int:
        if asked.svg is not None:  # (the first solution drawn on the way)
            return sum(1 for _ in boards(puzzle, search))
        return puzzle.count(unique=unique, **search)

    def engine(puzzle: "Puzzle") -> dict[str, Any]:
        from dlx.tiling.build import parallel_keywords

        return parallel_keywords(puzzle.tiling(unique))

    # (the SVG is the solution's own picture, drawn by `_boards`)
    run_boards(
        asked._replace(svg=None),
        pose,
        lambda puzzle: puzzle.tiling(unique).problem,
        boards,
        counter=counter,
        engine=engine,
        described=_legend,
    )


def _through_zdd(
    pose: Callable[[], "Puzzle"], unique: bool, asked: Asked, zdd: ZddOptions, dlx_format: bool
) -> None:
    """`dlx tile --zdd`: the tiling's solutions through a ZDD, as pictures (what draws them is
    imported only when one is drawn: `--count` starts lighter)."""
    from dlx.cli.zdd import run_zdd
    from dlx.tiling.build import tiling_order

    run = zdd.asked(asked.count_only, asked.limit, asked.show_stats, asked.timeout)
    others = {"max_nodes": asked.max_nodes, "jobs": asked.jobs, "json": asked.as_json}
    refuse_others(run, zdd.build, **others, svg=asked.svg, dlx=dlx_format)

    def problem() -> "tuple[Problem[Any], Sequence[Hashable]]":
        tiling = pose().tiling(unique)
        if tiling.canonical is not None:
            raise fail("--unique leaves symmetries to check here, which --zdd cannot", 2)
        return tiling.problem, tiling_order(tiling)

    console: list[Console | None] = []

    def show(keys: tuple[Any, ...], number: int) -> None:
        from dlx.tiling.solution import Solution

        if not console:
            console.append(board_console(asked.plain))
        puzzle = pose()
        placed = puzzle.tiling(unique).placements
        solution = Solution(puzzle.model, tuple(placed[key] for key in keys))
        show_board(painted(solution), number, None, console[0], None)

    run_zdd(problem, run, show)


def _puzzle(
    file: str | None,
    grid: str | None,
    pieces: list[str] | None,
    board: str | None,
    turns: dict[str, bool],
) -> "Puzzle":
    """The puzzle of FILE, or of --board and --pieces (each a set's name, or several apart by
    commas)."""
    names = [name for value in pieces or [] for name in value.replace(",", " ").split()]
    if file is None:
        if board is None or not names:
            raise fail("give a FILE, or both --board and --pieces", 2)
        return _from_options(board, names, grid, turns)
    if board is not None or pieces is not None:
        if names and not Path(file).exists() and file != "-":
            raise fail(f"{file!r} is taken for a FILE: write --pieces {names[0]},{file}", 2)
        raise fail("--board and --pieces stand for a FILE: give one or the other", 2)
    return file_puzzle(file, grid, turns)


def _from_options(
    board: str, names: list[str], grid: str | None, turns: dict[str, bool]
) -> "Puzzle":
    """The puzzle of --board and --pieces; its errors name the option."""
    from dlx.tiling.errors import TileError
    from dlx.tiling.workshop import Puzzle

    rotations, reflections, mirror = turns["rotations"], turns["reflections"], turns["mirror"]
    try:
        return Puzzle(
            " ".join(board.split()),
            " ".join(names),
            grid=grid,
            rotations=rotations,
            reflections=reflections,
            mirror=mirror,
        )
    except TileError as error:
        message = str(error)
        for part, option in (("board: ", "--board: "), ("pieces: ", "--pieces: ")):
            if message.startswith(part):
                message = option + message.removeprefix(part)
        raise TileError(message) from None


def _splittable(pose: Callable[[], "Puzzle"], unique: bool) -> bool:
    """Whether `--jobs` can split the search: not with multiplicities on the links engine
    (Algorithm M; the bitset engine splits them), nor when `--unique` checks some solutions;
    those are searched alone, with the same answer."""
    from dlx.tiling.build import parallel_keywords

    with guarded():
        tiling = pose().tiling(unique)
        bitset = parallel_keywords(tiling).get("engine") == "bitset"
    return tiling.canonical is None and (bitset or not tiling.problem.has_multiplicities)


def _boards(solutions: "Iterator[Solution]", svg: Path | None, count: bool) -> Iterator[list[str]]:
    """Each solution as text rows (none drawn when only counted); the first also as SVG."""
    for number, solution in enumerate(solutions):
        if number == 0 and svg is not None:
            _write_svg(solution, svg)
        yield [] if count else painted(solution)


def painted(solution: "Solution") -> PaintedBoard:
    """A solution as its picture's text rows, coloured by piece, with its legend."""
    from dlx.pictures.squares import terminal_styles

    return PaintedBoard(solution.rows(), terminal_styles(solution.colours()), solution.legend())


def _write_svg(solution: "Solution", path: Path) -> None:
    """Write the SVG picture of a solution; a file that cannot be written is bad input."""
    try:
        path.write_text(solution.svg())
    except OSError as error:
        raise fail(f"{path}: {error.strerror or error}") from None


def _legend(puzzle: "Puzzle") -> dict[str, Any]:
    """What `--json` adds where it lists solutions: each label's piece and copy."""
    labels = puzzle.labels().items()
    return {"legend": {label: {"piece": name, "copy": k} for label, (name, k) in labels}}
