"""How does a tiling puzzle become an exact-cover problem, and its solutions placements? `build`
checks the puzzle's area and takes every placement (and notes a board a colouring refutes:
`dlx.tiling.colouring`) (only some, with ties, for `--unique`:
`dlx.tiling.symmetry`); `dlx.tiling.options` writes them as items and options the way Knuth's
generators do: the board's cells (primary, Knuth's order), then the pieces (primary, with their
multiplicities: Algorithm M counts multisets, as DLX3), then the secondary items (suffixed cells,
cells that may stay empty, and the ties `--unique` adds); one option per placement, the piece's
name first, keyed by the placement's number. The searches run on the bitset engine where the
board fits it (`dlx.tiling.numbering` numbers its cells), else on dancing cells, else (with
multiplicities) on dancing links: `engine_keywords`.

>>> from dlx.tiling.spec import read_spec
>>> tiling = build(read_spec("[0-1][0-1]\\nL 00 01 10\\nD 00\\n", "square"))
>>> tiling.problem.option_count, tiling.problem.item_count
(8, 6)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Unpack

from dlx.engines.bitset.engine import fits, splittable
from dlx.solve import SearchKeywords, count, solve
from dlx.stats import Status
from dlx.tiling.colouring import refuted
from dlx.tiling.errors import TileError
from dlx.tiling.grids import Spot
from dlx.tiling.model import Placement, Puzzle, check_board, placements
from dlx.tiling.numbering import layout
from dlx.tiling.options import Tiling, assemble, knuth_text

__all__ = [
    "Tiling",
    "build",
    "check_area",
    "count_solutions",
    "engine_keywords",
    "knuth_text",
    "parallel_keywords",
    "solutions",
    "tiling_order",
]


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
    check_board(len(puzzle.board))
    check_area(puzzle)
    every = placements(puzzle)
    if puzzle.unique:
        # (--unique's machinery, loaded where it is asked for: 6 ms of every other start)
        from dlx.tiling.symmetry import break_symmetry

        tiling = break_symmetry(puzzle, every)
    else:
        tiling = assemble(puzzle, every, {}, [])
    tiling.refuted = refuted(puzzle, every)
    return tiling


def engine_keywords(tiling: Tiling) -> dict[str, Any]:
    """The keywords that pick the engine the tiling's searches run on, chosen once: the bitset
    engine with the board's layout where it fits, else dancing cells, else (multiplicities)
    dancing links."""
    if tiling.engine is None:
        board = layout(tiling)
        if board is not None and fits(tiling.problem, board):
            tiling.engine = {"engine": "bitset", "layout": board}
        elif not tiling.problem.has_multiplicities:
            tiling.engine = {"engine": "cells"}
        else:
            tiling.engine = {}
    return tiling.engine


def parallel_keywords(tiling: Tiling) -> dict[str, Any]:
    """The keywords that pick the engine the parts of a parallel count (`--jobs`) run on:
    `engine_keywords`', unless the bitset engine cannot split the problem into parts (cells
    that may stay empty, pieces that fit there alone), then dancing cells, else links."""
    chosen = engine_keywords(tiling)
    if chosen.get("engine") == "bitset" and not splittable(tiling.problem, chosen["layout"]):
        return {} if tiling.problem.has_multiplicities else {"engine": "cells"}
    return chosen


def solutions(tiling: Tiling, **search: Unpack[SearchKeywords]) -> Iterator[list[Placement]]:
    """Each solution of the tiling as its placements, in search order (a `limit` counts the
    solutions kept, where `--unique` checks some)."""
    if tiling.refuted is not None:
        _settled(search)
        return
    keep = tiling.canonical
    limit = search.pop("limit", None) if keep is not None else None
    kept = 0
    for keys in solve(tiling.problem, **search, **engine_keywords(tiling)):
        chosen = [tiling.placements[key] for key in keys]
        if keep is None or keep(chosen):  # type: ignore[operator]
            yield chosen
            kept += 1
            if limit is not None and kept >= limit:
                return


def count_solutions(tiling: Tiling, **search: Unpack[SearchKeywords]) -> int:
    """The number of solutions `solutions` gives: counted inside the search (none handed over)
    unless `--unique` checks some of them."""
    if tiling.refuted is not None:
        return _settled(search)
    if tiling.canonical is not None:
        return sum(1 for _ in solutions(tiling, **search))
    return count(tiling.problem, **search, **engine_keywords(tiling))


def _settled(search: SearchKeywords) -> int:
    """No solution, without a search: a colouring refuted the board (the statistics, if asked
    for, say the search is exhausted, at no node)."""
    stats = search.get("stats")
    if stats is not None:
        stats.status = Status.EXHAUSTED
    return 0


def tiling_order(tiling: Tiling) -> list[str]:
    """The board's cells in lines along its shortest extent, line after line: the frontier the
    ZDD's search sweeps (6 x 10: column by column, six cells a line).

    >>> from dlx.tiling.spec import read_spec
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

    def key(spot: Spot) -> tuple[int, ...]:
        cell = spot[0]
        return (*(cell[a] for a in axes), *cell[dims:])

    return [puzzle.spot_name(spot) for spot in sorted(spots, key=key)]
