"""The one error class of the tiling front-end: bad input, with the line and rule it breaks."""

from __future__ import annotations

from dlx.errors import PuzzleError


class TileError(PuzzleError):
    """A tiling puzzle that cannot be read or posed; the message names the line and the rule."""
