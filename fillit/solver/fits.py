"""Does a square of side s fit? Colourings and projections first, then the engine, several
item choices taking turns.

Before any search, colourings of the board (`fillit.solver.colouring`) and projections along rows
and columns (`fillit.solver.projection`) refute most failing sizes at once. Then the engine branches
on the most constrained item (usually a cell with few ways to be filled), which refutes sizes that
the ordered search needs minutes for; taking turns with it, the engine's sweep (cells row by row, or
column by column, forced ones first) refutes others, mostly sets of few shapes, many times faster
(which direction wins, only the search tells). A *way* is one such order, a *round* gives each way
one search of at most *cap* nodes, and each round doubles the cap. `rounds` also serves the
placement (`fillit.solver.canonical`). It asks `fillit.solver.packing` and spends the run's budget;
it prints nothing and knows nothing of the canonical answer.
"""

from __future__ import annotations

from collections.abc import Sequence

from dlx import Stats, Status
from dlx.solve import Choice
from fillit.solver.budget import Budget
from fillit.solver.colouring import refuted_by_colouring
from fillit.solver.packing import UNKNOWN, Key, Outcome, Packing, Sweep
from fillit.vocabulary import Attempt, CanonicalStats, Progress

Way = tuple[Sequence[Key], Choice, Sweep, int, int | None]
"""One order of search taking turns in `rounds`: the options tried first, the item choice, the
order of the cells, the round it joins in, and the round it leaves in (None: never)."""

FIRST_CAP = 2000
"""The node cap of each way's turn in the first round; each round doubles it."""


def decide_size(
    packing: Packing, budget: Budget, progress: Progress | None = None
) -> tuple[Attempt, tuple[Key, ...] | None]:
    """Whether the pieces fit this size (colourings and projections first, then the engine),
    and a packing if they do.

    No one item choice is best for every set of pieces (MRV refutes some sizes in a few thousand
    nodes where the sweep needs millions, and the other way round; so does the sweep's
    direction), so a few take turns with node caps that double each round; what one round
    proves fails, the failures kept remember.

    >>> from fillit.pieces import Piece
    >>> square = Piece(((0, 0), (0, 1), (1, 0), (1, 1)))
    >>> attempt, packing = decide_size(Packing([square] * 2, 3), Budget.start(None, None))
    >>> attempt.solved, attempt.decided_by, packing
    (False, 'colouring (rows mod 4)', None)
    """
    problem = packing.problem
    proof = _refutation(packing)
    if proof is not None:
        stats = Stats(status=Status.EXHAUSTED)
        attempt = Attempt(packing.size, False, problem.item_count, problem.option_count, stats)
        attempt.decided_by = proof
        return attempt, None
    total = Stats()
    ways: list[Way] = [((), choose, sweep, 0, None) for choose, sweep in DECIDE_WAYS]
    outcome = rounds(packing, total, budget, ways, progress)
    solved = None if outcome.unknown else outcome.packing is not None
    total.status = {None: Status.BUDGET, False: Status.EXHAUSTED, True: Status.LIMIT}[solved]
    attempt = Attempt(packing.size, solved, problem.item_count, problem.option_count, total)
    return attempt, outcome.packing


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


FAVOURITE_CAP = 2
"""How many times the others' cap the favourite way (`Packing.favourite`) gets in each round.
On 45 slow inputs of few shapes: without a favourite 50.9M nodes (the slowest 5.6M); twice
the cap 45.5M (4.5M); eight times 51.4M (11.3M: when the favourite is wrong, the way that
would refute gets too small a share)."""


def rounds(
    packing: Packing,
    total: Stats,
    budget: Budget,
    ways: Sequence[Way],
    progress: Progress | None = None,
    givens: Sequence[Key] = (),
    counters: CanonicalStats | None = None,
    finds_teach: bool = True,
    floors: tuple[int, ...] | None = None,
) -> Outcome:
    """A packing extending `givens`, or none, or unknown if the budget ran out: the `ways` take
    turns, each round's node cap twice the last; the effort is added to `total` (and to
    `counters`, one oracle call per turn); `floors` rule options out (`Packing.complete`).

    The way that settled the last question on this board (its *favourite*: a refutation, or
    a packing found when `finds_teach`) goes first in each round with `FAVOURITE_CAP` times the
    cap: which order refutes well depends on the pieces more than on the question, so it mostly
    wins again."""
    favourite = _favourite(packing, ways)
    ordered = sorted(ways, key=lambda way: way is not favourite)
    cap, round_number = FIRST_CAP, 0
    while True:
        for way in ordered:
            prefer, choose, sweep, joins, leaves = way
            if round_number < joins or (leaves is not None and round_number >= leaves):
                continue
            stats = Stats()
            turn_cap = cap * FAVOURITE_CAP if way is favourite else cap
            report = _so_far(progress, total)
            outcome = packing.complete(
                givens, prefer, stats, budget, report, choose, turn_cap, sweep, floors
            )
            _count(stats, total, counters)
            if not outcome.unknown:
                if outcome.refuted or finds_teach:
                    packing.favourite = (choose, sweep)
                return outcome
            if budget.spent():
                return UNKNOWN
        cap, round_number = 2 * cap, round_number + 1


def _count(stats: Stats, total: Stats, counters: CanonicalStats | None) -> None:
    """Add one turn's effort to `total` (and to `counters`, as one oracle call)."""
    total.nodes += stats.nodes
    total.updates += stats.updates
    total.seconds += stats.seconds
    if counters is not None:
        counters.oracle_calls += 1
        counters.add(stats)


def _favourite(packing: Packing, ways: Sequence[Way]) -> Way | None:
    """The first of `ways` in the packing's favourite order, not led by a packing's options."""
    for way in ways:
        prefer, choose, sweep, _, _ = way
        if not prefer and (choose, sweep) == packing.favourite:
            return way
    return None


def _so_far(progress: Progress | None, total: Stats) -> Progress | None:
    """`progress`, told the effort of the rounds before plus that of the current one."""
    if progress is None:
        return None
    nodes, updates, seconds = total.nodes, total.updates, total.seconds

    def report(size: int, stats: Stats) -> None:
        done = Stats(nodes + stats.nodes, updates + stats.updates, 0, seconds + stats.seconds)
        progress(size, done)

    return report
