"""The fast path: decide each size by a packing formulation, then place the pieces canonically.

*Do the pieces fit a board of side s?* Every cell is a primary item; each distinct shape is one
primary item whose multiplicity is the number of pieces of that shape; one "hole" item, whose
multiplicity is the slack s*s - 4n, has one option per cell. The engine branches on the most
constrained item (usually a cell with few ways to be filled), which refutes sizes that the
ordered search needs minutes for; taking turns with it, the engine's sweep (cells row by row,
or column by column, forced ones first) refutes others, mostly sets of few shapes, many times
faster (which direction wins, only the search tells). Before any search, colourings of the
board refute most failing sizes at once (`fillit.colouring`).

*Which answer?* The canonical answer places the pieces in input order, each at the first
row-major position from which the rest can still be completed. So for each piece, the positions
are tried in order with the pieces placed so far given to the engine in advance, and the first
whose remaining problem is feasible is kept. A packing found on the way (a *witness*) bounds the
positions worth trying: the first position of the piece's shape in it is feasible. All these
questions share one failure memo, and the witness's options are tried first in each search.

Inside every search the adapter's check (`StatePruner`) cuts off nodes whose empty regions waste
more cells than there are holes, whose remaining pieces a colouring shows cannot fit, or whose
free cells were all free in a state with the same pieces left that failed (`fillit.failures`).
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from dlx import Problem, Stats, Status, solve
from dlx.memo import FailureMemo
from dlx.solve import Choice
from fillit.colouring import IN_SEARCH, ColourBound, refuted_by_colouring, shape_counts
from fillit.failures import FailedStates
from fillit.pieces import Cell, Piece
from fillit.projection import BOARD_STEPS, Fit, LineBound, profiles
from fillit.solver import (
    Answer,
    Attempt,
    CanonicalStats,
    Progress,
    placements,
    smallest_size,
    waste_fits,
)

Key = tuple[object, int, int]
"""An option key: (shape or HOLE, row, column of the top-left corner)."""

Sweep = Literal["rows", "columns"]
"""The order in which the engine's item choice meets the cells."""

HOLE = "hole"

BOARD_PROFILES = 2
"""Deciding a size, the projection test runs along a direction only when the shapes have at
most this many profiles along it (one question per size; with more, it can take long)."""

SEARCH_PROFILES = 1
"""Inside the search, the projection test runs along a direction only when every shape has the
same profile along it. With two, it cuts many nodes on some sets (two shapes, many holes) but
costs more than it saves on others (measured: 1 s -> 5 s on a set of three shapes)."""

LEARN_NODES = 8
"""A failed node is kept (see `StatePruner.learn`) when its subtree had more nodes than this:
the many small failures would crowd out the ones worth finding again."""

COLOUR_HOLES = 4
"""Colourings are checked inside the search only with at most this many holes left: with more,
they seldom cut a node off and cost more than they save."""


@dataclass
class Budget:
    """What the whole run may still spend, in search nodes and seconds (None: no limit)."""

    nodes: int | None
    deadline: float | None

    @classmethod
    def start(cls, max_nodes: int | None, timeout: float | None) -> Budget:
        """A budget of `max_nodes` nodes and `timeout` seconds from now."""
        return cls(max_nodes, None if timeout is None else time.perf_counter() + timeout)

    def seconds(self) -> float | None:
        """Seconds left (at least 0), or None."""
        return None if self.deadline is None else max(0.0, self.deadline - time.perf_counter())

    def spent(self) -> bool:
        """Whether nothing is left."""
        return self.nodes == 0 or self.seconds() == 0.0

    def spend(self, stats: Stats) -> None:
        """Take a finished search's nodes off the budget."""
        if self.nodes is not None:
            self.nodes = max(0, self.nodes - stats.nodes)


