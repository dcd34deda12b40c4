"""A tiling's exact-cover problem, once its placements are chosen: `Tiling` (the problem with
each option's placement by key), `assemble` (items and options as Knuth's generators write them)
and `knuth_text` (the problem in Knuth's DLX format). `dlx.tiling.build` chooses the placements;
`dlx.tiling.symmetry` chooses fewer of them, with ties, for `--unique`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from dlx.problem import Problem
from dlx.tiling.errors import TileError
from dlx.tiling.grids import STICKS
from dlx.tiling.model import Placement, Puzzle
from dlx.tiling.sticks import crossing_items


@dataclass
class Tiling:
    """A puzzle's problem, with each option's placement by key; `canonical`, when `--unique`
    could not break a symmetry in the problem, keeps one of the few solutions it leaves alike."""

    puzzle: Puzzle
    problem: Problem[int]
    placements: list[Placement]
    extra: dict[int, list[str]] = field(default_factory=dict)
    canonical: object = None
    engine: dict[str, object] | None = None
    """The keywords of the engine its searches run on (`dlx.tiling.build.engine_keywords`),
    chosen once."""
    refuted: str | None = None
    """Why no tiling exists, where a colouring shows it before any search
    (`dlx.tiling.colouring`); its searches then find none at once."""

    def __repr__(self) -> str:
        """One line: the puzzle's size and its problem's."""
        cells, pieces = len(self.puzzle.board), len(self.puzzle.pieces)
        return f"Tiling of {pieces} pieces on {cells} spots ({len(self.placements)} placements)"

    def option_names(self, key: int) -> list[str]:
        """The items of option `key` as Knuth's generator writes them: piece, spots, ties."""
        placement = self.placements[key]
        piece = self.puzzle.pieces[placement.piece].name
        spots = [self.puzzle.spot_name(spot) for spot in placement.spots]
        return [piece, *spots, *self.extra.get(key, [])]


def assemble(
    puzzle: Puzzle,
    chosen: list[Placement],
    extra: dict[int, list[str]],
    ties: list[str],
    leading: Sequence[str] = (),
) -> Tiling:
    """The problem of the `chosen` placements, option k also naming `extra[k]`, with the
    secondary `ties` (and the primary items `leading` before the cells); on sticks, the points
    where pieces could cross too (`dlx.tiling.sticks.crossing_items`)."""
    if puzzle.grid is STICKS:
        points, passing = crossing_items(puzzle.board, [pl.spots for pl in chosen])
        ties = [*ties, *points]
        extra = {k: [*extra.get(k, []), *passing.get(k, [])] for k in {*extra, *passing}}
    primary = [*leading, *(puzzle.spot_name(spot) for spot in puzzle.primary_spots())]
    names = [piece.name for piece in puzzle.pieces]
    secondary = [puzzle.spot_name(spot) for spot in puzzle.secondary_spots()]
    clash = set(names) & set(primary + secondary + ties)
    if clash:
        raise TileError(f"piece name {sorted(clash)[0]!r} is also the name of a board cell")
    bounds = {piece.name: piece.bounds for piece in puzzle.pieces if piece.bounds != (1, 1)}
    problem: Problem[int] = Problem(primary + names, secondary + ties, bounds=bounds)
    problem.add_numbered(_options(puzzle, chosen, len(primary), len(leading), extra, problem))
    return Tiling(puzzle, problem, chosen, extra)


def _options(
    puzzle: Puzzle,
    chosen: list[Placement],
    primary: int,
    leading: int,
    extra: dict[int, list[str]],
    problem: Problem[int],
) -> list[tuple[int, ...]]:
    """Each placement's option by item number: its piece, its spots, its `extra` items (each
    spot's item from its index on the board: where every spot is a primary item after no
    leading one, the index itself)."""
    item = [0] * len(puzzle.board)
    taken = [leading, primary + len(puzzle.pieces)]
    for index, spot in enumerate(puzzle.board):
        kind = 1 if spot[1] or spot in puzzle.loose else 0
        item[index], taken[kind] = taken[kind], taken[kind] + 1
    pieces = [primary + n for n in range(len(puzzle.pieces))]
    if item == list(range(len(item))):
        options = [(pieces[pl.piece], *pl.cells) for pl in chosen]
    else:
        at = item.__getitem__
        options = [(pieces[pl.piece], *map(at, pl.cells)) for pl in chosen]
    for key, names in extra.items():
        options[key] += tuple(problem.index[name] for name in names)
    return options


def knuth_text(tiling: Tiling) -> str:
    """The problem in Knuth's DLX format, as his generator writes it (items, then options)."""
    problem = tiling.problem
    words = []
    for number, item in enumerate(problem.items[: problem.primary_count]):
        low, high = problem.bounds[number]
        bound = "" if (low, high) == (1, 1) else (f"{high}|" if low == high else f"{low}:{high}|")
        words.append(f"{bound}{item}")
    secondary = [str(item) for item in problem.items[problem.primary_count :]]
    head = " ".join(words) + (" | " + " ".join(secondary) if secondary else "")
    lines = [head] + [" ".join(tiling.option_names(key)) for key in range(len(tiling.placements))]
    return "".join(f"{line}\n" for line in lines)
