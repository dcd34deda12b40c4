"""How does a tiling puzzle become an exact-cover problem? Items and options as Knuth's
generators write them: the board's cells (primary, Knuth's order), then the pieces (primary, with
their multiplicities: Algorithm M counts multisets, as DLX3), then the secondary items (suffixed
cells, cells that may stay empty, and the ties `--unique` adds); one option per placement, the
piece's name first, keyed by the placement's number.

>>> from dlx.tiling.spec import read_spec
>>> tiling = build(read_spec("[0-1][0-1]\\nL 00 01 10\\nD 00\\n", "square"))
>>> tiling.problem.option_count, tiling.problem.item_count
(8, 6)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Unpack

from dlx.problem import Problem
from dlx.puzzles.search import Search
from dlx.solve import count, solve
from dlx.tiling.errors import TileError
from dlx.tiling.model import MAX_CELLS, Placement, Puzzle, placements


@dataclass
class Tiling:
    """A puzzle's problem, with each option's placement by key; `canonical`, when `--unique`
    could not break a symmetry in the problem, keeps one of the few solutions it leaves alike."""

    puzzle: Puzzle
    problem: Problem[int]
    placements: list[Placement]
    extra: dict[int, list[str]] = field(default_factory=dict)
    canonical: object = None

    def option_names(self, key: int) -> list[str]:
        """The items of option `key` as Knuth's generator writes them: piece, spots, ties."""
        placement = self.placements[key]
        piece = self.puzzle.pieces[placement.piece].name
        spots = [self.puzzle.spot_name(spot) for spot in placement.spots]
        return [piece, *spots, *self.extra.get(key, [])]


def check_area(puzzle: Puzzle) -> None:
    """Refuse a puzzle whose pieces can never cover exactly the cells it must cover."""
    need = len(puzzle.primary_spots())
    optional = len(puzzle.secondary_spots())
    least = sum(piece.bounds[0] * piece.size for piece in puzzle.pieces)
    most = sum(piece.bounds[1] * piece.size for piece in puzzle.pieces)
    if least > need + optional or most < need:
        cover = f"{least}" if least == most else f"{least} to {most}"
        raise TileError(
            f"the pieces cover {cover} cells but the board has {need} to cover"
            + (f" and {optional} that may stay empty" if optional else "")
        )


def build(puzzle: Puzzle) -> Tiling:
    """The exact-cover problem of `puzzle`: every placement (only some, with `unique`)."""
    if len(puzzle.board) > MAX_CELLS:
        raise TileError(f"the board has {len(puzzle.board)} cells, more than {MAX_CELLS}")
    check_area(puzzle)
    every = placements(puzzle)
    if puzzle.unique:
        from dlx.tiling.symmetry import break_symmetry

        return break_symmetry(puzzle, every)
    return assemble(puzzle, every, {}, [])


def assemble(
    puzzle: Puzzle, chosen: list[Placement], extra: dict[int, list[str]], ties: list[str]
) -> Tiling:
    """The problem of the `chosen` placements, option k also naming `extra[k]`, with the
    secondary `ties`."""
    primary = [puzzle.spot_name(spot) for spot in puzzle.primary_spots()]
    names = [piece.name for piece in puzzle.pieces]
    secondary = [puzzle.spot_name(spot) for spot in puzzle.secondary_spots()]
    clash = set(names) & set(primary + secondary + ties)
    if clash:
        raise TileError(f"piece name {sorted(clash)[0]!r} is also the name of a board cell")
    bounds = {piece.name: piece.bounds for piece in puzzle.pieces if piece.bounds != (1, 1)}
    problem: Problem[int] = Problem(primary + names, secondary + ties, bounds=bounds)
    tiling = Tiling(puzzle, problem, chosen, extra)
    for key in range(len(chosen)):
        problem.add_option(key, tiling.option_names(key))
    return tiling


def solutions(tiling: Tiling, **search: Unpack[Search]) -> Iterator[list[Placement]]:
    """Each solution of the tiling as its placements, in search order (a `limit` counts the
    solutions kept, where `--unique` checks some)."""
    keep = tiling.canonical
    limit = search.pop("limit", None) if keep is not None else None
    kept = 0
    for keys in solve(tiling.problem, **search):
        chosen = [tiling.placements[key] for key in keys]
        if keep is None or keep(chosen):  # type: ignore[operator]
            yield chosen
            kept += 1
            if limit is not None and kept >= limit:
                return


def count_solutions(tiling: Tiling, **search: Unpack[Search]) -> int:
    """The number of solutions `solutions` gives: counted inside the search (none handed over)
    unless `--unique` checks some of them."""
    if tiling.canonical is not None:
        return sum(1 for _ in solutions(tiling, **search))
    return count(tiling.problem, **search)


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