def packing_problem(pieces: Sequence[Piece], size: int) -> Problem[Key]:
    """Cells as items, each shape as an item used as often as it occurs, holes for the slack."""
    cells = [(r, c) for r in range(size) for c in range(size)]
    shapes, counts = shape_counts(pieces)
    slack = size * size - 4 * len(pieces)
    primary: list[object] = [*cells, *shapes]
    bounds: dict[object, int] = {s: n for s, n in zip(shapes, counts, strict=True) if n > 1}
    if slack:
        primary.append(HOLE)
        bounds[HOLE] = slack
    problem: Problem[Key] = Problem(primary, bounds=bounds)
    for shape in shapes:
        for top, left in placements(shape, size):
            covered = [(top + r, left + c) for r, c in shape.cells]
            problem.add_option((shape, top, left), [shape, *covered])
    if slack:
        for r, c in cells:
            problem.add_option((HOLE, r, c), [HOLE, (r, c)])
    return problem


class Packing:
    """The packing problem of the pieces on a board of side `size`, its memo, and what the
    state pruner needs: each option's cells as bits (rows `size + 1` bits apart, so that shifts
    never wrap from one row to the next) and its shape's number (-1 for a hole)."""

    def __init__(self, pieces: Sequence[Piece], size: int) -> None:
        self.pieces = pieces
        self.size = size
        self.problem = packing_problem(pieces, size)
        self.memo = FailureMemo()
        self.failures = FailedStates()
        self.stride = size + 1
        # the cells column by column: an item order for the engine's choice (see `complete`)
        self.columns = [(r, c) for c in range(size) for r in range(size)]
        self.slack = size * size - 4 * len(pieces)
        self.full = self.bits((r, c) for r in range(size) for c in range(size))
        shapes, self.counts = shape_counts(pieces)
        number = {shape: k for k, shape in enumerate(shapes)}
        self.masks: list[int] = []
        self.option_shape: list[int] = []
        for shape, top, left in self.problem.keys:
            if isinstance(shape, Piece):
                self.masks.append(self.bits((top + r, left + c) for r, c in shape.cells))
                self.option_shape.append(number[shape])
            else:
                self.masks.append(self.bits([(top, left)]))
                self.option_shape.append(-1)
        self.colour_bounds = [self._colour_bound(name, shapes) for name in IN_SEARCH]
        self.line_bounds = [
            bound for bound in (self._line_bound(d, shapes) for d in (0, 1)) if bound is not None
        ]
        self.search_bounds = [b for b in self.line_bounds if len(b[1].profiles) <= SEARCH_PROFILES]
        # each shape's four cells as bit offsets from the corner of its box (see `reach`)
        self.offsets = [_four(r * self.stride + c for r, c in shape.cells) for shape in shapes]

    def bits(self, cells: Iterable[Cell]) -> int:
        """The cells as one integer, a bit per cell."""
        return sum(1 << (r * self.stride + c) for r, c in cells)

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

    def key_bits(self, key: Key) -> int:
        """The cells of an option, by key, as bits."""
        return self.masks[self.problem.option_number(key)]

    def dilate(self, cells: int, radius: int) -> int:
        """The cells within `radius` king moves of `cells`, on the board."""
        for _ in range(radius):
            wide = cells | cells << 1 | cells >> 1
            cells = wide | wide << self.stride | wide >> self.stride
        return cells & self.full

    def _colour_bound(self, name: str, shapes: Sequence[Piece]) -> tuple[ColourBound, list[int]]:
        """A colouring's test, and the cells of each colour as bits."""
        bound = ColourBound(self.size, name, shapes)
        cells = [(r, c) for r in range(self.size) for c in range(self.size)]
        masks = [
            self.bits([(r, c) for r, c in cells if bound.cells[r][c] == colour])
            for colour in range(bound.colours)
        ]
        return bound, masks

    def _line_bound(
        self, direction: int, shapes: Sequence[Piece]
    ) -> tuple[str, LineBound, list[int], list[tuple[int, int]]] | None:
        """The projection test along rows (direction 0) or columns (1): its name, the test,
        the cells of each line as bits, and each option's profile (-1: hole) and first line;
        None when the shapes have too many profiles along it."""
        bound = LineBound(self.size, [profiles(shape)[direction] for shape in shapes])
        if len(bound.profiles) > BOARD_PROFILES:
            return None
        lines = range(self.size)
        masks = [
            self.bits((line, c) if direction == 0 else (c, line) for c in lines) for line in lines
        ]
        where = [
            (-1 if shape < 0 else bound.of_shape[shape], (top, left)[direction])
            for (_, top, left), shape in zip(self.problem.keys, self.option_shape, strict=True)
        ]
        return ("rows", "columns")[direction], bound, masks, where

    def refuting_lines(self) -> str | None:
        """The direction (rows or columns) whose projection shows the pieces cannot fit the
        empty board, or None."""
        for name, bound, masks, _ in self.line_bounds:
            free = tuple(mask.bit_count() for mask in masks)
            if bound.fit(free, self.counts, BOARD_STEPS) is None:
                return name
        return None

    def complete(
        self,
        givens: Sequence[Key],
        prefer: Sequence[Key],
        stats: Stats,
        budget: Budget,
        progress: Progress | None = None,
        choose: Choice = "mrv",
        cap: int | None = None,
        sweep: Sweep = "rows",
    ) -> tuple[Key, ...] | bool | None:
        """A packing that extends `givens`, False if none, None if the budget (or `cap` nodes,
        if less) ran out; the nodes are taken off `budget`. The options in `prefer` (a packing
        close to the one sought) are tried first. The item choice meets the cells row by row,
        or with `sweep` "columns" column by column: a different order of the same search."""
        limits = [n for n in (cap, budget.nodes) if n is not None]
        max_nodes, seconds = min(limits, default=None), budget.seconds()
        if max_nodes == 0 or seconds == 0.0:  # (dlx refuses an empty budget)
            stats.status = Status.BUDGET
            return None
        pruner = StatePruner(self, len(givens))
        search = solve(
            self.problem,
            choose=choose,
            givens=givens,
            prefer=prefer,
            item_order=self.columns if sweep == "columns" else (),
            memo=self.memo,
            prune=pruner,
            learn=pruner.learn,
            stats=stats,
            max_nodes=max_nodes,
            timeout=seconds,
            limit=1,
            progress=None if progress is None else (lambda s: progress(self.size, s)),
        )
        found = next(search, None)
        search.close()
        budget.spend(stats)
        if found is not None:
            return found
        return None if stats.status is Status.BUDGET else False


