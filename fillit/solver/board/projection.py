"""Projections: the pieces left must fit the free cells line by line.

A piece covers a fixed number of cells in each row it spans, from its top row down: its row
*profile* (2, 1, 1 for `##/.#/.#`). If the pieces fit the board, then each can be given the row
it starts in so that, row by row, the cells the pieces cover add up to at most the row's free
cells. When no such assignment exists, the pieces cannot fit, and no search is needed. The same
holds for columns. This sees what area and colourings miss: 26 pieces `##/.#/.#` do not fit
11 x 11, because the last two rows can only be reached by the pieces' stems.

Deciding whether an assignment exists is a small integer programme. A depth-first search decides
it exactly: line by line, how many pieces of each profile start there, with the loads already
carried into the next lines. Its failures and successes are kept by (line, free cells from that
line on, pieces left, loads carried), so questions that differ only in earlier lines share work.

In a search, one assignment usually serves the next node too: when the option just taken is a
piece whose profile the assignment starts at the same line, or a hole in a line with a spare
cell, the assignment (one piece fewer) still fits, and no new question is asked (`after`).
"""

from __future__ import annotations

from collections.abc import Sequence

from fillit.pieces import Piece

Profile = tuple[int, ...]
"""The cells a piece covers in each line it spans, from its first line on."""

Starts = tuple[tuple[int, ...], ...]
"""An assignment: for each profile, how many pieces start in each line."""

Fit = tuple[Starts, tuple[int, ...]]
"""An assignment and what it leaves free in each line."""

CACHE = 200_000
"""How many answers a bound keeps before it starts afresh."""

STEPS = 100
"""The most steps one question in a search may take: a question that needs more is left
unanswered (the node lives), since the few that take long cost more than the nodes they save."""

BOARD_STEPS = 100_000
"""The most steps the question about the empty board may take."""

UNSURE: Fit = ((), ())
"""The answer to a question left unanswered: the pieces may fit."""


class _OutOfSteps(Exception):
    """A question took more than its steps."""


def profiles(shape: Piece) -> tuple[Profile, Profile]:
    """The shape's row profile and column profile."""
    rows, columns = [0] * shape.height, [0] * shape.width
    for r, c in shape.cells:
        rows[r] += 1
        columns[c] += 1
    return tuple(rows), tuple(columns)


class LineBound:
    """The projection test along one direction, for `lines` lines and each shape's profile."""

    def __init__(self, lines: int, shape_profiles: Sequence[Profile]) -> None:
        self.lines = lines
        self.profiles = list(dict.fromkeys(shape_profiles))
        self.of_shape = [self.profiles.index(p) for p in shape_profiles]
        # each profile padded with zeros to four lines
        self._loads = [(*p, 0, 0, 0)[:4] for p in self.profiles]
        self._known: dict[tuple[object, ...], tuple[tuple[int, ...], ...] | None] = {}
        self._free: tuple[int, ...] = ()
        self._tails: list[tuple[int, ...]] = []  # the free cells from each line on
        self._room: list[int] = []  # their sums
        self._steps = 0

    def fit(
        self, free: tuple[int, ...], remaining: Sequence[int], steps: int = STEPS
    ) -> Fit | None:
        """An assignment of start lines to the pieces left (`remaining`: how many of each
        shape) that fits the `free` cells of every line, None if there is none, or UNSURE if
        deciding takes more than `steps` steps (choices of a profile's starts in a line)."""
        left = [0] * len(self.profiles)
        for shape, count in enumerate(remaining):
            left[self.of_shape[shape]] += count
        self._free = padded = (*free, 0, 0, 0)  # nothing is carried past the last line
        self._tails = [padded[line:] for line in range(self.lines + 1)]
        self._room = [sum(tail) for tail in self._tails]
        self._steps = steps
        try:
            rows = self._line(0, tuple(left), 0, 0, 0)
        except _OutOfSteps:
            return UNSURE
        if rows is None:
            return None
        starts = tuple(
            tuple(rows[t][j] if t < len(rows) else 0 for t in range(self.lines))
            for j in range(len(self.profiles))
        )
        slack = list(free)
        for j, profile in enumerate(self.profiles):
            for t, count in enumerate(starts[j]):
                for i, load in enumerate(profile if count else ()):
                    slack[t + i] -= count * load
        return starts, tuple(slack)

    def after(self, fit: Fit, profile: int, start: int) -> Fit | None:
        """The assignment one option later, if the one before still serves (else None): the
        option is a piece of `profile` (-1: a hole) whose first line is `start`."""
        starts, slack = fit
        if not starts:
            return None
        if profile < 0:
            if not slack[start]:
                return None
            spare = list(slack)
            spare[start] -= 1
            return starts, tuple(spare)
        counts = starts[profile]
        if counts[start]:
            moved = (*counts[:start], counts[start] - 1, *counts[start + 1 :])
            return (*starts[:profile], moved, *starts[profile + 1 :]), slack
        return None

    def _line(
        self, line: int, left: tuple[int, ...], c0: int, c1: int, c2: int
    ) -> tuple[tuple[int, ...], ...] | None:
        """From `line` on, each line's starts (by profile), with `left` pieces to place and
        loads c0, c1, c2 already carried into this line and the next two; None if none fits."""
        if not any(left):
            return ()
        if line == self.lines:
            return None
        key = (line, self._tails[line], left, c0, c1, c2)
        known = self._known
        if key in known:
            return known[key]
        found = None
        if c0 <= self._free[line] and self._room[line] - c0 - c1 - c2 >= 4 * sum(left):
            found = self._starts(line, 0, list(left), [], c0, c1, c2, 0)
        if len(known) >= CACHE:
            known.clear()
        known[key] = found
        return found

    def _starts(
        self,
        line: int,
        j: int,
        left: list[int],
        chosen: list[int],
        l0: int,
        l1: int,
        l2: int,
        l3: int,
    ) -> tuple[tuple[int, ...], ...] | None:
        """The starts of profiles j and later in `line`, the loads l0..l3 on this line and the
        three after it coming from the earlier profiles' and lines' choices."""
        self._steps -= 1
        if not self._steps:
            raise _OutOfSteps
        free, lines = self._free, self.lines
        if j == len(self.profiles):
            if l3 > free[line + 3]:
                return None
            rest = self._line(line + 1, tuple(left), l1, l2, l3)
            return None if rest is None else (tuple(chosen), *rest)
        p0, p1, p2, p3 = self._loads[j]
        count = left[j]
        most = 0
        if count and line + len(self.profiles[j]) <= lines:
            most = min(count, (free[line] - l0) // p0)
        for y in range(most, -1, -1):
            a1, a2 = l1 + y * p1, l2 + y * p2
            if a1 > free[line + 1] or a2 > free[line + 2]:
                continue
            left[j] = count - y
            chosen.append(y)
            found = self._starts(line, j + 1, left, chosen, l0 + y * p0, a1, a2, l3 + y * p3)
            chosen.pop()
            if found is not None:
                left[j] = count
                return found
        left[j] = count
        return None
