"""The one error class of the puzzle adapters."""

from __future__ import annotations


class PuzzleError(ValueError):
    """A puzzle's input breaks a rule; the message names it."""