class StatePruner:
    """The engine's once-per-node check. It reads the state (which cells are filled, how many
    holes are used, which pieces remain) and cuts a node only when the state has no completion,
    so the failure memo stays exact. Empty cells that no piece left can cover (among them every
    region of fewer than 4 cells) can only take holes, so they are left out of the free cells,
    with as many holes. The node dies when there are more of them than holes; when the regions
    of the cells kept waste more cells than there are holes left (a region of m cells wastes at
    least m mod 4); or when
    - the remaining pieces cannot be given lines that fit the free cells row by row, or column
      by column (`fillit.projection`), or
    - with few holes left, a colouring shows that the remaining pieces cannot fit the free cells;
    - or a state proven to fail before had the same pieces left and every cell free here free
      too (`fillit.failures`): the engine tells `learn` each node that failed.
    """

    def __init__(self, packing: Packing, base: int) -> None:
        self.packing = packing
        self.base = base
        # per depth: the filled cells as bits, the holes left, the pieces left of each shape
        self.states: list[tuple[int, int, tuple[int, ...]]] = []
        # per depth: the nodes checked before that depth's node (its subtree: those after it)
        self.opened: list[int] = []
        self.checked = 0
        # per depth: an assignment of lines to the pieces left, for each projection test
        self.fits: list[tuple[Fit, ...]] = []

    def __call__(self, chosen: Sequence[int]) -> bool:
        """Whether the node reached by `chosen` (the givens, then the search's options) may live."""
        packing = self.packing
        depth = len(chosen)
        states = self.states
        root = depth <= self.base
        if root:  # take in the givens
            states[:] = [(0, packing.slack, packing.counts)]
            for option in chosen:
                states.append(self._after(states[-1], option))
            self.opened[:] = [self.checked] * (depth + 1)
        else:
            del states[depth:]
            states.append(self._after(states[depth - 1], chosen[-1]))
            del self.opened[depth:]
            self.opened.append(self.checked)
        self.checked += 1
        filled, holes, remaining = states[depth]
        empty = packing.full & ~filled
        stuck = empty & ~packing.reach(empty, remaining)  # cells that only a hole can fill
        holes -= stuck.bit_count()
        if holes < 0:
            return False
        empty ^= stuck  # the tests below need not count cells no piece can reach
        if holes <= COLOUR_HOLES:  # first: they cut the most nodes
            for bound, masks in packing.colour_bounds:
                room = [(empty & mask).bit_count() for mask in masks]
                if not bound.fits(room, remaining, holes):
                    return False
        # (Every region of the cells kept has 4 cells or more, as a piece that reaches a cell
        # lies in its region: only their waste is left to check.)
        if not waste_fits(empty, packing.stride, holes):
            return False
        if packing.search_bounds and not self._lines_fit(depth, root, chosen, empty, remaining):
            return False
        return not packing.failures.settles(empty, remaining)

    def learn(self, chosen: Sequence[int]) -> None:
        """Keep the free cells of a node that failed (its state is the one checked at its depth,
        as the engine tells a node only after all below it), when its subtree was not tiny."""
        depth = len(chosen)
        if self.checked - self.opened[depth] > LEARN_NODES:
            filled, _, remaining = self.states[depth]
            self.packing.failures.add(self.packing.full & ~filled, remaining)

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
        for k, (_, bound, masks, where) in enumerate(self.packing.search_bounds):
            fit = None if root else bound.after(fits[depth - 1][k], *where[chosen[-1]])
            if fit is None:
                fit = bound.fit(tuple((empty & mask).bit_count() for mask in masks), remaining)
                if fit is None:
                    return False
            found.append(fit)
        fits.append(tuple(found))
        return True

    def _after(
        self, state: tuple[int, int, tuple[int, ...]], option: int
    ) -> tuple[int, int, tuple[int, ...]]:
        """The state after `option`, from the state before it."""
        filled, holes, remaining = state
        shape = self.packing.option_shape[option]
        filled |= self.packing.masks[option]
        if shape < 0:
            return filled, holes - 1, remaining
        return filled, holes, (*remaining[:shape], remaining[shape] - 1, *remaining[shape + 1 :])


