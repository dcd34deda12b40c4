"""`--zdd` for `dlx solve` and `dlx tile`: count, list, draw at random and write out every solution
through a ZDD (`dlx.zdd`, Knuth's Algorithm Z) instead of finding them one by one.

`--count` prints the exact number, however large; `--random K` prints K solutions drawn
uniformly at random (`--seed S` makes the draw repeatable); with neither, the solutions are
listed from the ZDD in search order (`--limit` still applies). `--zdd-out PATH` writes the ZDD in
the text DLX6 prints; `--memo-mb` caps the memo; `--zdd-choose` names the item choice (by
default `auto`: short probes pick the item order, the given one, the sweep's or a reverse
Cuthill-McKee order, and then that order or MRV, see `dlx.zdd`); `--stats` adds the
memo's hits, entries and bytes, the choice taken and the ZDD's size. `--max-nodes`, `--jobs`
and `--json` do not combine with it (exit 2).
"""

# Without `from __future__ import annotations`, as in dlx.cli.app (typer reads these at start).

import sys
import time
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NamedTuple

import typer

from dlx.cli.common import fail, guarded, option_group
from dlx.console.kit import Clock

if TYPE_CHECKING:
    from dlx.problem import Problem
    from dlx.tiling.build import Tiling
    from dlx.zdd import Zdd

ZddOpt = Annotated[
    bool, typer.Option("--zdd", help="Build a ZDD of all solutions (Knuth's DLX6): exact counts.")
]
ZddOutOpt = Annotated[
    Path | None, typer.Option("--zdd-out", help="With --zdd: write the ZDD in DLX6's text.")
]
RandomOpt = Annotated[
    int | None,
    typer.Option("--random", min=1, metavar="K", help="With --zdd: K uniformly random solutions."),
]
SeedOpt = Annotated[int | None, typer.Option("--seed", help="With --random: repeatable draws.")]
MEMO_MB = 1024
"""The default of `--memo-mb`: `dlx.zdd.MEMO_MB` (not imported: the command line starts light)."""
MemoMbOpt = Annotated[
    float,
    typer.Option("--memo-mb", min=1, help="With --zdd: the memo's cap in MB (counts stay exact)."),
]


class ZddChoose(StrEnum):
    """`--zdd-choose`: `dlx.zdd`'s `choose`."""

    AUTO = "auto"
    FRONTIER = "frontier"
    MRV = "mrv"
    SWEEP = "sweep"
    RCM = "rcm"


ZddChooseOpt = Annotated[
    ZddChoose,
    typer.Option(
        "--zdd-choose",
        case_sensitive=False,
        help="With --zdd: the item to branch on: auto (short probes pick an order below, or "
        "mrv), frontier (the items' order; dlx tile: lines along the board's short side), mrv "
        "(fewest options, as DLX6), sweep or rcm (orders derived from the options: Cuthill-"
        "McKee over the closest ties, reverse Cuthill-McKee over all).",
    ),
]


class ZddOptions(NamedTuple):
    """`--zdd` and the options that go with it."""

    build: bool = False
    out: Path | None = None
    random: int | None = None
    seed: int | None = None
    memo_mb: float = MEMO_MB
    choose: ZddChoose = ZddChoose.AUTO

    @property
    def wanted(self) -> bool:
        """Whether any of them is given (an option without `--zdd` is then refused)."""
        others = self.random is not None or self.seed is not None or bool(self.out)
        return self.build or others or self.choose != ZddChoose.AUTO

    def asked(
        self, count: bool, limit: int | None, stats: bool, timeout: float | None
    ) -> "ZddAsked":
        """What the run is asked, with the command's own `--count`, `--limit`, `--stats` and
        `--timeout`."""
        return ZddAsked(
            count,
            limit,
            stats,
            timeout,
            self.out,
            self.random,
            self.seed,
            self.memo_mb,
            self.choose.value,
        )


NO_ZDD = ZddOptions()
"""The default of a command's `zdd` parameter, which `zdd_options` replaces by the options."""

zdd_options = option_group(
    "zdd",
    ZddOptions,
    (
        ("zdd", ZddOpt, False),
        ("zdd_out", ZddOutOpt, None),
        ("random", RandomOpt, None),
        ("seed", SeedOpt, None),
        ("memo_mb", MemoMbOpt, MEMO_MB),
        ("zdd_choose", ZddChooseOpt, ZddChoose.AUTO),
    ),
)
"""A command whose parameter `zdd: ZddOptions` stands for `--zdd`, `--zdd-out`, `--random`,
`--seed`, `--memo-mb` and `--zdd-choose`."""


@dataclass(frozen=True)
class ZddAsked:
    """What a `--zdd` run is asked for."""

    count: bool
    limit: int | None
    stats: bool
    timeout: float | None
    out: Path | None
    random: int | None
    seed: int | None
    memo_mb: float
    choose: str = "auto"


def refuse_others(asked: ZddAsked, zdd: bool, **others: object) -> None:
    """Exit 2 when an option that `--zdd` does not take is given (named by its flag), or
    `--random`, `--seed`, `--zdd-out`, `--zdd-choose` without `--zdd`."""
    if not zdd:
        raise fail("--random, --seed, --zdd-out and --zdd-choose go with --zdd", 2)
    for flag, value in others.items():
        if value not in (None, False):
            raise fail(f"--{flag.replace('_', '-')} does not combine with --zdd", 2)
    if asked.count and asked.random is not None:
        raise fail("--count and --random: give one or the other", 2)
    if asked.seed is not None and asked.random is None:
        raise fail("--seed goes with --random", 2)


