"""What does the page show of a solution? The SVG picture `dlx tile --svg` draws (`fillit solve
--svg` for a fillit answer) to download, the same picture without its legend to show (the page's
own legend sits beside it), its rows as `dlx tile` prints them, and a legend of the pieces used,
by the names they were given, in the picture's colours: all the `dlx.tiling.Solution`'s own.
Drawn in the worker that found or kept the solution (`studio.worker`), never in the server's
own process.
"""

from __future__ import annotations

from typing import Any

from dlx.tiling import Solution


def drawing(solution: Solution) -> dict[str, Any]:
    """A solution's SVG picture (with and without its legend), text rows and legend (each piece
    or copy used: its name as `dlx tile` writes it, its label, its colour), in the order of the
    pieces."""
    return {
        "svg": solution.svg(),
        "picture": solution.svg(legend=False),
        "text": solution.rows(),
        "legend": solution.key(),
    }
