"""What does the page show of a solution? The SVG picture `dlx tile --svg` draws (`fillit solve
--svg` for a fillit answer) to download, the same picture without its legend to show (the page's
own legend sits beside it), its rows as `dlx tile` prints them, and a legend of the pieces used,
by the names they were given, in the picture's colours. Drawn in the worker that found or kept
the solution (`studio.worker`), never in the server's own process.
"""

from __future__ import annotations

from typing import Any

from dlx.tiling.model import Placement, Puzzle


def drawing(puzzle: Puzzle, solution: list[Placement]) -> dict[str, Any]:
    """A solution's SVG picture (with and without its legend), text rows and legend (each piece
    or copy used: its name as `dlx tile` writes it, its label, its colour), in the order of the
    pieces."""
    from dlx.tiling.render import label_colours, label_table, marks, text
    from dlx.tiling.svg import solution_svg

    labels = marks(puzzle, solution)
    colours = label_colours(puzzle, solution)
    table = label_table(puzzle)
    used = sorted(
        (
            placement.piece,
            table[placement.piece].index(label) if label in table[placement.piece] else 0,
            label,
        )
        for placement, label in zip(solution, labels, strict=True)
    )
    legend = [
        {
            "name": puzzle.pieces[p].name + (f"#{k + 1}" if len(table[p]) > 1 else ""),
            "label": label,
            "colour": colours.get(label, ""),
        }
        for p, k, label in used
    ]
    return {
        "svg": solution_svg(puzzle, solution),
        "picture": solution_svg(puzzle, solution, legend=False),
        "text": text(puzzle, solution),
        "legend": legend,
    }
