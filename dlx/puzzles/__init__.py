"""Puzzles as thin adapters over the dlx engine; the engine's core modules never import them."""

from dlx.puzzles.errors import PuzzleError

__all__ = ["PuzzleError"]
