"""May this node live? The fast path's once-per-node check (`StatePruner`), given to the engine
as `prune`, and its memory of failed states, given as `learn`.

It reads a node's state (the cells filled, the holes used, the pieces left) and cuts the node
only when that state has no completion, so what the engine proves fails stays true. It touches
the board it is given and the failures kept (`fillit.solver.board.failures`), nothing else.

`StatePruner` is the pure-Python reference. `fillit/solver/board/csrc/check.c`
(`fillit.solver.board._board.Pruner`, with `fillit.solver.board._board.Failures` for the failures
kept) answers the same, compiled, and carries dlx's C hook entry, so that the compiled engine calls
it with no Python in between: `new_failures` and `new_pruner` pick it when
`fillit.solver.board._board` imports, `FILLIT_CORE` does not say "python", the board's cell tests
compiled (`fillit.solver.board.empty_cells`) and it has no projection tests (`Board.line_tests`,
which only `StatePruner` runs).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Protocol

from fillit.solver.board import failures as kept
from fillit.solver.board.colouring import ColourBound
from fillit.solver.board.empty_cells import WASTE_HOLES, Cells, PythonCells, make_cells
from fillit.solver.board.failures import FailedStates
from fillit.solver.board.projection import Fit, LineBound

try:
    from fillit.solver.board import _board  # type: ignore[attr-defined]
except ImportError:  # built without a C compiler: StatePruner checks every node
    _board = None

State = tuple[int, int, tuple[int, ...]]
"""A node's state: its filled cells as bits, the holes left, the pieces left of each shape."""

LineTest = tuple[str, LineBound, list[int], list[tuple[int, int]]]
"""A projection test: its direction ("rows" or "columns"), the test, the cells of each line as
bits, and each option's profile (-1: a hole) and first line."""

LEARN_NODES = 8
"""A failed node is kept (see `StatePruner.learn`) when its subtree had more nodes than this:
the many small failures would crowd out the ones worth finding again."""

COLOUR_HOLES = 0
"""Colourings are checked inside the search only with at most this many holes left: with more,
they seldom cut a node off and cost more than they save. (With 4, before the compiled sweep took
its share of the turns: on the 29 slowest tight inputs of 4,200 fresh ones, one core, 4.9 s, the
slowest 0.74 s; with 0, 3.8 s and 0.51 s; the 23 slow inputs of few shapes 4.3 s -> 3.9 s, the
bench folder's 58 inputs 1.04 s -> 0.85 s.)"""


@dataclass(frozen=True)
class Board:
    """What the check is given of a board of one size, fixed before any search: its cells as
    bits (rows `stride` bits apart, a spare column between them), the root's state, each
    option's cells as bits and its shape's number (-1: a hole), each shape's four cells as bit
    offsets from the corner of its box, and the tests it applies: colourings with the cells of
    each colour as bits, and projections (along lines where every shape has one profile)."""

    stride: int
    full: int
    root: State
    option_cells: list[int]
    option_shape: list[int]
    offsets: list[tuple[int, int, int, int]]
    colour_tests: list[tuple[ColourBound, list[int]]]
    line_tests: list[LineTest]

    @cached_property
    def cells(self) -> Cells:
        """The cell tests of the board (`fillit.solver.board.empty_cells`: compiled where it can
        be), with the masks of every colour test and their weights in its places."""
        tests = [
            list(zip(masks, bound.weights(), strict=True)) for bound, masks in self.colour_tests
        ]
        return make_cells(self.stride, self.full, self.offsets, tests, WASTE_HOLES)

    @property
    def compiles(self) -> bool:
        """Whether the compiled check can run this board (see the module's docstring)."""
        return (
            _board is not None and not self.line_tests and not isinstance(self.cells, PythonCells)
        )

    @cached_property
    def compiled(self) -> Any:
        """The board as the compiled check reads it (`fillit.solver.board._board.Board`), made once:
        its cache of colour sets serves all the board's searches."""
        bounds = [bound for bound, _ in self.colour_tests]
        return _board.Board(self.cells, self.option_cells, self.option_shape, self.root, bounds)


class Failures(Protocol):
    """The failures kept (`fillit.solver.board.failures.FailedStates`, or
    `fillit.solver.board._board.Failures`)."""

    cuts: int

    def add(self, free: int, remaining: tuple[int, ...]) -> None:
        """See `FailedStates.add`."""

    def settles(self, free: int, remaining: tuple[int, ...]) -> bool:
        """See `FailedStates.settles`."""


class Check(Protocol):
    """The once-per-node check and its memory of failures (`StatePruner`, or compiled)."""

    def __call__(self, chosen: Sequence[int]) -> bool:
        """See `StatePruner.__call__`."""

    def learn(self, chosen: Sequence[int]) -> None:
        """See `StatePruner.learn`."""


def new_failures(board: Board) -> Failures:
    """An empty store of failures for the searches of `board`: compiled when its check is."""
    if board.compiles:
        bits, shapes = board.full.bit_length(), len(board.offsets)
        store: Failures = _board.Failures(bits, shapes, kept.KEEP, kept.CAPACITY)
        return store
    return FailedStates()


