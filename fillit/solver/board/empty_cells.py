"""What can fill a board's empty cells: the cell tests of the once-per-node check
(`fillit.solver.board.pruner`). Which empty cells a piece left can reach, and the waste of the
regions of those it can, with the place of the room in each colour test (each mask's free cells
times its weight, summed: `ColourBound.place`). `check` is the pure-Python reference;
`fillit/solver/board/csrc/cells.c` (`fillit.solver.board._board`) answers the same, compiled, and is
used when it was built and imports, unless `FILLIT_CORE=python` is in the environment (or the board
is too large for it: then Python checks it).

>>> cells = python_cells(stride=3, full=0b011_011, offsets=[(0, 1, 3, 4)], tests=[[(0b011, 5)]])
>>> cells.check(0, (1,), 0, 4), cells.check(0b1, (1,), 1, 0)
((27, 0, (10,)), None)
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from fillit.geometry import waste_fits

try:
    from fillit.solver.board import _board  # type: ignore[attr-defined]
except ImportError:  # built without a C compiler: the cells are checked in Python
    _board = None

COMPILED_AVAILABLE = _board is not None
"""Whether `fillit.solver.board._board` was built and imports."""

Found = tuple[int, int, tuple[int, ...] | None] | None
"""What a check finds: None (the node dies), or the empty cells kept, the holes left, and the
place of their room in each colour test (None when more holes are left than the tests take)."""

ColourTest = Sequence[tuple[int, int]]
"""A colour test's masks, each with its weight in the place of a room."""


class Cells(Protocol):
    """A board's cell tests (`check` has the contract of `PythonCells.check`)."""

    def check(
        self, filled: int, remaining: tuple[int, ...], holes: int, colour_holes: int
    ) -> Found:
        """See `PythonCells.check`."""


WASTE_HOLES = 3
"""The regions' waste is checked only with at most this many holes left. With more it almost
never cuts a node (measured on a slow set of few shapes: 11,875 cuts in 2.2M checks, all but one
with 3 holes or fewer), and its flood fill was a third of the compiled check's time."""


@dataclass(frozen=True)
class PythonCells:
    """The cell tests of a board: its cells as bits (rows `stride` bits apart, a spare column
    between them), each shape's four cells as offsets, and the colour tests' masks and weights."""

    stride: int
    full: int
    offsets: Sequence[tuple[int, int, int, int]]
    tests: Sequence[ColourTest]
    waste_holes: int | None = None  # None: the waste is always checked

    def check(
        self, filled: int, remaining: tuple[int, ...], holes: int, colour_holes: int
    ) -> Found:
        """None when the empty cells no piece left (`remaining[k]` of shape k) can reach are more
        than `holes`, or the regions of the others waste more than the holes left (asked with at
        most `waste_holes` left); else those other cells, the holes left, and (with at most
        `colour_holes` left) their room's place in each colour test."""
        empty = self.full & ~filled
        stuck = empty & ~self.reach(empty, remaining)  # cells that only a hole can fill
        holes -= stuck.bit_count()
        empty ^= stuck
        if holes < 0:
            return None
        waste_asked = self.waste_holes is None or holes <= self.waste_holes
        if waste_asked and not waste_fits(empty, self.stride, holes):
            return None
        if holes > colour_holes:
            return empty, holes, None
        return (
            empty,
            holes,
            tuple(
                sum((empty & mask).bit_count() * weight for mask, weight in test)
                for test in self.tests
            ),
        )

    def reach(self, empty: int, remaining: Sequence[int]) -> int:
        """The cells that a piece left (`remaining[k]` of shape k) can cover within `empty`.

        The corners where a shape fits are those from which each of its cells is empty: one
        shift and mask per cell, for every corner at once. (A shape reaching past the right edge
        has a cell in the spare column, which is never empty, so no row wraps into the next.)"""
        covered = 0
        for (a, b, c, d), left in zip(self.offsets, remaining, strict=True):
            if left:  # (written out for the four cells: this runs at every node)
                corners = empty >> a & empty >> b & empty >> c & empty >> d
                covered |= corners << a | corners << b | corners << c | corners << d
        return covered


def python_cells(
    stride: int,
    full: int,
    offsets: Sequence[tuple[int, int, int, int]],
    tests: Sequence[ColourTest],
    waste_holes: int | None = None,
) -> PythonCells:
    """The pure-Python cell tests of a board (the waste asked with at most `waste_holes` holes
    left; None: always)."""
    frozen_tests = tuple(tuple(test) for test in tests)
    return PythonCells(stride, full, tuple(offsets), frozen_tests, waste_holes)


def make_cells(
    stride: int,
    full: int,
    offsets: Sequence[tuple[int, int, int, int]],
    tests: Sequence[ColourTest],
    waste_holes: int | None = None,
) -> Cells:
    """The compiled cell tests of a board when `fillit.solver.board._board` imports, `FILLIT_CORE`
    does not say "python", and the board is small enough for it; else the pure-Python ones."""
    if _board is not None and os.environ.get("FILLIT_CORE", "") != "python":
        limit = {} if waste_holes is None else {"waste_holes": waste_holes}
        try:
            compiled: Cells = _board.Cells(stride, full, list(offsets), list(tests), **limit)
        except ValueError:  # a board larger than the compiled tests take
            pass
        else:
            return compiled
    return python_cells(stride, full, offsets, tests, waste_holes)
