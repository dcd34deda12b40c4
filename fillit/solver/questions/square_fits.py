"""Does a square of side s fit? Colourings and projections first, then the engine, several
item choices taking turns.

Before any search, colourings of the board (`fillit.solver.board.colouring`) and projections along
rows and columns (`fillit.solver.board.projection`) refute most failing sizes at once. Then the
engine branches on the most constrained item (usually a cell with few ways to be filled), which
refutes sizes that the ordered search needs minutes for; taking turns with it, the engine's sweep
(cells row by row, or column by column, forced ones first) refutes others, mostly sets of few
shapes, many times faster (which direction wins, only the search tells). A *way* is one such order,
a *round* gives each way one search of at most *cap* nodes, and each round doubles the cap; a
question still open after a round may race on two processes (`fillit.solver.questions.race`).
`rounds` also serves the placement (`fillit.solver.questions.canonical`). It asks
`fillit.solver.board.packing` and spends the run's budget; it prints nothing and knows nothing of
the canonical answer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from dlx import Stats, Status
from dlx.solve import Choice
from fillit.answer import Attempt, CanonicalStats, Progress
from fillit.solver.board.colouring import refuted_by_colouring
from fillit.solver.board.packing import UNKNOWN, Key, Outcome, Packing, Sweep
from fillit.solver.budget import Budget
from fillit.solver.questions.orders import Order, Round, Run, Way
from fillit.solver.questions.race import RACE_CAP, Won, can_race, race

FIRST_CAP = 2000
"""The node cap of each way's turn in the first round; each round doubles it."""


def decide_size(
    packing: Packing, budget: Budget, run: Run | None = None, progress: Progress | None = None
) -> tuple[Attempt, tuple[Key, ...] | None]:
    """Whether the pieces fit this size (colourings and projections first, then the engine),
    and a packing if they do.

    No one item choice is best for every set of pieces (MRV refutes some sizes in a few thousand
    nodes where the sweep needs millions, and the other way round; so does the sweep's
    direction), so a few take turns with node caps that double each round; what one round
    proves fails, the failures kept remember. The `run` (a fresh one if none) is told which
    order settled it.

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
    ways = [Way((), choose, sweep) for choose, sweep in DECIDE_WAYS]
    outcome = rounds(packing, total, budget, ways, run, progress)
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


SWEEP_SHARE = 16
"""How many times the others' cap a sweep's turn gets where the sweep is compiled
(`fillit.solver.board.sweep`): its nodes cost a fraction of the engine's, so the turns are about
even in time. On 23 slow inputs of few shapes, one core, start-up included: 12.1 s with the same
caps (the slowest 1.31 s), 7.0 s with 8 times (0.77 s), 6.2 s with 16 (0.61 s). Sweeping in the six
other directions too (from the other corners) cost more than it saved (with 4 times: 11.2 s)."""
FAVOURITE_CAP = 4
"""How many times the others' cap the favourite way (`Run.favourite`) gets in each round.
On 45 slow inputs of few shapes, with the engine's sweep: without a favourite 50.9M nodes (the
slowest 5.6M); twice the cap 45.5M (4.5M); eight times 51.4M (11.3M: when the favourite is
wrong, the way that would refute gets too small a share). With the compiled sweep, four times:
the 29 slowest tight inputs of 4,200, in one process, 3.52 s -> 3.43 s (the slowest 0.48 ->
0.45 s), the 23 slow few-shape inputs and the bench folder unchanged."""


def rounds(
    packing: Packing,
    total: Stats,
    budget: Budget,
    ways: Sequence[Way],
    run: Run | None = None,
    progress: Progress | None = None,
    givens: Sequence[Key] = (),
    counters: CanonicalStats | None = None,
    finds_teach: bool = True,
    floors: tuple[int, ...] | None = None,
) -> Outcome:
    """A packing extending `givens`, or none, or unknown if the budget ran out: the `ways` take
    turns, each round's node cap twice the last; the effort is added to `total` (and to
    `counters`, one oracle call per turn); `floors` rule options out (`Packing.complete`).

    The way that settled the last question of the `run` (its *favourite*: a refutation, or a
    packing found when `finds_teach`) goes first in each round with `FAVOURITE_CAP` times the
    cap: which order refutes well depends on the pieces more than on the question, so it mostly
    wins again. The way that settles this one becomes the favourite."""
    run = Run() if run is None else run
    favourite = _favourite(run.favourite, ways)
    ordered = sorted(ways, key=lambda way: way is not favourite)
    question = _Question(
        packing, total, budget, run, progress, givens, counters, finds_teach, floors, favourite
    )
    return question.play(ordered, (0, FIRST_CAP), None, False)[0]


@dataclass
class _Question:
    """One question's rounds: what `rounds` was given, and its favourite way."""

    packing: Packing
    total: Stats
    budget: Budget
    run: Run
    progress: Progress | None
    givens: Sequence[Key]
    counters: CanonicalStats | None
    finds_teach: bool
    floors: tuple[int, ...] | None
    favourite: Way | None

    def play(
        self,
        mine: Sequence[Way],
        first: Round,
        poll: Callable[[], None] | None,
        quiet: bool,
    ) -> tuple[Outcome, Way | None]:
        """The rounds of `mine` from round `first` on: the outcome and the way that settled it
        (None: the budget ran out). A long question races (`_race`) unless `poll` is given (this
        is one side of a race already, which asks `poll` at each of the engine's polls); `quiet`
        shows no progress."""
        number, cap = first
        while True:
            if poll is None and cap >= RACE_CAP and self._may_race(mine):
                return self._race(mine, (number, cap))
            for way in mine:
                if not way.plays(number):
                    continue
                outcome = self._turn(way, cap, poll, quiet)
                if not outcome.unknown:
                    if outcome.refuted or self.finds_teach:
                        self.run.favourite = way.order
                    if poll is None:  # (a race's outcome is logged by `_race`)
                        self.run.settled.append((way.name, 0))
                    return outcome, way
                if self.budget.spent():
                    return UNKNOWN, None
            number, cap = number + 1, 2 * cap

    def _turn(self, way: Way, cap: int, poll: Callable[[], None] | None, quiet: bool) -> Outcome:
        """One turn of `way` with the round's node cap (larger for the favourite and for a
        compiled sweep), its effort counted."""
        packing, stats = self.packing, Stats()
        turn_cap = cap * FAVOURITE_CAP if way is self.favourite else cap
        if way.choose == "sweep" and packing.sweeps is not None:
            turn_cap *= SWEEP_SHARE
        report = _polled(None if quiet else _so_far(self.progress, self.total), poll)
        outcome = packing.complete(
            self.givens,
            way.prefer,
            stats,
            self.budget,
            report,
            way.choose,
            turn_cap,
            way.sweep,
            self.floors,
        )
        _count(stats, self.total, self.counters)
        return outcome

    def _may_race(self, mine: Sequence[Way]) -> bool:
        """Whether the rest of the rounds of `mine` may race
        (`fillit.solver.questions.race.can_race`)."""
        staying = sum(way.leaves is None for way in mine)
        return can_race(self.run.jobs, self.budget.nodes, staying)

    def _race(self, mine: Sequence[Way], first: Round) -> tuple[Outcome, Way | None]:
        """The rest of the rounds of `mine` from round `first` on, raced on two processes: the
        child takes the ways that never leave but the first, this process the others; each plays
        them from `first` on (`_Rest`). The outcome is logged, with the way and core that
        settled it; the child's nodes are counted and its way made the favourite as it would
        have been on one core."""
        theirs = [way for way in mine if way.leaves is None][1:]
        ours = [way for way in mine if all(way is not other for other in theirs)]
        won: Won[Way] = race(self.packing, _Rest(self, first), ours, theirs)
        if won.way is None:
            return won.outcome, None
        self.run.raced.append((won.way.name, won.core))
        self.run.settled.append((won.way.name, won.core))
        if won.core == 1:
            self.total.nodes += won.nodes
            if self.counters is not None:
                self.counters.nodes += won.nodes
            if won.outcome.refuted or self.finds_teach:
                self.run.favourite = won.way.order
        return won.outcome, won.way


