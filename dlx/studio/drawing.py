"""What does the page show of a solution? The SVG picture `dlx tile --svg` draws (`fillit solve
--svg` for a fillit answer) to download, the same picture without its legend to show (the page's
own legend sits beside it), its rows as `dlx tile` prints them, and a legend of the pieces used,
by the names they were given, in the picture's colours: all the `dlx.tiling.Solution`'s own.
A box of cubes also gives each piece's cells, for the page's 3D view
(`dlx/studio/static/cube3d.js`). Drawn in the worker that found or kept the solution
(`studio.worker`), never in the server's own process.

>>> from dlx.tiling import Puzzle
>>> solution = Puzzle.read("grid cube\\nboard\\n##\\npiece 2|a\\n#\\n").first()
>>> drawing(solution)["cubes"]
[{'name': 'a#1', 'label': 'a', 'colour': '#ee8866', 'cells': [[0, 0, 0]]}, \
{'name': 'a#2', 'label': 'A', 'colour': '#77aadd', 'cells': [[0, 1, 0]]}]
"""

from __future__ import annotations

from typing import Any

from dlx.tiling import Solution


def drawing(solution: Solution) -> dict[str, Any]:
    """A solution's SVG picture (with and without its legend), text rows and legend (each piece
    or copy used: its name as `dlx tile` writes it, its label, its colour), in the order of the
    pieces; for a box of cubes, each piece's cells too (`cubes`)."""
    drawn = {
        "svg": solution.svg(),
        "picture": solution.svg(legend=False),
        "text": solution.rows(),
        "legend": solution.key(),
    }
    if solution.puzzle.grid.solid:
        drawn["cubes"] = cubes(solution)
    return drawn


def cubes(solution: Solution) -> list[dict[str, Any]]:
    """Each piece of a solved box, as its legend names and colours it, with its cells (row,
    column, layer; the lowest layer 0), in the legend's order."""
    order = {piece.name: number for number, piece in enumerate(solution.puzzle.pieces)}
    # the legend lists the pieces by their order, each one's copies by their numbers, as here
    placed = sorted(solution.placements.items(), key=lambda item: (order[item[0][0]], item[0][1]))
    return [
        {**item, "cells": [list(cell) for cell in cells]}
        for item, (_, cells) in zip(solution.key(), placed, strict=True)
    ]
