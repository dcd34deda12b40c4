"""Which well-known puzzles does the engine solve out of the box? Queens, sudoku, skyscrapers,
polyominoes and pentominoes, each a thin adapter that turns a puzzle into items and options (the
polyominoes take their grid and piece sets from `dlx.tiling`); the engine's modules never import
them. Bad input raises `PuzzleError` (`dlx.errors`)."""

from dlx.errors import PuzzleError

__all__ = ["PuzzleError"]
