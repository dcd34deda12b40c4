"""Which well-known puzzles does the engine solve out of the box? Queens, sudoku, skyscrapers,
polyominoes and pentominoes, each a thin adapter that turns a puzzle into items and options; the
engine's modules never import them."""

from dlx.puzzles.errors import PuzzleError

__all__ = ["PuzzleError"]