def _four(offsets: Iterable[int]) -> tuple[int, int, int, int]:
    """A tetromino's four cell offsets."""
    a, b, c, d = offsets
    return a, b, c, d


def decide(
    packing: Packing, budget: Budget, progress: Progress | None = None
) -> tuple[Attempt, tuple[Key, ...] | None]:
    """Whether the pieces fit this size (colourings and projections first, then the engine),
    and a packing.

    No one item choice is best for every set of pieces (MRV refutes some sizes in a few thousand
    nodes where the sweep needs millions, and the other way round; so does the sweep's
    direction), so a few take turns with node caps that double each round; what one round
    proves fails, the memo keeps."""
    problem = packing.problem
    proof = _refutation(packing)
    if proof is not None:
        stats = Stats(status=Status.EXHAUSTED)
        attempt = Attempt(packing.size, False, problem.item_count, problem.option_count, stats)
        attempt.decided_by = proof
        return attempt, None
    total = Stats()
    ways = [((), choose, sweep, 0) for choose, sweep in DECIDE_WAYS]
    found = _rounds(packing, total, budget, ways, progress)
    witness = found if isinstance(found, tuple) else None
    solved = None if found is None else witness is not None
    total.status = {None: Status.BUDGET, False: Status.EXHAUSTED, True: Status.LIMIT}[solved]
    attempt = Attempt(packing.size, solved, problem.item_count, problem.option_count, total)
    return attempt, witness


def _refutation(packing: Packing) -> str | None:
    """A proof without search that the pieces do not fit, by a colouring or a projection."""
    colouring = refuted_by_colouring(packing.pieces, packing.size)
    if colouring is not None:
        return f"colouring ({colouring})"
    lines = packing.refuting_lines()
    return None if lines is None else f"projection ({lines})"


