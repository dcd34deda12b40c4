"""In what order does a search on bitsets fill a board, and which cells touch? The board's cells
numbered per grid for `dlx.engines.bitset`: along the shortest extent first (a rectangle fills
column by column across its short side, so what is covered stays a thin frontier), a
triangle's two cells of one rhombus together, then the longer extents; each cell's
neighbours on its grid, for the checks that end a node whose free cells are cut into regions
the pieces left cannot fill. Suffixed spots (Knuth's secondary items) are not cells.

>>> from dlx.tiling.drawn import read_picture
>>> from dlx.tiling.build import build
>>> tiling = build(read_picture("board 2x3\\npiece 3|D\\n##\\n"))
>>> board = layout(tiling)
>>> [board.cells[name] for name in ("00", "10", "01", "11")]
[0, 1, 2, 3]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dlx.engines.bitset.engine import fits
from dlx.engines.bitset.layout import MAX_CELLS, Layout
from dlx.problem import Problem
from dlx.tiling.grids import Cell, Grid
from dlx.tiling.options import Tiling


def layout(tiling: Tiling) -> Layout | None:
    """The layout of the tiling's board for the bitset engine, or None where it has more than
    `MAX_CELLS` cells."""
    puzzle = tiling.puzzle
    cells = {puzzle.spot_name((cell, 0)): cell for cell, suffix in puzzle.board if suffix == 0}
    return grid_layout(puzzle.grid, cells)


def grid_layout(grid: Grid, cells: Mapping[Any, Cell]) -> Layout | None:
    """The layout of the items `cells` names, each standing for a cell of `grid` (a puzzle of
    `dlx.puzzles` names its board's cells so): numbered in filling order, with their
    neighbours among them; None where they are more than `MAX_CELLS` (or none).

    >>> from dlx.tiling.grids import SQUARE
    >>> grid_layout(SQUARE, {"a": (0, 0), "b": (0, 1), "c": (1, 0)}).cells
    {'a': 0, 'c': 1, 'b': 2}
    """
    if not cells or len(cells) > MAX_CELLS:
        return None
    spots = list(cells.values())
    ordered = sorted(spots, key=_fill_order(spots, grid.dims))
    position = {cell: p for p, cell in enumerate(ordered)}
    neighbours = [
        sorted(position[n] for n in grid.neighbours(cell) if n in position) for cell in ordered
    ]
    names = {name: position[cell] for name, cell in cells.items()}
    return Layout(len(ordered), dict(sorted(names.items(), key=lambda pair: pair[1])), neighbours)


def engine_for(problem: Problem[Any], grid: Grid, cells: Mapping[Any, Cell]) -> dict[str, Any]:
    """The keywords that pick the engine a board's search runs on: the bitset engine with the
    layout of `cells` (`grid_layout`) where the problem fits it, else dancing cells."""
    board = grid_layout(grid, cells)
    if board is not None and fits(problem, board):
        return {"engine": "bitset", "layout": board}
    return {"engine": "cells"}


def _fill_order(cells: list[Cell], dims: int) -> _Key:
    """The key that sorts cells in filling order: the coordinates past `dims` (a triangle's
    kind) fastest, then the translating axes from the shortest extent to the longest."""
    extent = [max(c[k] for c in cells) - min(c[k] for c in cells) for k in range(dims)]
    axes = sorted(range(dims), key=lambda k: (extent[k], k))
    kinds = list(range(dims, len(cells[0])))
    significance = [*reversed(axes), *reversed(kinds)]  # the slowest first
    return _Key(significance)


class _Key:
    """A sort key over cells: their coordinates in the order of significance given."""

    __slots__ = ("significance",)

    def __init__(self, significance: list[int]) -> None:
        self.significance = significance

    def __call__(self, cell: Cell) -> tuple[int, ...]:
        return tuple(cell[k] for k in self.significance)
