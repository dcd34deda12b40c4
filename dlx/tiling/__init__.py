"""How does a tiling puzzle a person draws become an exact-cover problem? Grids, pieces, boards and
Knuth's spec files, read once and turned into items and options for the engine.

- `grids`: square, triangle, hex and cube coordinates, and sticks (the square lattice's edges),
  neighbours, rotations and reflections as maps on coordinates, a piece's distinct
  orientations in Knuth's order; `sticks`: polysticks' pictures and their no-crossing rule;
- `spec`: Knuth's spec lines (polyomino-dlx, polyiamond-dlx, polycube-dlx); `drawn`: the
  picture format; `given`: either, or a board and pieces given in Python; `library`: named piece
  sets and boards; `model`: the puzzle and its placements;
- `build`: the exact-cover problem (and Knuth's DLX text); `symmetry`: `--unique` (its group in
  `symmetry_group`, copies in `symmetry_copies`);
- `render`: text pictures; `svg`: SVG pictures (`sticks_svg` for sticks, `iso_svg` a box of
  cubes from outside).

The engine (`dlx.problem`, `dlx.solve`) knows nothing of grids. The public API (`Puzzle` and
its `Solution`s, `TileError`, the named `BOARDS` and `piece_sets()`) loads here on first use;
`dlx tile` (`dlx.cli.tile`) and the studio (`dlx.studio`) call only it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from dlx.tiling.errors import TileError
    from dlx.tiling.library import BOARDS, piece_sets
    from dlx.tiling.solution import Solution
    from dlx.tiling.workshop import Puzzle

__all__ = ["BOARDS", "Puzzle", "Solution", "TileError", "piece_sets"]

if not TYPE_CHECKING:  # mypy sees the names imported above

    def __getattr__(name: str) -> object:
        """The public `name`, from `dlx.tiling.workshop` (a `Solution` from its own module, the
        named boards and piece sets from the library's)."""
        if name not in __all__:
            raise AttributeError(f"module 'dlx.tiling' has no attribute {name!r}")
        from importlib import import_module  # (on first use, as `dlx` does)

        homes = {"Solution": "solution", "Puzzle": "workshop", "TileError": "errors"}
        home = homes.get(name, "library")
        return getattr(import_module(f"dlx.tiling.{home}"), name)


def __dir__() -> list[str]:
    """The public names."""
    return sorted(__all__)