def new_pruner(
    board: Board, failures: Failures, base: int, floors: tuple[int, ...] | None = None
) -> Check:
    """The check of one search of `board` whose first `base` options are givens (and whose
    options below their shape's `floors` are not to be chosen): compiled
    (`fillit.solver.board._board.Pruner`) when `failures` are (see `new_failures`), else
    `StatePruner`."""
    if isinstance(failures, FailedStates) or not board.compiles:
        return StatePruner(board, failures, base, floors)
    check: Check = _board.Pruner(board.compiled, failures, base, LEARN_NODES, COLOUR_HOLES, floors)
    return check


class StatePruner:
    """The engine's once-per-node check. It reads the state (which cells are filled, how many holes
    are used, which pieces remain) and cuts a node only when the state has no completion, so what
    the engine proves fails stays true. Empty cells that no piece left can cover (among them every
    region of fewer than 4 cells) can only take holes, so they are left out of the free cells, with
    as many holes. The node dies when there are more of them than holes; when the regions of the
    cells kept waste more cells than there are holes left (a region of m cells wastes at least m mod
    4; asked with at most `fillit.solver.board.empty_cells.WASTE_HOLES` left); or when - the
    remaining pieces cannot be given lines that fit the free cells row by row, or column
      by column (`fillit.solver.board.projection`), or
    - with few holes left, a colouring shows that the remaining pieces cannot fit the free cells;
    - or a state proven to fail before had the same pieces left and every cell free here free
      too (`fillit.solver.board.failures`): the engine tells `learn` each node that failed.
    With `floors` (an option number per shape) it also cuts a node whose last option, chosen
    after the givens, is numbered below its shape's floor: options the question rules out
    (`fillit.solver.questions.canonical.floors`), not a state without completion.

    This is the reference; `new_pruner` gives its compiled twin where it can. Boards with
    projection tests (`Board.line_tests`) are always checked here: only this one runs them.
    """

    def __init__(
        self, board: Board, failures: Failures, base: int, floors: tuple[int, ...] | None = None
    ) -> None:
        self.board = board
        self.failures = failures
        self.base = base
        self.floors = floors
        # per depth: the filled cells as bits, the holes left, the pieces left of each shape
        self.states: list[State] = []
        # per depth: the nodes checked before that depth's node (its subtree: those after it)
        self.opened: list[int] = []
        self.checked = 0
        # per depth: an assignment of lines to the pieces left, for each projection test
        self.fits: list[tuple[Fit, ...]] = []

    def __call__(self, chosen: Sequence[int]) -> bool:
        """Whether the node reached by `chosen` (the givens, then the search's options) may live."""
        board = self.board
        depth = len(chosen)
        states = self.states
        root = depth <= self.base
        if root:  # take in the givens
            states[:] = [board.root]
            for option in chosen:
                states.append(self._after(states[-1], option))
            self.opened[:] = [self.checked] * (depth + 1)
        else:
            del states[depth:]
            states.append(self._after(states[depth - 1], chosen[-1]))
            del self.opened[depth:]
            self.opened.append(self.checked)
        self.checked += 1
        if self.floors is not None and not root:
            shape = board.option_shape[chosen[-1]]
            if shape >= 0 and chosen[-1] < self.floors[shape]:
                return False
        filled, holes, remaining = states[depth]
        found = board.cells.check(filled, remaining, holes, COLOUR_HOLES)
        if found is None:
            return False
        empty, holes, places = found
        if places is not None and not self._colours_fit(places, remaining, holes):
            return False
        if board.line_tests and not self._lines_fit(depth, root, chosen, empty, remaining):
            return False
        return not self.failures.settles(empty, remaining)

    def _colours_fit(self, places: tuple[int, ...], remaining: tuple[int, ...], holes: int) -> bool:
        """Whether every colour test lets the pieces left fit the free cells (whose room has
        `places[k]` as its place in test k) with `holes` cells to spare."""
        for (bound, _), place in zip(self.board.colour_tests, places, strict=True):
            if not bound.sums(remaining, holes) >> place & 1:
                return False
        return True

    def learn(self, chosen: Sequence[int]) -> None:
        """Keep the free cells of a node that failed (its state is the one checked at its depth,
        as the engine tells a node only after all below it), when its subtree was not tiny."""
        depth = len(chosen)
        if self.checked - self.opened[depth] > LEARN_NODES:
            filled, _, remaining = self.states[depth]
            self.failures.add(self.board.full & ~filled, remaining)

    def _lines_fit(
        self, depth: int, root: bool, chosen: Sequence[int], empty: int, remaining: tuple[int, ...]
    ) -> bool:
        """Whether every projection test finds lines for the pieces left; the assignments
        are kept for the node's children, which mostly need no new question. (A kept one does
        not see cells that die at the child, so it may miss a cut, never make a wrong one.)"""
        fits = self.fits
        if root:
            fits[:] = [()] * depth
        else:
            del fits[depth:]
        found = []
        for k, (_, bound, masks, where) in enumerate(self.board.line_tests):
            fit = None if root else bound.after(fits[depth - 1][k], *where[chosen[-1]])
            if fit is None:
                fit = bound.fit(tuple((empty & mask).bit_count() for mask in masks), remaining)
                if fit is None:
                    return False
            found.append(fit)
        fits.append(tuple(found))
        return True

    def _after(self, state: State, option: int) -> State:
        """The state after `option`, from the state before it."""
        filled, holes, remaining = state
        shape = self.board.option_shape[option]
        filled |= self.board.option_cells[option]
        if shape < 0:
            return filled, holes - 1, remaining
        return filled, holes, (*remaining[:shape], remaining[shape] - 1, *remaining[shape + 1 :])
