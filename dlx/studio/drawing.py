"""What does the page show of a solution? The SVG picture `dlx tile --svg` draws (`fillit solve
--svg` for a fillit answer), its rows as `dlx tile` prints them, and a legend of the pieces used,
by the names they were given, in the picture's colours.
"""

from __future__ import annotations

from typing import Any

from dlx.studio.runs import Run
from dlx.tiling.model import Placement, Puzzle


def drawn(run: Run, number: int) -> dict[str, Any]:
    """Solution `number` of `run` as the page shows it: the SVG `dlx tile --svg` writes, its
    rows as `dlx tile` prints them, and a legend of the pieces by the names they were given."""
    if run.rows is not None:
        from dlx.pictures.svg import board_svg

        return {"number": 1, "svg": board_svg(run.rows), "text": run.rows, "legend": []}
    assert run.puzzle is not None
    return {"number": number, **drawing(run.puzzle, run.solutions[number - 1])}


def drawing(puzzle: Puzzle, solution: list[Placement]) -> dict[str, Any]:
    """A solution's SVG picture, text rows and legend (each piece or copy used: its name as
    `dlx tile` writes it, its label, its colour), in the order of the pieces."""
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
    return {"svg": solution_svg(puzzle, solution), "text": text(puzzle, solution), "legend": legend}