DECIDE_WAYS: tuple[tuple[Choice, Sweep], ...] = (
    ("mrv", "rows"),
    ("sweep", "rows"),
    ("sweep", "columns"),
)
"""The item choices (and orders of the cells) that take turns deciding a size. Where the
others are best, the sweep by columns adds at most half their nodes; on some sets of few shapes
it needs a tenth of theirs (24 pieces `##/.#/.#` and 2 squares in 11 x 11: 347k -> 51k)."""


def _rounds(
    packing: Packing,
    total: Stats,
    budget: Budget,
    ways: Sequence[tuple[Sequence[Key], Choice, Sweep, int]],
    progress: Progress | None = None,
    givens: Sequence[Key] = (),
    counters: CanonicalStats | None = None,
) -> tuple[Key, ...] | bool | None:
    """A packing extending `givens`, False if there is none, None if the budget ran out: the
    `ways` (options preferred, item choice, order of the cells, the round it joins in) take
    turns, each round's node cap twice the last."""
    cap, round_number = FIRST_CAP, 0
    while True:
        for prefer, choose, sweep, joins in ways:
            if round_number < joins:
                continue
            stats = Stats()
            found = packing.complete(
                givens, prefer, stats, budget, _so_far(progress, total), choose, cap, sweep
            )
            total.nodes += stats.nodes
            total.updates += stats.updates
            total.seconds += stats.seconds
            if counters is not None:
                counters.oracle_calls += 1
                counters.add(stats)
            if found is not None:
                return found
            if budget.spent():
                return None
        cap, round_number = 2 * cap, round_number + 1


def _so_far(progress: Progress | None, total: Stats) -> Progress | None:
    """`progress`, told the effort of the rounds before plus that of the current one."""
    if progress is None:
        return None
    nodes, updates, seconds = total.nodes, total.updates, total.seconds

    def report(size: int, stats: Stats) -> None:
        done = Stats(nodes + stats.nodes, updates + stats.updates, 0, seconds + stats.seconds)
        progress(size, done)

    return report


GLANCE_NODES = 100
"""The node cap of the first look at a candidate: most positions that fail, fail at once."""


def glance(
    packing: Packing,
    givens: Sequence[Key],
    witness: Sequence[Key],
    budget: Budget,
    counters: CanonicalStats,
) -> tuple[Key, ...] | bool | None:
    """A short search (the witness's options first): a packing, False, or None if cut short."""
    stats = Stats()
    found = packing.complete(givens, witness, stats, budget, cap=GLANCE_NODES)
    counters.oracle_calls += 1
    counters.add(stats)
    return found


REPAIR_RADII = (2, 4)
"""How far around the change the witness is re-solved before a full search."""

REPAIR_NODES = 2000
"""The node budget of one repair."""


def repair(
    packing: Packing,
    givens: Sequence[Key],
    candidate: Key,
    witness: Sequence[Key],
    budget: Budget,
    counters: CanonicalStats,
) -> tuple[Key, ...] | None:
    """A packing with `givens` and `candidate`, found by re-solving only the witness's
    neighbourhood of the change; None when that finds none, and the full search must decide.

    The candidate takes the place of the witness's first free placement of its shape; the
    witness's options farther than a radius from both stay fixed, given to the engine."""
    shape = candidate[0]
    freed = min((k for k in witness if k[0] == shape and k not in givens), key=lambda k: k[1:])
    taken = packing.key_bits(candidate) | sum(packing.key_bits(k) for k in givens)
    zone = packing.key_bits(candidate) | packing.key_bits(freed)
    for radius in REPAIR_RADII:
        near = packing.dilate(zone, radius)
        kept = [
            k
            for k in witness
            if k != freed and k not in givens and not packing.key_bits(k) & (near | taken)
        ]
        stats = Stats()
        found = packing.complete(
            [*givens, candidate, *kept], witness, stats, budget, cap=REPAIR_NODES
        )
        counters.repairs += 1
        counters.add(stats)
        if isinstance(found, tuple):
            counters.repaired += 1
            return found
        if budget.spent():
            return None
    return None