def run_zdd(
    problem: "Callable[[], tuple[Problem[Any], Sequence[Hashable]]]",
    asked: ZddAsked,
    show: "Callable[[tuple[Any, ...], int], None]",
) -> None:
    """Build the ZDD of the problem `problem()` gives (with its item order) within the run's
    clock, then print as asked, each solution through `show(keys, number)`."""
    from dlx.zdd import zdd

    if asked.out is not None and not asked.out.parent.is_dir():
        raise fail(f"{asked.out}: no such folder")
    with Clock(asked.timeout):
        started = time.perf_counter()
        with guarded():
            made, order = problem()
            choose: Any = asked.choose
            derived = choose in (ZddChoose.SWEEP, ZddChoose.RCM)  # (from the options alone)
            order = () if derived else order
            diagram = zdd(made, item_order=order, memo_mb=asked.memo_mb, choose=choose)
        total = diagram.count()
        seconds = time.perf_counter() - started
    if asked.out is not None:
        _write(diagram, asked.out)
    if asked.stats:
        typer.echo(zdd_report(diagram, total, seconds), err=True)
    if asked.count:
        sys.stdout.write(f"{total}\n")
    for number, keys in enumerate(_chosen(diagram, asked), start=1):
        show(keys, number)
    if not total:
        raise fail("no solution")


def _chosen(diagram: "Zdd[Any]", asked: ZddAsked) -> Iterator[tuple[Any, ...]]:
    """The solutions to print: none when counting, K random ones, or the list (to the limit)."""
    if asked.count:
        return
    if asked.random is not None:
        import random

        rng = random.Random(asked.seed)
        for _ in range(asked.random if diagram.count() else 0):
            drawn = diagram.random(rng)
            if drawn is not None:
                yield drawn
        return
    for number, keys in enumerate(diagram.solutions(), start=1):
        yield keys
        if number == asked.limit:
            return


def zdd_report(diagram: "Zdd[Any]", total: int, seconds: float) -> str:
    """The `--stats` line of a `--zdd` run."""
    s = diagram.stats
    return (
        f"dlx: {s.nodes} nodes, {seconds:.3f} s, {total} solutions, memo: {s.hits} hits, "
        f"{s.entries} entries ({s.given_up} given up), {s.bytes} bytes; "
        f"ZDD: {diagram.node_count} nodes, engine: zdd, core: {s.core}, choice: {s.choice}"
    )


def _write(diagram: "Zdd[Any]", path: Path) -> None:
    """Write the ZDD to `path`; a file that cannot be written is bad input."""
    try:
        diagram.write(path)
    except OSError as error:
        raise fail(f"{path}: {error.strerror or error}") from None


def tiling_order(tiling: "Tiling") -> list[str]:
    """The board's cells in lines along its shortest extent, line after line: the frontier the
    ZDD's search sweeps (6 x 10: column by column, six cells a line).

    >>> from dlx.tiling.spec import read_spec
    >>> from dlx.tiling.build import build
    >>> tiling_order(build(read_spec("[0-1][0-2]\\n3|D 00 01\\n", "square")))
    ['00', '10', '01', '11', '02', '12']
    """
    puzzle = tiling.puzzle
    spots = puzzle.primary_spots()
    if not spots:
        return []
    dims = puzzle.grid.dims
    extent = [
        max(spot[0][a] for spot in spots) - min(spot[0][a] for spot in spots) for a in range(dims)
    ]
    axes = sorted(range(dims), key=lambda a: -extent[a])

    def key(spot: Any) -> tuple[int, ...]:
        cell = spot[0]
        return (*(cell[a] for a in axes), *cell[dims:])

    return [puzzle.spot_name(spot) for spot in sorted(spots, key=key)]


def solve_file(file: str, asked: ZddAsked) -> None:
    """`dlx solve --zdd FILE`: the Knuth-format problem of FILE, its solutions as option lines."""
    from dlx.cli.common import read_input
    from dlx.knuth import MAX_BYTES, DlxFile, decode, parse_dlx

    read: list[DlxFile] = []

    def problem() -> "tuple[Problem[Any], Sequence[Hashable]]":
        read.append(parse_dlx(decode(read_input(file, MAX_BYTES))))
        return read[0].problem, ()

    def show(keys: tuple[Any, ...], number: int) -> None:
        lines = "".join(f"{read[0].option_text(key)}\n" for key in keys)
        sys.stdout.write(("\n" if number > 1 else "") + lines)

    run_zdd(problem, asked, show)


def tile_puzzle(load: "Callable[[], Tiling]", asked: ZddAsked, plain: bool) -> None:
    """`dlx tile --zdd`: the tiling `load()` builds, its solutions as pictures (what draws them
    is imported only when one is drawn: `--count` starts lighter)."""
    built: list[Tiling] = []

    def problem() -> "tuple[Problem[Any], Sequence[Hashable]]":
        built.append(load())
        if built[0].canonical is not None:
            raise fail("--unique leaves symmetries to check here, which --zdd cannot", 2)
        return built[0].problem, tiling_order(built[0])

    consoles: list[Any] = []

    def show(keys: tuple[Any, ...], number: int) -> None:
        from dlx.cli.boards import _show, board_console
        from dlx.cli.common import PaintedBoard
        from dlx.pictures.squares import terminal_styles
        from dlx.tiling.render import label_colours, legend_lines, marks, text

        if not consoles:
            consoles.append(board_console(plain))
        console = consoles[0]
        tiling = built[0]
        solution = [tiling.placements[key] for key in keys]
        styles = terminal_styles(label_colours(tiling.puzzle, solution))
        legend = legend_lines(tiling.puzzle, marks(tiling.puzzle, solution))
        board = PaintedBoard(text(tiling.puzzle, solution), styles, legend)
        _show(board, number, None, console, None)

    run_zdd(problem, asked, show)