class _Rest:
    """What each side of a race plays (`fillit.solver.questions.race.Side`): the rest of a
    question's rounds from round `first` on, with the ways that side was given. Both sides start
    from the round where the race began; this process, left alone when the child ends without an
    answer, starts from it again."""

    __slots__ = ("question", "first")

    def __init__(self, question: _Question, first: Round) -> None:
        self.question = question
        self.first = first

    def play(
        self, ways: Sequence[Way], poll: Callable[[], None] | None, quiet: bool
    ) -> tuple[Outcome, Way | None]:
        """`_Question.play` of `ways` from round `first`."""
        return self.question.play(ways, self.first, poll, quiet)

    def nodes(self) -> int:
        """The nodes of the question's turns so far, in this process."""
        return self.question.total.nodes


def _polled(report: Progress | None, poll: Callable[[], None] | None) -> Progress | None:
    """`report`, asking `poll` first at each of the engine's polls (when `poll` is given)."""
    if poll is None:
        return report

    def polled(size: int, stats: Stats) -> None:
        poll()
        if report is not None:
            report(size, stats)

    return polled


def _count(stats: Stats, total: Stats, counters: CanonicalStats | None) -> None:
    """Add one turn's effort to `total` (and to `counters`, as one oracle call)."""
    total.nodes += stats.nodes
    total.updates += stats.updates
    total.seconds += stats.seconds
    if counters is not None:
        counters.oracle_calls += 1
        counters.add(stats)


def _favourite(favourite: Order | None, ways: Sequence[Way]) -> Way | None:
    """The first of `ways` in the `favourite` order, not led by a packing's options."""
    for way in ways:
        if not way.prefer and way.order == favourite:
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