FIRST_CAP = 2000
"""The node cap of the first round of `decisive`; each round doubles it."""


def decisive(
    packing: Packing,
    givens: Sequence[Key],
    witness: Sequence[Key],
    budget: Budget,
    counters: CanonicalStats,
    progress: Progress | None = None,
) -> tuple[Key, ...] | bool | None:
    """A packing extending `givens`, or False when there is none (None: the budget ran out).

    How long a search takes depends much on the order it tries options and items in, and no one
    order is best: so a few (the witness's options first or the options as declared, MRV or the
    sweep by rows or by columns) take turns with node caps that double each round. What one
    proves fails, the memo keeps."""
    ways = [
        (witness if prefer else (), choose, sweep, joins)
        for prefer, choose, sweep, joins in CANONICAL_WAYS
    ]
    return _rounds(packing, Stats(), budget, ways, progress, givens, counters)


CANONICAL_WAYS: tuple[tuple[bool, Choice, Sweep, int], ...] = (
    (True, "mrv", "rows", 0),
    (False, "mrv", "rows", 0),
    (False, "sweep", "rows", 0),
    (False, "sweep", "columns", 2),
)
"""The orders that take turns in `decisive`: (the witness's options first?, item choice, order
of the cells, the round it joins in). The sweep by columns joins in the third round (a node cap
of 8000), when most placements are decided already; the long refutations of some sets of few
shapes still get it. (The bench folder: 189k nodes; 203k when it joins at once, 202k without.)"""


def canonical(
    packing: Packing,
    witness: Sequence[Key],
    budget: Budget,
    counters: CanonicalStats,
    progress: Progress | None = None,
) -> list[Cell] | None:
    """The first-position answer at a size known to fit (None: the budget ran out)."""
    pieces, size = packing.pieces, packing.size
    givens: list[Key] = []
    occupied = 0
    last_corner: dict[Piece, Cell] = {}
    for piece in pieces:
        bound = min(k[1:] for k in witness if k[0] == piece and k not in givens)
        chosen = bound  # feasible: the witness completes it
        for corner in placements(piece, size):
            if corner >= bound:
                break
            if corner <= last_corner.get(piece, (-1, -1)):
                continue  # identical pieces keep input order in the canonical answer
            if occupied & packing.bits((corner[0] + r, corner[1] + c) for r, c in piece.cells):
                continue
            candidate: Key = (piece, *corner)
            found = glance(packing, [*givens, candidate], witness, budget, counters)
            if found is False:
                continue
            if not found and not budget.spent():
                found = repair(packing, givens, candidate, witness, budget, counters)
            if not found and budget.spent():
                return None
            if not found:
                found = decisive(packing, [*givens, candidate], witness, budget, counters, progress)
            if found is None:
                return None
            if isinstance(found, tuple):
                chosen, witness = corner, found
                break
        givens.append((piece, *chosen))
        occupied |= packing.bits((chosen[0] + r, chosen[1] + c) for r, c in piece.cells)
        last_corner[piece] = chosen
    counters.memo_hits = packing.memo.hits
    counters.dominated = packing.failures.cuts
    return [(top, left) for _, top, left in givens]


def arrange_fast(
    pieces: Sequence[Piece],
    *,
    max_nodes: int | None = None,
    timeout: float | None = None,
    progress: Progress | None = None,
) -> Answer:
    """The canonical answer: decide sizes from the smallest up, then place the pieces in order.
    `max_nodes` and `timeout` bound the whole run; when one runs out, the answer is unsolved."""
    answer = Answer(list(pieces), None, [], canonical=CanonicalStats())
    budget = Budget.start(max_nodes, timeout)
    size = smallest_size(pieces)
    while True:
        packing = Packing(pieces, size)
        attempt, witness = decide(packing, budget, progress)
        answer.attempts.append(attempt)
        if attempt.solved is None:
            return answer
        if witness is not None:
            assert answer.canonical is not None
            corners = canonical(packing, witness, budget, answer.canonical, progress)
            if corners is None:
                attempt.solved = None
                return answer
            answer.size, answer.corners = size, corners
            return answer
        size += 1
